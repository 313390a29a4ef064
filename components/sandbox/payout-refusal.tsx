"use client";

import { useState } from "react";
import Link from "next/link";
import { refusePayoutAction, sendStatementAction } from "@/app/(console)/sandbox/actions";
import { sandboxCopy } from "@/components/copy/sandbox";
import { Field } from "@/components/onboarding/field";
import { useHydrated } from "@/components/onboarding/use-hydrated";
import { LongValue } from "@/components/layout/long-value";
import type { SentStatementView } from "@/server/sandbox/payout-simulation";
import type { SandboxPayoutView } from "@/server/sandbox/payout-simulation.responses";

type Errors = { orderId?: string; reason?: string; root?: string };

/** The simulated bank rejects or returns a redeem's payout (through bank files the importer imports). */
export function PayoutRefusal() {
  const text = sandboxCopy.payout;
  const hydrated = useHydrated();
  const [orderId, setOrderId] = useState("");
  const [reason, setReason] = useState("AC04");
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Errors>({});
  const [payout, setPayout] = useState<SandboxPayoutView>();
  const [statement, setStatement] = useState<SentStatementView>();
  const [statementError, setStatementError] = useState<string>();

  async function sendStatement() {
    setBusy(true);
    setStatement(undefined);
    setStatementError(undefined);
    try {
      const result = await sendStatementAction();
      if (result.ok) setStatement(result.ok);
      else setStatementError(result.error ?? Object.values(result.fields ?? {})[0]);
    } finally {
      setBusy(false);
    }
  }

  async function refuse(action: "reject" | "return") {
    setBusy(true);
    setErrors({});
    setPayout(undefined);
    try {
      const result = await refusePayoutAction({ orderId, action, reason });
      const fields = result.fields ?? {};
      const known: Errors = { orderId: fields.orderId, reason: fields.reason };
      const other = Object.entries(fields)
        .filter(([field]) => field !== "orderId" && field !== "reason")
        .map(([, message]) => message);
      setErrors({ ...known, root: result.error ?? other[0] });
      if (result.ok) setPayout(result.ok);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="payout-heading">
      <h2 id="payout-heading">{text.heading}</h2>
      <p className="muted">{text.explain}</p>
      <form method="post" onSubmit={(e) => e.preventDefault()} noValidate>
        <Field id="payout-order" label={text.orderId} error={errors.orderId}>
          <input
            id="payout-order"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={!!errors.orderId}
            value={orderId}
            onChange={(e) => setOrderId(e.target.value)}
          />
        </Field>
        <Field id="payout-reason" label={text.reason} error={errors.reason}>
          <input
            id="payout-reason"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={!!errors.reason}
            aria-describedby="payout-reason-hint"
            value={reason}
            onChange={(e) => setReason(e.target.value.toUpperCase())}
          />
          <small id="payout-reason-hint" className="hint">
            {text.reasonHint}
          </small>
        </Field>
        {errors.root ? (
          <p className="form-error" role="alert">
            {errors.root}
          </p>
        ) : null}
        <div className="field-row">
          <button type="button" disabled={busy || !hydrated} onClick={() => void refuse("reject")}>
            {busy ? text.busy : text.reject}
          </button>
          <button type="button" disabled={busy || !hydrated} onClick={() => void refuse("return")}>
            {busy ? text.busy : text.return}
          </button>
        </div>
      </form>
      {payout ? (
        <div className="simulator-result" role="status" aria-labelledby="payout-result-heading">
          <h3 id="payout-result-heading">{text.resultHeading}</h3>
          <dl className="facts">
            <dt>{text.facts.state}</dt>
            <dd>
              <span className="badge bad">{payout.state}</span>
            </dd>
            <dt>{text.facts.reason}</dt>
            <dd>{payout.reasonCode ?? "—"}</dd>
            {payout.reissueOrder ? (
              <>
                <dt>{text.facts.reissue}</dt>
                <dd>
                  <LongValue value={payout.reissueOrder} label={text.facts.reissue} />
                </dd>
              </>
            ) : null}
          </dl>
        </div>
      ) : null}
      <p className="muted">{text.statementExplain}</p>
      {statementError ? (
        <p className="form-error" role="alert">
          {statementError}
        </p>
      ) : null}
      <button type="button" disabled={busy || !hydrated} onClick={() => void sendStatement()}>
        {text.statement}
      </button>
      {statement ? (
        <p role="status">
          {text.statementSent(statement.entries, statement.duplicate)}{" "}
          <Link href={`/operator/bank/files/${statement.fileId}`}>{text.statementLink}</Link>
        </p>
      ) : null}
    </section>
  );
}
