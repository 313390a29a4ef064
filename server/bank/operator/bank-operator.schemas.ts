import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { z } from "zod";
import { MAX_IBAN, MAX_ID, MAX_NAME, MAX_TEXT, tooLong } from "../../limits.ts";

/**
 * Requests of the operator's side of the bank rail (`/admin/bank/**` and the console's actions): listings paged
 * newest first by an opaque cursor, and the two ways an exception is resolved.
 */

export const DEFAULT_BANK_LIMIT = 50;
export const MAX_BANK_LIMIT = 100;
const limitMessage = `must be a whole number from 1 to ${MAX_BANK_LIMIT}`;

const limit = z
  .string()
  .max(3, { error: limitMessage, abort: true })
  .regex(/^[0-9]{1,3}$/, limitMessage)
  .transform((value) => Number.parseInt(value, 10))
  .refine((value) => value >= 1 && value <= MAX_BANK_LIMIT, limitMessage)
  .default(DEFAULT_BANK_LIMIT);
const cursor = z.string().min(1, "Cursor missing").max(MAX_ID, tooLong(MAX_ID)).optional();

export const pageQuery = z.object({ limit, cursor });
export type PageQuery = z.output<typeof pageQuery>;

export const BANK_FILE_DIRECTIONS = ["inbound", "outbound"] as const;
export const listBankFilesQuery = pageQuery.extend({
  direction: z.enum(BANK_FILE_DIRECTIONS, "must be inbound or outbound").optional(),
});
export type ListBankFilesQuery = z.output<typeof listBankFilesQuery>;

export const EXCEPTION_STATUSES = ["open", "resolved"] as const;
export const listExceptionsQuery = pageQuery.extend({
  status: z.enum(EXCEPTION_STATUSES, "must be open or resolved").default("open"),
});
export type ListExceptionsQuery = z.output<typeof listExceptionsQuery>;

/** An IBAN as a person types it (spaces, lower case): kept in electronic format when its check digits hold. */
export const ibanInput = z
  .string()
  .trim()
  .min(1, "is required")
  .max(MAX_IBAN, tooLong(MAX_IBAN))
  .refine((value) => isValidIBAN(electronicFormatIBAN(value) ?? ""), "is not a valid IBAN: check its digits")
  .transform((value) => electronicFormatIBAN(value) ?? value);

/** `POST /admin/bank/exceptions/{id}/assign`: the IBAN of ours the credit was meant for; it mints there. */
export const assignExceptionSchema = z.object({ iban: ibanInput });

/** `POST /admin/bank/exceptions/{id}/return`: why the credit goes back to its sender (kept in the audit log). */
export const returnExceptionSchema = z.object({
  reason: z.string().trim().min(1, "is required").max(MAX_TEXT, tooLong(MAX_TEXT)),
});

/** `POST /admin/bank/files?name=`: the name the file is shown under (the upload's own name). */
export const uploadBankFileQuery = z.object({
  name: z
    .string()
    .trim()
    .min(1, "must not be empty")
    .max(MAX_NAME, tooLong(MAX_NAME))
    .refine((value) => !/[\u0000-\u001f\u007f-\u009f]/.test(value), "must not contain control characters")
    .optional(),
});
