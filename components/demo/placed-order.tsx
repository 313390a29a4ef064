"use client";

import { demo as demoCopy } from "@/components/copy/demo";
import { isOpen, type Order } from "./api-types";
import { useApiQuery } from "./demo-context";
import { counterpartOf, ORDER_POLL_MS, OrderState } from "./orders-card";
import { LongValue } from "@/components/layout/long-value";

/** The order just placed, as `GET /orders/{id}` reports it, asked again until it is processed or rejected. */
export function PlacedOrder(props: { order: Order; message: string }) {
  const text = demoCopy.redeem;
  const query = useApiQuery<Order>(["order", props.order.id], `/orders/${props.order.id}`, {
    initialData: props.order,
    refetchInterval: (q) => (q.state.data && isOpen(q.state.data) ? ORDER_POLL_MS : false),
  });
  const order = query.data ?? props.order;
  return (
    <div className="demo-placed" role="status" aria-labelledby="demo-placed-heading" data-testid="demo-placed">
      <h3 id="demo-placed-heading">{text.placedHeading}</h3>
      <p>
        {text.placedSummary(order.amount, counterpartOf(order))} <OrderState order={order} />
      </p>
      {order.meta.rejectedReason ? <p className="form-error">{order.meta.rejectedReason}</p> : null}
      <p className="muted">
        {text.message}: <LongValue value={props.message} label={text.messageLabel} />
      </p>
    </div>
  );
}
