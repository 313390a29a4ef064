"use client";

import { startRegistration, type PublicKeyCredentialCreationOptionsJSON } from "@simplewebauthn/browser";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import {
  confirmTotpAction,
  continueAfterEnrolmentAction,
  type Enrolled,
  passkeyRegistrationAction,
  passkeyRegistrationOptionsAction,
  startTotpAction,
} from "@/app/(onboarding)/second-factor-actions";
import { securityCopy } from "@/components/copy/security";
import { Field } from "@/components/onboarding/field";
import { FormSubmit } from "@/components/onboarding/form-submit";
import { RecoveryCodes } from "./recovery-codes";

const copy = securityCopy.enrol;

type Totp = { secret: string; qrCode: string };

/**
 * Adds a passkey or an authenticator app. The first factor brings the recovery codes, shown once; then the person
 * continues to `next` (at sign-in), or the page shows the new factor (`next` absent: the console's security page).
 */
export function EnrolFactor({ next, totpAvailable = true }: { next?: string; totpAvailable?: boolean }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [totp, setTotp] = useState<Totp>();
  const [codeError, setCodeError] = useState<string>();
  const [enrolled, setEnrolled] = useState<Enrolled>();

  const done = async (result: Enrolled) => {
    if (result.recoveryCodes) return setEnrolled(result);
    setTotp(undefined);
    if (result.ticket) {
      const answer = await continueAfterEnrolmentAction({
        ticket: result.ticket,
        next: next ?? window.location.pathname,
      });
      if (answer.error) setError(answer.error);
      return;
    }
    if (next) router.push(next);
    else router.refresh();
  };

  const addPasskey = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = new FormData(event.currentTarget).get("name");
    setBusy(true);
    setError(undefined);
    try {
      const options = await passkeyRegistrationOptionsAction();
      if (!options.ok) return setError(options.error ?? copy.passkeyFailed);
      const response = await startRegistration({ optionsJSON: options.ok as PublicKeyCredentialCreationOptionsJSON });
      const result = await passkeyRegistrationAction({ response, name: typeof name === "string" ? name : "" });
      if (!result.ok) return setError(result.error ?? result.fields?.name ?? copy.passkeyFailed);
      await done(result.ok);
    } catch {
      setError(copy.passkeyFailed);
    } finally {
      setBusy(false);
    }
  };

  const beginTotp = async () => {
    setError(undefined);
    const result = await startTotpAction();
    if (result.ok) setTotp(result.ok);
    else setError(result.error);
  };

  const confirmTotp = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = new FormData(event.currentTarget).get("code");
    setBusy(true);
    try {
      const result = await confirmTotpAction({ code: typeof code === "string" ? code : "" });
      setCodeError(result.fields?.code);
      setError(result.error);
      if (result.ok) await done(result.ok);
    } finally {
      setBusy(false);
    }
  };

  if (enrolled?.recoveryCodes) {
    return (
      <>
        <RecoveryCodes codes={enrolled.recoveryCodes} />
        <button
          className="primary"
          type="button"
          onClick={() => {
            setEnrolled(undefined);
            void done({ ticket: enrolled.ticket });
          }}
        >
          {securityCopy.recovery.continue}
        </button>
      </>
    );
  }

  return (
    <>
      <form className="card" method="post" onSubmit={(e) => void addPasskey(e)} noValidate>
        <Field id="passkey-name" label={copy.passkeyName}>
          <input id="passkey-name" name="name" maxLength={60} placeholder={copy.passkeyNamePlaceholder} />
        </Field>
        <FormSubmit submitting={busy && !totp} label={copy.addPasskey} busyLabel={copy.passkeyBusy} />
      </form>
      {totpAvailable ? (
        totp ? (
          <form className="card" method="post" onSubmit={(e) => void confirmTotp(e)} noValidate>
            <p>{copy.totpScan}</p>
            {/* A data URL made on the server from the otpauth:// URI: nothing leaves for a QR service. */}
            {/* eslint-disable-next-line @next/next/no-img-element */}
            <img src={totp.qrCode} alt="QR code of the authenticator key" width={220} height={220} />
            <p>
              {copy.totpKey}: <code data-testid="totp-secret">{totp.secret}</code>
            </p>
            <Field id="totp-confirm" label={copy.totpConfirmLabel} error={codeError}>
              <input id="totp-confirm" name="code" autoComplete="one-time-code" inputMode="numeric" />
            </Field>
            <FormSubmit submitting={busy} label={copy.totpConfirm} />
          </form>
        ) : (
          <p>
            <button className="secondary" type="button" onClick={() => void beginTotp()}>
              {copy.addTotp}
            </button>
          </p>
        )
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
