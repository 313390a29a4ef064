"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { resendEmailCodeAction, verifyEmailAction } from "@/app/(onboarding)/actions";
import { account as accountCopy } from "@/components/copy/account";
import { Field } from "./field";
import { FormSubmit } from "./form-submit";

/**
 * After signing up: the code from the mail, typed here, verifies the address and signs the person in with the
 * password they just chose (kept in this page's memory only). A new code can be asked for.
 */
export function EmailCodeForm(props: { ticket: string; email: string; password: string; next: string }) {
  const text = accountCopy.verify;
  const [codeError, setCodeError] = useState<string>();
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [before, email, after] = text.sent(props.email);
  // The form replaces the sign-up form the person just sent: the code field takes the focus it had.
  const codeInput = useRef<HTMLInputElement>(null);
  useEffect(() => codeInput.current?.focus(), []);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = new FormData(event.currentTarget).get("code");
    setSubmitting(true);
    setNotice(undefined);
    try {
      const result = await verifyEmailAction({
        ticket: props.ticket,
        code: typeof code === "string" ? code : "",
        password: props.password,
        next: props.next,
      });
      setCodeError(result.fields?.code);
      setError(result.error);
    } finally {
      setSubmitting(false);
    }
  };

  const resend = async () => {
    setSubmitting(true);
    try {
      const result = await resendEmailCodeAction({ ticket: props.ticket });
      setCodeError(undefined);
      setError(result.error);
      setNotice(result.sent ? text.resent : undefined);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <section className="card" aria-labelledby="verify-heading">
      <h2 id="verify-heading">{text.heading}</h2>
      <p role="status">
        {before}
        <strong>{email}</strong>
        {after}
      </p>
      <p className="muted">{text.note}</p>
      <form method="post" onSubmit={(e) => void onSubmit(e)} noValidate>
        <Field id="code" label={text.code} error={codeError}>
          <input
            ref={codeInput}
            id="code"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-invalid={!!codeError}
          />
        </Field>
        <FormSubmit error={error} submitting={submitting} label={text.submit} busyLabel={accountCopy.busy} />
      </form>
      {notice ? <p className="notice">{notice}</p> : null}
      <button type="button" className="link-button" disabled={submitting} onClick={() => void resend()}>
        {text.resend}
      </button>
    </section>
  );
}
