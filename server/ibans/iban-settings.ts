import { z } from "zod";
import { defineSettings } from "../settings/define-settings.ts";
import {
  bankCodeProblem,
  bbanFormat,
  bicProblem,
  defaultBankCode,
  defaultBic,
  type BbanFormat,
} from "./bban-format.ts";
import { generateIban } from "./generate-iban.ts";

/** The IBANs this instance hands out: country, bank, and how often requested ones are provisioned. */
export type IbanSettings = {
  country: string;
  format: BbanFormat;
  /** Fills the BBAN's bank (and branch) positions. */
  bankCode: string;
  bic: string;
  provisionIntervalSeconds: number;
};

/**
 * The IBAN country must be a SEPA country of the IBAN registry, the bank code must fit its national format, and a
 * valid IBAN must be possible with it (a bank code whose own national check digit is wrong never yields one).
 */
export const ibanSettings = defineSettings({
  variables: {
    TOKENRAIL_IBAN_COUNTRY: z
      .string()
      .regex(/^[A-Za-z]{2}$/, "a two-letter country code")
      .transform((s) => s.toUpperCase())
      .default("IS"),
    TOKENRAIL_IBAN_BANK_CODE: z
      .string()
      .transform((s) => s.toUpperCase())
      .optional(),
    TOKENRAIL_IBAN_BIC: z
      .string()
      .transform((s) => s.toUpperCase())
      .optional(),
    TOKENRAIL_IBAN_PROVISION_INTERVAL: z.coerce
      .number()
      .int()
      .min(1, "at least 1 second")
      .max(3600, "at most 3600 seconds")
      .default(5),
  },
  read(e, _context, problems): { ibans: IbanSettings } | undefined {
    const format = bbanFormat(e.TOKENRAIL_IBAN_COUNTRY);
    if (!format) {
      problems.push(`TOKENRAIL_IBAN_COUNTRY: ${e.TOKENRAIL_IBAN_COUNTRY} is not a SEPA country of the IBAN registry`);
      return undefined;
    }
    const bankCode = e.TOKENRAIL_IBAN_BANK_CODE ?? defaultBankCode(format);
    const bic = e.TOKENRAIL_IBAN_BIC ?? defaultBic(format.country);
    const bankProblem = bankCodeProblem(format, bankCode);
    if (bankProblem) problems.push(`TOKENRAIL_IBAN_BANK_CODE: ${bankProblem}`);
    const bicIssue = bicProblem(bic);
    if (bicIssue) problems.push(`TOKENRAIL_IBAN_BIC: ${bicIssue}`);
    if (bankProblem || bicIssue) return undefined;
    try {
      generateIban({ format, bankCode });
    } catch {
      problems.push(`TOKENRAIL_IBAN_BANK_CODE: no valid ${format.country} IBAN exists with ${bankCode} (check digits)`);
      return undefined;
    }
    const provisionIntervalSeconds = e.TOKENRAIL_IBAN_PROVISION_INTERVAL;
    return { ibans: { country: format.country, format, bankCode, bic, provisionIntervalSeconds } };
  },
});
