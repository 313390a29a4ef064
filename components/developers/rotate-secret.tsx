"use client";

import { useState } from "react";
import { rotateSecretAction } from "@/app/(console)/developers/actions";
import { developersCopy } from "@/components/copy/developers";
import { SecretOnce } from "./secret-once";

/** Rotating the client secret, after a confirmation; the new secret is shown this once. */
export function RotateSecret(props: { applicationId: string }) {
  const text = developersCopy.settings;
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<string>();

  const rotate = async () => {
    setBusy(true);
    setError(undefined);
    const result = await rotateSecretAction(props.applicationId);
    setBusy(false);
    setConfirming(false);
    if (result.ok) setSecret(result.value);
    else setError(result.error ?? "");
  };

  return (
    <section className="card" aria-labelledby="secret-heading">
      <h2 id="secret-heading">{text.secretHeading}</h2>
      <p>{text.secretExplained}</p>
      {secret ? (
        <SecretOnce id="new-secret" label={text.newSecret} value={secret} warning={developersCopy.registered.once} />
      ) : null}
      {confirming ? (
        <div className="confirm" role="alertdialog" aria-labelledby="rotate-confirm">
          <p id="rotate-confirm">{text.rotateConfirm}</p>
          <div className="actions">
            <button type="button" className="danger" disabled={busy} onClick={() => void rotate()}>
              {busy ? text.rotating : text.rotateYes}
            </button>
            <button type="button" disabled={busy} onClick={() => setConfirming(false)}>
              {text.cancel}
            </button>
          </div>
        </div>
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          {text.rotate}
        </button>
      )}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
