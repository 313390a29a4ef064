"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { regenerateRecoveryCodesAction, removeFactorAction } from "@/app/(console)/operator/security/actions";
import { securityCopy } from "@/components/copy/security";
import { EnrolFactor } from "./enrol-factor";
import { RecoveryCodes } from "./recovery-codes";

const copy = securityCopy.manage;

type Factors = {
  passkeys: { id: string; name: string; createdAt: string; lastUsedAt: string | null }[];
  totp: boolean;
  recoveryCodesLeft: number;
};

/** The operator's factors with their actions, and the forms to add one. */
export function FactorList({ factors }: { factors: Factors }) {
  const router = useRouter();
  const [error, setError] = useState<string>();
  const [codes, setCodes] = useState<string[]>();

  const remove = async (factor: { kind: "passkey"; id: string } | { kind: "totp" }) => {
    const result = await removeFactorAction(factor);
    setError(result.ok ? undefined : result.error);
    router.refresh();
  };
  const regenerate = async () => {
    const result = await regenerateRecoveryCodesAction();
    if (result.ok) setCodes(result.value);
    else setError(result.error);
    router.refresh();
  };

  return (
    <>
      <section className="card">
        <h2>{copy.passkeys}</h2>
        {factors.passkeys.length === 0 ? <p>{copy.noPasskeys}</p> : null}
        <ul>
          {factors.passkeys.map((p) => (
            <li key={p.id}>
              {p.name} — {copy.added} {p.createdAt.slice(0, 10)},{" "}
              {p.lastUsedAt ? `${copy.lastUsed} ${p.lastUsedAt.slice(0, 10)}` : copy.never}{" "}
              <button className="secondary" type="button" onClick={() => void remove({ kind: "passkey", id: p.id })}>
                {copy.remove} {p.name}
              </button>
            </li>
          ))}
        </ul>
        <h2>{copy.totp}</h2>
        <p>
          {factors.totp ? copy.totpOn : copy.totpOff}{" "}
          {factors.totp ? (
            <button className="secondary" type="button" onClick={() => void remove({ kind: "totp" })}>
              {copy.remove} {copy.totp.toLowerCase()}
            </button>
          ) : null}
        </p>
        <h2>{copy.recoveryCodes}</h2>
        <p>
          {copy.recoveryLeft(factors.recoveryCodesLeft)}{" "}
          <button className="secondary" type="button" onClick={() => void regenerate()}>
            {copy.regenerate}
          </button>
        </p>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </section>
      {codes ? <RecoveryCodes codes={codes} /> : null}
      <EnrolFactor totpAvailable={!factors.totp} />
    </>
  );
}
