import { z } from "zod";
import { MAX_NAME, tooLong } from "../../limits.ts";
import { LIST_SOURCES } from "../list-entry.ts";

const fileName = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(MAX_NAME, tooLong(MAX_NAME))
  .refine((value) => !/[\u0000-\u001f\u007f-\u009f]/.test(value), "must not contain control characters");

export const listSource = z.enum(LIST_SOURCES, "must be eu, un, ofac or uk");

/** `POST /admin/screening/lists`: the file is the body; the list may be named, else it is recognised. */
export const uploadListQuery = z.object({ list: listSource.optional(), name: fileName.optional() });

export const listParams = z.object({ source: listSource });

/** `?page=` of a numbered list: a whole number from 1, the first page when absent. */
export const pageNumber = z
  .string()
  .max(6, { error: "must be a whole number from 1", abort: true })
  .regex(/^[1-9][0-9]*$/, "must be a whole number from 1")
  .transform(Number)
  .default(1);

export const CHANGE_KINDS = ["added", "changed", "removed"] as const;
export const versionChangesQuery = z.object({
  change: z.enum(CHANGE_KINDS, "must be added, changed or removed").optional(),
  page: pageNumber,
});
export type VersionChangesQuery = z.output<typeof versionChangesQuery>;
