"use client";

import Link from "next/link";
import { Fragment, useState } from "react";
import { processOrderAction } from "@/app/(console)/operator/orders/actions";
import { operatorCopy } from "@/components/copy/operator";
import type { OperatorOrder } from "@/server/orders/operate-orders";
import type { CounterpartView, OrderView } from "@/server/orders/order-view";
import { displayAmount } from "@/server/money/display";
import { formatWhen } from "./format";
import { RejectOrderForm } from "./reject-order-form";
import { LongValue } from "@/components/layout/long-value";
import { TableScroll } from "@/components/layout/table-scroll";
import { ColumnHeads } from "@/components/console/column-heads";

const text = operatorCopy.orders;
const COLUMNS = 9;

type Panel = { orderId: string; mode: "process" | "reject" };
type Notice = { kind: "status" | "error"; text: string };

const badgeClass = (state: OrderView["state"]) =>
  state === "processed" ? "badge good" : state === "rejected" ? "badge bad" : "badge wait";

/** Who is paid or pays, then the IBAN or the address and its chain. */
function Counterpart({ counterpart }: { counterpart: CounterpartView }) {
  const { identifier, details } = counterpart;
  const who = details.companyName ?? details.name ?? [details.firstName, details.lastName].filter(Boolean).join(" ");
  return (
    <>
      {who ? `${who} · ` : null}
      {identifier.standard === "iban" ? (
        <>
          {text.iban} <LongValue value={identifier.iban} label={text.iban} />
        </>
      ) : (
        <>
          <LongValue value={identifier.address} label={text.address} /> {text.on(identifier.chain)}
        </>
      )}
    </>
  );
}

/**
 * The operator's order table. Processing asks for confirmation first; rejecting asks for a reason. The outcome
 * shows at once in the order's row (it stays in the list until the page is loaded again) and in a status line.
 */
export function OrdersQueue({ orders, awaiting = [] }: { orders: OperatorOrder[]; awaiting?: string[] }) {
  const [settled, setSettled] = useState<Record<string, OrderView>>({});
  const [waiting, setWaiting] = useState<string[]>(awaiting);
  const [panel, setPanel] = useState<Panel | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  const finish = (order: OrderView) => {
    setSettled((current) => ({ ...current, [order.id]: order }));
    setPanel(null);
    setNotice({
      kind: "status",
      text: order.state === "rejected" ? text.rejected(order.id) : text.processed(order.id),
    });
  };

  const process = async (orderId: string) => {
    setBusy(true);
    try {
      const result = await processOrderAction({ orderId });
      if (result.ok && "order" in result.value) finish(result.value.order);
      else if (result.ok) {
        // Four eyes: a second operator processes it by approving (Approvals).
        setWaiting((current) => [...current, orderId]);
        setPanel(null);
        setNotice({ kind: "status", text: text.awaitingApproval(orderId) });
      } else setNotice({ kind: "error", text: result.error ?? Object.values(result.fields ?? {}).join(" ") });
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
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
      <TableScroll label={text.title}>
        <table className="data-table orders-queue">
          <ColumnHeads columns={text.columns} />
          <tbody>
            {orders.map((listed) => {
              const order = settled[listed.id] ?? listed;
              const open = order.state === "placed" || order.state === "pending";
              const current = panel?.orderId === order.id ? panel : null;
              const amount = displayAmount(order.amount, order.currency);
              return (
                <Fragment key={order.id}>
                  <tr aria-label={text.rowLabel(order.id)}>
                    <td data-label={text.columns.id}>
                      <LongValue value={order.id} label={text.orderId} />
                    </td>
                    <td data-label={text.columns.profile}>
                      <LongValue value={order.profile} label={text.profileId} />
                    </td>
                    <td data-label={text.columns.kind}>{text.kinds[order.kind]}</td>
                    <td data-label={text.columns.amount} className="amount">
                      {amount}
                    </td>
                    <td data-label={text.columns.chain}>{order.chain}</td>
                    <td data-label={text.columns.counterpart}>
                      <Counterpart counterpart={order.counterpart} />
                    </td>
                    <td data-label={text.columns.placedAt}>
                      <time dateTime={order.meta.placedAt}>{formatWhen(order.meta.placedAt)}</time>
                    </td>
                    <td data-label={text.columns.state}>
                      <span className={badgeClass(order.state)}>{text.states[order.state]}</span>
                      {open && listed.awaitingSignature ? (
                        <span className="badge">{text.awaitingSignature}</span>
                      ) : null}
                      {open && waiting.includes(order.id) ? (
                        <span className="badge wait">{operatorCopy.approvals.awaiting}</span>
                      ) : null}
                      {open && listed.awaitingRelease ? (
                        <Link className="badge wait" href="/operator/bank/payments">
                          {text.awaitingRelease}
                        </Link>
                      ) : null}
                      {open && listed.mintHeld ? (
                        <Link className="badge wait" href="/operator/supply">
                          {text.mintHeld}
                        </Link>
                      ) : null}
                      {open && listed.stuck ? <span className="badge bad">{text.stuck}</span> : null}
                      {open && listed.chainError ? (
                        <p className="muted chain-error" role="note">
                          {text.chainError(listed.chainError)}
                        </p>
                      ) : null}
                      {order.meta.rejectedReason ? <p className="muted">{order.meta.rejectedReason}</p> : null}
                      {order.meta.txHashes?.map((hash) => (
                        <p key={hash} className="muted" data-tx-hash={hash}>
                          {text.transaction} <LongValue value={hash} label={text.transactionHash} short />
                        </p>
                      ))}
                    </td>
                    <td data-label={text.columns.actions}>
                      {open && !current ? (
                        <div className="row-actions">
                          <button
                            type="button"
                            disabled={busy || listed.awaitingSignature}
                            onClick={() => setPanel({ orderId: order.id, mode: "process" })}
                          >
                            {text.process}
                          </button>
                          <button
                            type="button"
                            className="danger"
                            disabled={busy}
                            onClick={() => setPanel({ orderId: order.id, mode: "reject" })}
                          >
                            {text.reject}
                          </button>
                        </div>
                      ) : null}
                    </td>
                  </tr>
                  {current ? (
                    <tr className="row-panel">
                      <td colSpan={COLUMNS}>
                        {current.mode === "process" ? (
                          <div className="confirm" role="group" aria-label={text.confirmProcess(amount, order.kind)}>
                            {listed.chainError ? <p className="muted">{text.retryAfterError}</p> : null}
                            <p>{text.confirmProcess(amount, order.kind)}</p>
                            <button
                              type="button"
                              className="primary"
                              disabled={busy}
                              onClick={() => void process(order.id)}
                            >
                              {busy ? text.busy : text.confirm}
                            </button>
                            <button type="button" disabled={busy} onClick={() => setPanel(null)}>
                              {text.cancel}
                            </button>
                          </div>
                        ) : (
                          <RejectOrderForm orderId={order.id} onRejected={finish} onCancel={() => setPanel(null)} />
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
