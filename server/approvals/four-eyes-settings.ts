import { z } from "zod";
import { defineSettings } from "../settings/define-settings.ts";

/** Production's threshold when none is set: processing a redeem order above 10,000.00 needs a second operator. */
const PRODUCTION_DEFAULT_MINOR = 1_000_000n;

/**
 * Four eyes (C59). Set: processing a redeem order above this amount, returning an unmatched credit and changing an
 * operator's roles wait for a second operator. Production has it on (10000 unless set); the sandbox has it off
 * unless set, so that its single demo operator can try every flow. `off` turns it off.
 */
export const fourEyesSettings = defineSettings({
  variables: {
    TOKENRAIL_FOUR_EYES_EUR: z
      .string()
      .max(20)
      .regex(/^(off|\d{1,12}(\.\d{1,2})?)$/, 'an amount (e.g. 10000 or 2500.50), or "off"')
      .optional(),
  },
  read(e, { production }) {
    const setting = e.TOKENRAIL_FOUR_EYES_EUR;
    return {
      /** Four eyes: on with the threshold in minor units (cents), or undefined when off. */
      fourEyes:
        setting === "off" || (setting === undefined && !production)
          ? undefined
          : { thresholdMinor: setting === undefined ? PRODUCTION_DEFAULT_MINOR : toMinor(setting) },
    };
  },
});

function toMinor(amount: string): bigint {
  const [whole = "0", cents = ""] = amount.split(".");
  return BigInt(whole) * 100n + BigInt(cents.padEnd(2, "0"));
}
