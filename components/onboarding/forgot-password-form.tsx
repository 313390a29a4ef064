"use client";

import { useState, type FormEvent } from "react";
import { account as accountCopy } from "@/components/copy/account";
import { checkCredentials } from "./account-rules";
import { Field } from "./field";
import { FormSubmit } from "./form-submit";

/** Asks for a reset link. The answer never says whether the address has an account. */
export function ForgotPasswordForm() {
  const text = accountCopy.forgot;
  const [emailError, setEmailError] = useState<string>();
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = new FormData(event.currentTarget).get("email");
    const email = typeof value === "string" ? value : "";
    const checked = checkCredentials("login", { email, password: "-" });
    if (!checked.ok && checked.messages.email) {
      setEmailError(checked.messages.email);
      return;
    }
    setEmailError(undefined);
    setSubmitting(true);
    try {
      const res = await fetch("/forgot-password/send", { method: "POST", body: new URLSearchParams({ email }) });
      const body = (await res.json().catch(() => ({}))) as { message?: string; errors?: Record<string, string> };
      setEmailError(body.errors?.email);
      setError(res.ok || body.errors ? undefined : (body.message ?? text.failed));
      setSent(res.ok);
    } finally {
      setSubmitting(false);
    }
  };

  if (sent) {
    return (
      <p className="card" role="status">
        {text.sent}
      </p>
    );
  }
  return (
    <form className="card" method="post" onSubmit={(e) => void onSubmit(e)} noValidate>
      <p>{text.intro}</p>
      <Field id="email" label={accountCopy.email} error={emailError}>
        <input id="email" name="email" type="email" autoComplete="email" aria-invalid={!!emailError} />
      </Field>
      <FormSubmit error={error} submitting={submitting} label={text.submit} busyLabel={accountCopy.busy} />
    </form>
  );
}
