"use client";

import { useState, type FormEvent } from "react";
import { acceptInvitationAction } from "@/app/(onboarding)/second-factor-actions";
import { securityCopy } from "@/components/copy/security";
import { Field } from "@/components/onboarding/field";
import { FormSubmit } from "@/components/onboarding/form-submit";

const copy = securityCopy.invitation;

/** Accepting an operator invitation: name and password for a new account, or one click for a signed-in one. */
export function InvitationForm(props: {
  token: string;
  mode: "new" | "existing";
  email: string;
  signInHref: string;
  signedInAsInvitee: boolean;
}) {
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => {
      const entry = data.get(name);
      return typeof entry === "string" ? entry : "";
    };
    if (props.mode === "new" && value("password") !== value("repeat")) {
      setFields({ repeat: copy.differ });
      return;
    }
    setSubmitting(true);
    try {
      const result = await acceptInvitationAction(
        props.mode === "new"
          ? { token: props.token, name: value("name"), password: value("password") }
          : { token: props.token },
      );
      setFields(result.fields ?? {});
      setError(result.error);
    } finally {
      setSubmitting(false);
    }
  };

  if (props.mode === "existing" && !props.signedInAsInvitee) {
    return (
      <div className="card">
        <p>{copy.signInFirst(props.email)}</p>
        <a className="button primary" href={props.signInHref}>
          {copy.signIn}
        </a>
      </div>
    );
  }
  return (
    <form className="card" method="post" onSubmit={(e) => void onSubmit(e)} noValidate>
      {props.mode === "new" ? (
        <>
          <Field id="name" label={copy.name} error={fields.name}>
            <input id="name" name="name" autoComplete="name" maxLength={100} />
          </Field>
          <Field id="password" label={copy.password} error={fields.password}>
            <input id="password" name="password" type="password" autoComplete="new-password" />
          </Field>
          <Field id="repeat" label={copy.repeat} error={fields.repeat}>
            <input id="repeat" name="repeat" type="password" autoComplete="new-password" />
          </Field>
        </>
      ) : null}
      <FormSubmit error={error} submitting={submitting} label={props.mode === "new" ? copy.submit : copy.accept} />
    </form>
  );
}
