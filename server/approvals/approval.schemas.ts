import { z } from "zod";
import { MAX_TEXT } from "../limits.ts";

export const decideApprovalSchema = z.object({
  decision: z.enum(["approve", "reject"], "must be approve or reject"),
  note: z.string().trim().max(MAX_TEXT).optional(),
});

export const listApprovalsQuery = z.object({
  state: z.enum(["pending", "approved", "rejected"], "must be pending, approved or rejected").optional(),
});
