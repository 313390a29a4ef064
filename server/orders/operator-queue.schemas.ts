import { z } from "zod";
import { UUID_PATTERN } from "../ids.ts";
import { ORDER_KINDS, ORDER_STATES } from "./order.schemas.ts";
import { MAX_ID, tooLong } from "../limits.ts";

/*
 * The operator's order queue as the console asks for it, and the operator's rejection. No I/O, so the screens reuse
 * them (the reject form checks its reason with the same schema the server action does).
 */

/** `awaiting`: signed redeem orders no one has started to process; `open`: every placed or pending order. */
export const QUEUE_FILTERS = ["awaiting", "open", ...ORDER_STATES, "all"] as const;
export type QueueFilter = (typeof QUEUE_FILTERS)[number];

export const QUEUE_PAGE_SIZE = 25;

export const operatorQueueQuery = z.object({
  filter: z.enum(QUEUE_FILTERS, `must be one of ${QUEUE_FILTERS.join(", ")}`).default("awaiting"),
  kind: z.enum(ORDER_KINDS, `must be one of ${ORDER_KINDS.join(", ")}`).optional(),
  profile: z
    .string()
    .max(MAX_ID, tooLong(MAX_ID))
    .trim()
    .toLowerCase()
    .regex(UUID_PATTERN, "must be a profile id (a UUID)")
    .optional(),
  sort: z.enum(["oldest", "newest"], "must be oldest or newest").default("oldest"),
  cursor: z.string().min(1).max(MAX_ID, tooLong(MAX_ID)).optional(),
});
export type OperatorQueueQuery = z.output<typeof operatorQueueQuery>;

export const operatorRejectSchema = z.object({
  reason: z.string("Reason missing").trim().min(1, "Reason missing").max(500, tooLong(500)),
});
