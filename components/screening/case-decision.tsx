"use client";

import type { OperatorResult } from "@/app/(console)/operator/as-operator";
import { useReasonedAction } from "@/components/console/use-reasoned-action";
import { screeningCopy } from "@/components/copy/screening";

const text = screeningCopy.case;

type Act = (input: unknown) => Promise<OperatorResult<string>>;

/**
 * A compliance officer's decision on an open case: the reason, then clear it (a false positive) or ask a second
 * officer to confirm it (which freezes the profile). The reason is required; the server's refusal shows beside it.
 */
export function CaseDecision(props: { caseId: string; clear: Act; confirm: Act; confirmLabel?: string }) {
  const { reason, setReason, busy, notice, run: runWith } = useReasonedAction(text.reasonRequired);
  const run = (act: Act, done: string) => runWith((reason) => act({ caseId: props.caseId, reason }), done);

  return (
    <section className="card" aria-label={text.decide}>
      <h2>{text.decide}</h2>
      <div className="field">
        <label htmlFor="case-reason">{text.reason}</label>
        <textarea
          id="case-reason"
          value={reason}
          maxLength={2000}
          aria-invalid={notice?.error ? true : undefined}
          aria-describedby={notice ? "case-notice" : undefined}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <p>
        <button type="button" disabled={busy} onClick={() => void run(props.clear, text.cleared)}>
          {text.clear}
        </button>{" "}
        <button type="button" disabled={busy} onClick={() => void run(props.confirm, text.awaiting)}>
          {props.confirmLabel ?? text.confirm}
        </button>
      </p>
      {notice ? (
        <p id="case-notice" className={notice.error ? "form-error" : "notice"} role={notice.error ? "alert" : "status"}>
          {notice.text}
        </p>
      ) : null}
    </section>
  );
}
