"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { Fragment, useState } from "react";
import { releasePaymentFileAction, runPaymentRunAction } from "@/app/(console)/operator/bank/actions";
import { bankCopy } from "@/components/copy/bank";
import { TableScroll } from "@/components/layout/table-scroll";
import { formatWhen } from "@/components/operator/format";
import type { BankFileView } from "@/server/bank/operator/bank-operator.responses";
import { money } from "./format";

const text = bankCopy.payments;
const COLUMNS = 6;

type Notice = { kind: "status" | "error"; text: string };

const numberOf = (value: unknown) => (typeof value === "number" || typeof value === "string" ? String(value) : "—");

/**
 * Payment files with their state, number of payments and control sum: each downloadable, a written one released
 * after a confirmation. "Create payment file now" writes one with every payout waiting instead of at the next run.
 */
export function PaymentFiles({
  files,
  waiting,
  currency,
}: {
  files: BankFileView[];
  waiting: number;
  currency: string;
}) {
  const router = useRouter();
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [released, setReleased] = useState<Record<string, BankFileView>>({});

  const failed = (result: { error?: string; fields?: Record<string, string> }) =>
    setNotice({ kind: "error", text: result.error ?? Object.values(result.fields ?? {}).join(" ") });

  const run = async () => {
    setBusy(true);
    try {
      const result = await runPaymentRunAction();
      if (!result.ok) return failed(result);
      setNotice({ kind: "status", text: result.value.length > 0 ? text.ran : text.nothingToRun });
      router.refresh();
    } finally {
      setBusy(false);
    }
  };

  const release = async (file: BankFileView) => {
    setBusy(true);
    try {
      const result = await releasePaymentFileAction({ fileId: file.id });
      if (!result.ok) return failed(result);
      setReleased((current) => ({ ...current, [file.id]: result.value }));
      setConfirming(null);
      setNotice({ kind: "status", text: text.released(file.name) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <div className="card bank-tools">
        <p>{text.waiting(waiting)}</p>
        <button type="button" className="primary" disabled={busy} onClick={() => void run()}>
          {busy ? text.busy : text.runNow}
        </button>
      </div>
      <div aria-live="polite">
        {notice ? (
          <p
            className={notice.kind === "error" ? "form-error" : "notice"}
            role={notice.kind === "error" ? "alert" : "status"}
          >
            {notice.text}
          </p>
        ) : null}
      </div>
      {files.length === 0 ? (
        <p className="card empty">{text.empty}</p>
      ) : (
        <TableScroll label={text.caption}>
          <table className="data-table bank-table">
            <caption className="visually-hidden">{text.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.columns.name}</th>
                <th scope="col">{text.columns.state}</th>
                <th scope="col" className="num">
                  {text.columns.nbOfTxs}
                </th>
                <th scope="col" className="num">
                  {text.columns.ctrlSum}
                </th>
                <th scope="col">{text.columns.createdAt}</th>
                <th scope="col">{text.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {files.map((listed) => {
                const file = released[listed.id] ?? listed;
                const ctrlSum = file.summary.ctrlSum;
                return (
                  <Fragment key={file.id}>
                    <tr>
                      <td>
                        <Link href={`/operator/bank/files/${file.id}`}>{file.name}</Link>
                        <p className="muted">{file.message}</p>
                      </td>
                      <td>
                        <span className={file.state === "written" ? "badge wait" : "badge good"}>
                          {bankCopy.fileStates[file.state] ?? file.state}
                        </span>
                      </td>
                      <td className="num">{numberOf(file.summary.nbOfTxs)}</td>
                      <td className="num">
                        {typeof ctrlSum === "string" ? money(ctrlSum, currency) : numberOf(ctrlSum)}
                      </td>
                      <td className="when">
                        <time dateTime={file.createdAt}>{formatWhen(file.createdAt)}</time>
                      </td>
                      <td>
                        <div className="row-actions">
                          <a
                            href={`/api/admin/bank/files/${file.id}/content`}
                            download
                            aria-label={bankCopy.downloadNamed(file.name)}
                          >
                            {bankCopy.download}
                          </a>
                          {file.state === "written" && confirming !== file.id ? (
                            <button type="button" disabled={busy} onClick={() => setConfirming(file.id)}>
                              {text.release}
                            </button>
                          ) : null}
                        </div>
                      </td>
                    </tr>
                    {confirming === file.id ? (
                      <tr className="row-panel">
                        <td colSpan={COLUMNS}>
                          <div className="confirm" role="group" aria-label={text.confirmRelease(file.name)}>
                            <p>{text.confirmRelease(file.name)}</p>
                            <button
                              type="button"
                              className="primary"
                              disabled={busy}
                              onClick={() => void release(file)}
                            >
                              {busy ? text.busy : text.confirm}
                            </button>
                            <button type="button" disabled={busy} onClick={() => setConfirming(null)}>
                              {text.cancel}
                            </button>
                          </div>
                        </td>
                      </tr>
                    ) : null}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </>
  );
}
