"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { decideApprovalAction } from "@/app/(console)/operator/approvals/actions";
import { operatorCopy } from "@/components/copy/operator";
import { TableScroll } from "@/components/layout/table-scroll";
import type { ApprovalView } from "@/server/approvals/approval.responses";
import { formatWhen } from "./format";
import { ColumnHeads } from "@/components/console/column-heads";

const text = operatorCopy.approvals;

/**
 * Actions awaiting a second operator. Whoever asked sees that a second operator decides; anyone else may approve
 * (the action runs then, as theirs) or decline with a note. The server's refusal (e.g. a role that does not cover
 * the action) shows in a status line.
 */
export function ApprovalsList({ approvals, me }: { approvals: ApprovalView[]; me: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [notes, setNotes] = useState<Record<string, string>>({});
  const [notice, setNotice] = useState<{ error: boolean; text: string } | null>(null);

  const decide = async (approvalId: string, decision: "approve" | "reject") => {
    setBusy(true);
    try {
      const result = await decideApprovalAction({ approvalId, decision, note: notes[approvalId] || undefined });
      if (result.ok) {
        setNotice({ error: false, text: result.value === "approved" ? text.approved : text.rejected });
        router.refresh();
      } else {
        setNotice({ error: true, text: result.error ?? Object.values(result.fields ?? {}).join(" ") });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div aria-live="polite">
        {notice ? (
          <p className={notice.error ? "form-error" : "notice"} role={notice.error ? "alert" : "status"}>
            {notice.text}
          </p>
        ) : null}
      </div>
      {approvals.length === 0 ? <p className="card empty">{text.empty}</p> : null}
      {approvals.length === 0 ? null : (
        <TableScroll label={text.caption}>
          <table className="data-table">
            <caption className="visually-hidden">{text.caption}</caption>
            <ColumnHeads columns={text.columns} />
            <tbody>
              {approvals.map((approval) => (
                <tr key={approval.id} aria-label={approval.summary}>
                  <td data-label={text.columns.what}>
                    <strong>{text.actions[approval.action] ?? approval.action}</strong>
                    <p>{approval.summary}</p>
                    {typeof approval.payload.reason === "string" ? (
                      <p className="muted">{approval.payload.reason}</p>
                    ) : null}
                  </td>
                  <td data-label={text.columns.asked}>{approval.requestedBy.email}</td>
                  <td data-label={text.columns.when}>
                    <time dateTime={approval.requestedAt}>{formatWhen(approval.requestedAt)}</time>
                  </td>
                  <td data-label={text.columns.decide}>
                    {approval.requestedBy.id === me ? (
                      <p className="muted">{text.yours}</p>
                    ) : (
                      <div className="field">
                        <label htmlFor={`note-${approval.id}`}>{text.noteLabel}</label>
                        <input
                          id={`note-${approval.id}`}
                          maxLength={1000}
                          value={notes[approval.id] ?? ""}
                          onChange={(e) => setNotes((current) => ({ ...current, [approval.id]: e.target.value }))}
                        />
                        <div className="row-actions">
                          <button
                            type="button"
                            className="primary"
                            disabled={busy}
                            onClick={() => void decide(approval.id, "approve")}
                          >
                            {busy ? text.busy : text.approve}
                          </button>
                          <button
                            type="button"
                            className="danger"
                            disabled={busy}
                            onClick={() => void decide(approval.id, "reject")}
                          >
                            {text.reject}
                          </button>
                        </div>
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
