import { electronicFormatIBAN, isValidIBAN } from "ibantools";
import { z } from "zod";
import { isSepaWritable } from "../bank/iso20022/sepa-text.ts";
import { parseAmount } from "../money/amount.ts";
import { MAX_CLOCK_OFFSET_SECONDS, MAX_DELAY_SECONDS } from "./sandbox-settings.schemas.ts";
import { MAX_IBAN, MAX_ID } from "../limits.ts";

/*
 * What the simulator console's forms send. The forms validate with these same schemas in the browser; the server
 * checks them again. Plain strings in and out (no transforms), so the values cross a server action unchanged.
 */

const SEPA_TEXT_HINT = "Use Latin letters (accents allowed), digits, spaces and / - ? : ( ) . , ' + &";

/** The currencies the simulated bank credits: IBANs receive euros. */
export const PAYMENT_CURRENCIES = ["eur"] as const;

export const simulatorPaymentSchema = z.object({
  iban: z
    .string("Enter the IBAN to pay into")
    .trim()
    .min(1, "Enter the IBAN to pay into")
    .max(MAX_IBAN, `At most ${MAX_IBAN} characters`)
    .refine(
      (value) => /^[A-Za-z0-9 ]*$/.test(value) && isValidIBAN(electronicFormatIBAN(value) ?? ""),
      "This is not a valid IBAN: check its digits",
    ),
  amount: z
    .string("Enter an amount")
    .trim()
    .max(40, "At most 40 characters")
    .superRefine((value, ctx) => {
      const parsed = parseAmount(value);
      if (!parsed.ok) ctx.addIssue({ code: "custom", message: `The amount ${parsed.reason}` });
      else if (parsed.minor <= 0n) ctx.addIssue({ code: "custom", message: "The amount must be more than 0.00" });
    }),
  currency: z.enum(PAYMENT_CURRENCIES, "IBAN payments are in euros"),
  // Written into the sandbox bank's camt.054 as given: the same check as the API's (sandbox-payment.schemas.ts).
  memo: z.string().trim().max(140, "At most 140 characters").refine(isSepaWritable, SEPA_TEXT_HINT).optional(),
});
export type SimulatorPayment = z.infer<typeof simulatorPaymentSchema>;

const SECONDS_IN = { minutes: 60, hours: 3600, days: 86_400 } as const;

/** Fast-forward by a count of minutes, hours or days. */
export const advanceClockSchema = z
  .object({
    count: z
      .string("Enter how far to move the clock")
      .trim()
      .max(7, "Enter a whole number")
      .regex(/^[0-9]{1,7}$/, "Enter a whole number")
      .refine((value) => Number(value) >= 1, "Enter 1 or more"),
    unit: z.enum(["minutes", "hours", "days"], "Choose minutes, hours or days"),
  })
  .refine((value) => advanceSeconds(value) <= MAX_CLOCK_OFFSET_SECONDS, {
    path: ["count"],
    message: "The clock can run at most 30 days ahead",
  });
export type AdvanceClock = z.infer<typeof advanceClockSchema>;

export function advanceSeconds(value: { count: string; unit: keyof typeof SECONDS_IN }): number {
  return Number(value.count) * SECONDS_IN[value.unit];
}

const safeAddress = z
  .string("Enter the Safe's address")
  .trim()
  .max(42, "An address is 0x and 40 hexadecimal characters")
  .regex(/^0x[0-9a-fA-F]{40}$/, "An address is 0x and 40 hexadecimal characters");

/** Which Safe: a chain of the sandbox and the account's address. */
export const safeRefSchema = z.object({
  chain: z.string("Choose a chain").min(1, "Choose a chain").max(MAX_ID, `At most ${MAX_ID} characters`),
  address: safeAddress,
});
export type SafeRef = z.infer<typeof safeRefSchema>;

/** The Safe emits `SignMsg` for a Safe message hash, or for the hash of a text message. */
export const emitSignMsgSchema = safeRefSchema.extend({
  what: z
    .string("Enter a message hash or the message")
    .trim()
    .min(1, "Enter a message hash or the message")
    .max(10_000, "At most 10,000 characters"),
});
export type EmitSignMsg = z.infer<typeof emitSignMsgSchema>;

/** A `what` of 0x and 64 hexadecimal characters is a Safe message hash; anything else is the message's text. */
export function isMessageHash(what: string): boolean {
  return /^0x[0-9a-fA-F]{64}$/.test(what);
}

/** Switch an automation on or off, or change its delay. */
export const automationSchema = z.object({
  which: z.enum(["autoApprove", "autoProcess"], "Choose an automation"),
  enabled: z.boolean("Choose on or off").optional(),
  delaySeconds: z
    .number("Enter the delay in seconds")
    .int("Enter whole seconds")
    .min(0, "Enter 0 or more seconds")
    .max(MAX_DELAY_SECONDS, `At most ${MAX_DELAY_SECONDS} seconds`)
    .optional(),
});
export type Automation = z.infer<typeof automationSchema>;
