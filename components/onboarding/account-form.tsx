"use client";

import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { signInAction, signUpAction, type FormResult } from "@/app/(onboarding)/actions";
import { account as accountCopy } from "@/components/copy/account";
import {
  checkCredentials,
  type AccountField,
  type AccountMode,
  type Credentials,
  type FieldMessages,
} from "./account-rules";
import { EmailCodeForm } from "./email-code-form";
import { Field } from "./field";
import { FormSubmit } from "./form-submit";

type Mode = AccountMode;
type Messages = FieldMessages & { root?: string };

const FIELDS: AccountField[] = ["email", "password"];
const isField = (name: string): name is AccountField => (FIELDS as string[]).includes(name);

function typed(form: HTMLFormElement): Credentials {
  const data = new FormData(form);
  const value = (field: AccountField) => {
    const entry = data.get(field);
    return typeof entry === "string" ? entry : "";
  };
  return { email: value("email"), password: value("password") };
}

/**
 * Sign up or log in, then continue the authorization request. Validation messages sit next to their fields: checked
 * when the form is sent (the first field in error takes the focus), then again as a field in error is edited.
 * The sign-up step's first load carries this form: it holds its few states itself, with the light rules of
 * account-rules.ts, rather than a form library and the full zod (benchmark P6).
 */
export function AccountForm(props: { next: string; email?: string; initialMode: Mode; allowSignUp?: boolean }) {
  const text = accountCopy;
  const [mode, setMode] = useState<Mode>(props.initialMode);
  const [messages, setMessages] = useState<Messages>({});
  const [submitting, setSubmitting] = useState(false);
  // After signing up: the ticket for the code the mail brings, and the password to sign in with once it is typed.
  const [pending, setPending] = useState<{ ticket: string; email: string; password: string }>();
  // Once sent, the form checks a field again on every change, so a corrected field loses its message at once.
  const sent = useRef(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    sent.current = true;
    const checked = checkCredentials(mode, typed(form));
    if (!checked.ok) {
      setMessages(checked.messages);
      const first = FIELDS.find((field) => checked.messages[field]);
      if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    setMessages({});
    setSubmitting(true);
    try {
      const result: FormResult & { ticket?: string; email?: string } =
        mode === "signup"
          ? await signUpAction(checked.values)
          : await signInAction({ ...checked.values, next: props.next });
      if (result.ticket && result.email) {
        setPending({ ticket: result.ticket, email: result.email, password: checked.values.password });
        return;
      }
      const answered: Messages = {};
      for (const [field, message] of Object.entries(result.fields ?? {})) {
        if (isField(field)) answered[field] = message;
      }
      if (result.error) answered.root = result.error;
      setMessages(answered);
    } finally {
      setSubmitting(false);
    }
  };

  const onChange = (event: ChangeEvent<HTMLFormElement>) => {
    const name = (event.target as { name?: unknown }).name;
    if (!sent.current || typeof name !== "string" || !isField(name)) return;
    const checked = checkCredentials(mode, typed(event.currentTarget));
    setMessages((now) => ({ ...now, [name]: checked.ok ? undefined : checked.messages[name] }));
  };

  const switchTo = (next: Mode) => {
    setMode(next);
    setMessages({});
  };

  if (pending) return <EmailCodeForm {...pending} next={props.next} />;

  return (
    <section className="card" aria-labelledby="account-heading">
      <div className="tabs" role="tablist" hidden={props.allowSignUp === false}>
        <button type="button" role="tab" aria-selected={mode === "signup"} onClick={() => switchTo("signup")}>
          {text.tabs.signup}
        </button>
        <button type="button" role="tab" aria-selected={mode === "login"} onClick={() => switchTo("login")}>
          {text.tabs.login}
        </button>
      </div>
      <h2 id="account-heading">{text.heading[mode]}</h2>
      <form method="post" onSubmit={(e) => void onSubmit(e)} onChange={onChange} noValidate>
        <Field id="email" label={text.email} error={messages.email}>
          <input
            id="email"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={props.email ?? ""}
            aria-invalid={!!messages.email}
          />
        </Field>
        <Field id="password" label={text.password} error={messages.password}>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete={mode === "signup" ? "new-password" : "current-password"}
            aria-invalid={!!messages.password}
          />
        </Field>
        <FormSubmit error={messages.root} submitting={submitting} label={text.submit[mode]} busyLabel={text.busy} />
      </form>
      {mode === "login" ? (
        <p>
          <a href={`/forgot-password?next=${encodeURIComponent(props.next)}`}>{text.forgotLink}</a>
        </p>
      ) : null}
    </section>
  );
}
