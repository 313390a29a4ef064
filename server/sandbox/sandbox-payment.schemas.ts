import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { z } from "zod";
import { isSepaWritable } from "../bank/iso20022/sepa-text.ts";
import { MAX_IBAN, tooLong } from "../limits.ts";
import { positiveAmountSchema } from "../money/amount.ts";

/*
 * What the sandbox bank accepts as a payment, checked at the door: every value here goes into a camt.054 the sandbox
 * writes and validates against the official schema, so whatever the writer or the schema would refuse is a field
 * error (400) here, never an exception further in. The API's body (`POST /sandbox/payments`) and the simulator
 * console's form share these fields.
 */

export const INVALID_IBAN = "is not a valid IBAN";
export const NOT_SEPA_TEXT =
  "must use the SEPA character set: Latin letters (accents allowed), digits, spaces and / - ? : ( ) . , ' + &";
export const NOT_SEPA_REFERENCE = "must use only letters, digits, spaces and / - ? : ( ) . , ' +";

/**
 * An IBAN in any spacing or case: letters, digits and spaces only (so no control, bidi or lookalike character can
 * reach `electronicFormatIBAN`, whose upper-casing maps `ı` to `I`), then the country's format and the checksum.
 */
export const ibanSchema = z
  .string("must be a string")
  .max(MAX_IBAN, { error: tooLong(MAX_IBAN), abort: true })
  .refine((value) => /^[A-Za-z0-9 ]*$/.test(value) && isValidIBAN(electronicFormatIBAN(value) ?? ""), INVALID_IBAN);

/** A name or a remittance text: written into the file as given, so it must be writable in the SEPA set. */
export function sepaTextSchema(options: { max: number; missing?: string }) {
  const text = z.string(options.missing ?? "must be a string");
  const sized = options.missing ? text.trim().min(1, options.missing) : text;
  return sized.max(options.max, { error: tooLong(options.max), abort: true }).refine(isSepaWritable, NOT_SEPA_TEXT);
}

/** The bank's reference: an identifier, never rewritten (one over 35 characters is digested, not cut). */
export const bankReferenceSchema = z
  .string("must be a string")
  .min(1, "must not be empty")
  .max(64, { error: tooLong(64), abort: true })
  .regex(/^[A-Za-z0-9/\-?:().,'+ ]+$/, NOT_SEPA_REFERENCE);

/** The payer the sandbox bank names when the body names none. */
export const SANDBOX_DEBTOR = { name: "Sandbox Payer", iban: "DE89370400440532013000" } as const;

export const simulatePaymentSchema = z.object({
  // A valid IBAN this instance did not issue (or the caller may not act on) is a 404, as a real bank's unknown account.
  iban: z
    .string("IBAN missing")
    .min(1, "IBAN missing")
    .max(MAX_IBAN, { error: tooLong(MAX_IBAN), abort: true })
    .pipe(ibanSchema),
  amount: positiveAmountSchema,
  currency: z.literal("eur", "IBAN payments are in eur").default("eur"),
  memo: sepaTextSchema({ max: 140 }).optional(),
  debtor: z
    .object({
      name: sepaTextSchema({ max: 140, missing: "Name missing" }),
      iban: ibanSchema.optional(),
    })
    .default(SANDBOX_DEBTOR),
  /** The bank's reference; repeat it to report the same payment twice. */
  reference: bankReferenceSchema.optional(),
});
export type SimulatePaymentRequest = z.infer<typeof simulatePaymentSchema>;
