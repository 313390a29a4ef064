import { webhooksPortalCopy as copy } from "@/components/copy/webhooks-portal";

const TONE = { pending: "wait", delivered: "good", failed: "bad" } as const;

/** A delivery's state as a coloured badge with its word (the colour is never the only sign). */
export function DeliveryStateBadge(props: { state: "pending" | "delivered" | "failed" }) {
  return <span className={`badge ${TONE[props.state]}`}>{copy.deliveryStates[props.state]}</span>;
}
