"use client";

import { startAuthentication, type PublicKeyCredentialRequestOptionsJSON } from "@simplewebauthn/browser";
import { useState, type FormEvent } from "react";
import {
  passkeySignInAction,
  passkeySignInOptionsAction,
  recoveryCodeSignInAction,
  totpSignInAction,
} from "@/app/(onboarding)/second-factor-actions";
import { securityCopy } from "@/components/copy/security";
import { Field } from "@/components/onboarding/field";
import { FormSubmit } from "@/components/onboarding/form-submit";

const copy = securityCopy.secondStep;

type Factors = { passkeys: unknown[]; totp: boolean; recoveryCodesLeft: number };

/** A code form (TOTP or recovery code): its field's message, or the form's. */
function CodeForm(props: {
  id: string;
  label: string;
  submit: string;
  autoComplete: string;
  send: (code: string) => Promise<{ error?: string; fields?: Record<string, string> }>;
}) {
  const [error, setError] = useState<string>();
  const [root, setRoot] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = new FormData(event.currentTarget).get("code");
    setSubmitting(true);
    try {
      const result = await props.send(typeof code === "string" ? code : "");
      setError(result.fields?.code);
      setRoot(result.error);
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <form className="card" method="post" onSubmit={(e) => void onSubmit(e)} noValidate>
      <Field id={props.id} label={props.label} error={error}>
        <input id={props.id} name="code" autoComplete={props.autoComplete} spellCheck={false} />
      </Field>
      <FormSubmit error={root} submitting={submitting} label={props.submit} />
    </form>
  );
}

/** The second step: the person's passkey, their authenticator's code, or one of their recovery codes. */
export function SecondStep({ next, factors }: { next: string; factors: Factors }) {
  const [passkeyError, setPasskeyError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [recovery, setRecovery] = useState(!factors.totp && factors.passkeys.length === 0);

  const signInWithPasskey = async () => {
    setBusy(true);
    setPasskeyError(undefined);
    try {
      const options = await passkeySignInOptionsAction();
      if (!options.ok) return setPasskeyError(options.error ?? copy.passkeyFailed);
      const response = await startAuthentication({ optionsJSON: options.ok as PublicKeyCredentialRequestOptionsJSON });
      const result = await passkeySignInAction({ response, next });
      if (result.error) setPasskeyError(result.error);
    } catch {
      setPasskeyError(copy.passkeyFailed);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {factors.passkeys.length > 0 ? (
        <div className="card">
          <button className="primary" type="button" onClick={() => void signInWithPasskey()} disabled={busy}>
            {busy ? copy.passkeyBusy : copy.passkey}
          </button>
          {passkeyError ? (
            <p className="form-error" role="alert">
              {passkeyError}
            </p>
          ) : null}
        </div>
      ) : null}
      {factors.totp ? (
        <CodeForm
          id="totp-code"
          label={copy.totpLabel}
          submit={copy.totpSubmit}
          autoComplete="one-time-code"
          send={(code) => totpSignInAction({ code, next })}
        />
      ) : null}
      {recovery ? (
        <CodeForm
          id="recovery-code"
          label={copy.recoveryLabel}
          submit={copy.recoverySubmit}
          autoComplete="off"
          send={(code) => recoveryCodeSignInAction({ code, next })}
        />
      ) : factors.recoveryCodesLeft > 0 ? (
        <p>
          <button className="link" type="button" onClick={() => setRecovery(true)}>
            {copy.recoveryToggle}
          </button>
        </p>
      ) : null}
    </>
  );
}
