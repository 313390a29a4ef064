import { z } from "zod";
import { MAX_TEXT, tooLong } from "../../limits.ts";
import { pageNumber } from "../lists/lists.schemas.ts";

export const CASE_STATES = ["open", "cleared", "confirmed"] as const;
/** A potential sanctions hit, or a monitoring alert. */
export const CASE_KINDS = ["screening", "monitoring"] as const;

export const listCasesQuery = z.object({
  state: z.enum(CASE_STATES, "must be open, cleared or confirmed").default("open"),
  kind: z.enum(CASE_KINDS, "must be screening or monitoring").optional(),
  page: pageNumber,
});
export type ListCasesQuery = z.output<typeof listCasesQuery>;

/** Clearing, confirming or unfreezing: always with the officer's reason, kept with the case and in the audit log. */
export const caseDecisionSchema = z.object({
  reason: z.string().trim().min(1, "is required").max(MAX_TEXT, tooLong(MAX_TEXT)),
});
