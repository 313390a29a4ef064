/** Event types the webhooks deliver (SPEC "Event types"). */
export type EventType = "profile.updated" | "iban.updated" | "order.created" | "order.updated";
