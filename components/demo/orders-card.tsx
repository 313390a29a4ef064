"use client";

import { demo as demoCopy } from "@/components/copy/demo";
import { isOpen, type Order } from "./api-types";
import { useApiQuery } from "./demo-context";
import { Loading, QueryError } from "./query-state";
import { LongValue } from "@/components/layout/long-value";
import { TableScroll } from "@/components/layout/table-scroll";

/** How many orders the demo lists: the latest ones (the API pages the rest). */
export const RECENT_ORDERS = 10;
/** While an order is still open its state is asked for this often. */
export const ORDER_POLL_MS = 2000;

/** `GET /orders` for the profile, newest first, polled while any order is placed or pending. */
export function OrdersCard(props: { profile: string }) {
  const text = demoCopy.orders;
  const orders = useApiQuery<{ orders: Order[] }>(
    ["orders", props.profile],
    `/orders?profile=${props.profile}&limit=${RECENT_ORDERS}`,
    { refetchInterval: (query) => (query.state.data?.orders.some(isOpen) ? ORDER_POLL_MS : false) },
  );

  return (
    <section className="card" aria-labelledby="demo-orders-heading">
      <h2 id="demo-orders-heading">{text.heading}</h2>
      {orders.isPending ? (
        <Loading label={demoCopy.account.loading} />
      ) : orders.isError ? (
        <QueryError error={orders.error} onRetry={() => void orders.refetch()} />
      ) : orders.data.orders.length === 0 ? (
        <p className="empty">{text.none}</p>
      ) : (
        <TableScroll label={text.heading} className="demo-table-scroll">
          <table className="demo-table" data-testid="demo-orders">
            <caption className="muted">{text.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{text.placedAt}</th>
                <th scope="col">{text.kind}</th>
                <th scope="col">{text.amount}</th>
                <th scope="col">{text.counterpart}</th>
                <th scope="col">{text.state}</th>
                <th scope="col">{text.transaction}</th>
              </tr>
            </thead>
            <tbody>
              {orders.data.orders.map((order) => (
                <tr key={order.id} data-order={order.id}>
                  <td>
                    <time dateTime={order.meta.placedAt}>{when(order.meta.placedAt)}</time>
                  </td>
                  <td>{text.kinds[order.kind] ?? order.kind}</td>
                  <td className="demo-amount">
                    {order.amount} {order.currency.toUpperCase()}
                  </td>
                  <td>
                    <Counterpart order={order} />
                  </td>
                  <td>
                    <OrderState order={order} />
                  </td>
                  <td>
                    {order.meta.txHashes?.length
                      ? order.meta.txHashes.map((hash) => (
                          <span key={hash} data-tx-hash={hash}>
                            <LongValue value={hash} label={text.transaction} short />
                          </span>
                        ))
                      : text.noTransaction}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}

export function OrderState(props: { order: Order }) {
  const { order } = props;
  return (
    <span className={`demo-badge demo-badge-${order.state}`} title={order.meta.rejectedReason}>
      {demoCopy.orders.states[order.state] ?? order.state}
    </span>
  );
}

/** Who the order pays or is paid by: an IBAN, or an address and its chain. */
function Counterpart({ order }: { order: Order }) {
  const id = order.counterpart.identifier;
  return id.standard === "iban" ? (
    <LongValue value={id.iban.replace(/\s+/g, "")} shown={id.iban} label={demoCopy.orders.iban} />
  ) : (
    <>
      <LongValue value={id.address} label={demoCopy.orders.address} /> {demoCopy.orders.on(id.chain)}
    </>
  );
}

export function counterpartOf(order: Order): string {
  const id = order.counterpart.identifier;
  return id.standard === "iban" ? id.iban : `${id.address} on ${id.chain}`;
}

/** Date and time to the minute, in the person's own time zone. */
function when(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}
