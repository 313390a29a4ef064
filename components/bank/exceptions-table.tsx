"use client";

import Link from "next/link";
import { Fragment, useState } from "react";
import { bankCopy } from "@/components/copy/bank";
import { LongValue } from "@/components/layout/long-value";
import { TableScroll } from "@/components/layout/table-scroll";
import { formatWhen } from "@/components/operator/format";
import type { BankEntryView } from "@/server/bank/operator/bank-operator.responses";
import { money } from "./format";
import { AssignForm, ReturnForm } from "./resolve-forms";

const text = bankCopy.exceptions;
const COLUMNS = 7;

type Panel = { entryId: string; mode: "assign" | "return" };

function Sender({ entry }: { entry: BankEntryView }) {
  return (
    <>
      {entry.debtorName ?? text.unknownSender}
      {entry.debtorIban ? (
        <p>
          <LongValue value={entry.debtorIban} label={bankCopy.iban} />
        </p>
      ) : null}
    </>
  );
}

/**
 * Exceptions, open or resolved. An open one is assigned to an IBAN (it mints) or returned to its sender with a
 * reason; the outcome shows at once in its row and in a status line, and the row offers no second resolution.
 */
export function ExceptionsTable({
  entries,
  status,
  awaiting = [],
}: {
  entries: BankEntryView[];
  status: "open" | "resolved";
  /** Entries whose return waits for a second operator (four eyes). */
  awaiting?: string[];
}) {
  const [resolved, setResolved] = useState<Record<string, BankEntryView>>({});
  const [waiting, setWaiting] = useState<string[]>(awaiting);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const finish = (entry: BankEntryView) => {
    setResolved((current) => ({ ...current, [entry.id]: entry }));
    setPanel(null);
    const amount = money(entry.amount, entry.currency);
    setNotice(entry.outcome === "returned" ? text.returned(amount) : text.assigned(amount));
  };

  return (
    <>
      <div aria-live="polite">
        {notice ? (
          <p className="notice" role="status">
            {notice}
          </p>
        ) : null}
      </div>
      <TableScroll label={text.caption(status)}>
        <table className="data-table bank-table">
          <caption className="visually-hidden">{text.caption(status)}</caption>
          <thead>
            <tr>
              <th scope="col">{text.columns.booked}</th>
              <th scope="col" className="num">
                {text.columns.amount}
              </th>
              <th scope="col">{text.columns.from}</th>
              <th scope="col">{text.columns.to}</th>
              <th scope="col">{text.columns.remittance}</th>
              <th scope="col">{text.columns.reason}</th>
              <th scope="col">{status === "open" ? text.columns.actions : text.resolvedColumns.outcome}</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((listed) => {
              const entry = resolved[listed.id] ?? listed;
              const amount = money(entry.amount, entry.currency);
              const current = panel?.entryId === entry.id ? panel : null;
              const open = entry.outcome === "unmatched";
              return (
                <Fragment key={entry.id}>
                  <tr aria-label={text.rowLabel(amount, entry.debtorName ?? text.unknownSender)}>
                    <td className="when">{entry.bookingDate ?? formatWhen(entry.createdAt)}</td>
                    <td className="num">{amount}</td>
                    <td>
                      <Sender entry={entry} />
                    </td>
                    <td>{entry.iban ? <LongValue value={entry.iban} label={bankCopy.iban} /> : bankCopy.none}</td>
                    <td>{entry.remittance ?? bankCopy.none}</td>
                    <td>{entry.problem ?? bankCopy.none}</td>
                    <td>
                      {open && waiting.includes(entry.id) ? (
                        <span className="badge wait">{text.awaitingApproval}</span>
                      ) : null}
                      {open && !current ? (
                        <div className="row-actions">
                          <button type="button" onClick={() => setPanel({ entryId: entry.id, mode: "assign" })}>
                            {text.assign}
                          </button>
                          <button
                            type="button"
                            className="danger"
                            onClick={() => setPanel({ entryId: entry.id, mode: "return" })}
                          >
                            {text.return}
                          </button>
                        </div>
                      ) : null}
                      {!open ? (
                        <>
                          <span className={entry.outcome === "assigned" ? "badge good" : "badge"}>
                            {bankCopy.outcomes[entry.outcome] ?? entry.outcome}
                          </span>
                          {entry.resolvedAt ? (
                            <p className="muted">
                              <time dateTime={entry.resolvedAt}>{formatWhen(entry.resolvedAt)}</time>
                            </p>
                          ) : null}
                          {entry.orderId ? (
                            <p>
                              <Link href={`/operator/bank/orders/${entry.orderId}`}>{bankCopy.orderLink}</Link>
                            </p>
                          ) : null}
                          {entry.payoutId ? (
                            <p className="muted">
                              {text.payout} <LongValue value={entry.payoutId} label={text.payout} short />
                            </p>
                          ) : null}
                        </>
                      ) : null}
                    </td>
                  </tr>
                  {current ? (
                    <tr className="row-panel">
                      <td colSpan={COLUMNS}>
                        {current.mode === "assign" ? (
                          <AssignForm entryId={entry.id} onResolved={finish} onCancel={() => setPanel(null)} />
                        ) : (
                          <ReturnForm
                            entryId={entry.id}
                            onResolved={finish}
                            onAwaiting={() => {
                              setWaiting((current) => [...current, entry.id]);
                              setPanel(null);
                              setNotice(text.returnAwaiting);
                            }}
                            onCancel={() => setPanel(null)}
                          />
                        )}
                      </td>
                    </tr>
                  ) : null}
                </Fragment>
              );
            })}
          </tbody>
        </table>
      </TableScroll>
    </>
  );
}
