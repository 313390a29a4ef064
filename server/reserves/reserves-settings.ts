import { z } from "zod";
import { CURRENCIES, type Currency } from "../chains/registry.ts";
import { defineSettings } from "../settings/define-settings.ts";

const amountOrOff = z
  .string()
  .max(20)
  .regex(/^(off|\d{1,12}(\.\d{1,2})?)$/, 'an amount (e.g. 50000 or 2500.50), or "off"')
  .optional();

/** The cap variables of every currency: `TOKENRAIL_MINT_CAP_EUR` (one mint) and `TOKENRAIL_MINT_DAY_CAP_EUR`. */
const capVariables = Object.fromEntries(
  CURRENCIES.flatMap(({ ticker }) => [
    [`TOKENRAIL_MINT_CAP_${ticker}`, amountOrOff],
    [`TOKENRAIL_MINT_DAY_CAP_${ticker}`, amountOrOff],
  ]),
) as Record<`TOKENRAIL_MINT_${"" | "DAY_"}CAP_${(typeof CURRENCIES)[number]["ticker"]}`, typeof amountOrOff>;

/** A currency's mint caps in minor units; a cap left out is off. */
export type MintCaps = { perMintMinor?: bigint; perDayMinor?: bigint };

/**
 * Mint caps, the supply watch and proof of reserves (C69). Per currency, a mint above `TOKENRAIL_MINT_CAP_<CUR>` or
 * one that would take the mints of the last 24 hours above `TOKENRAIL_MINT_DAY_CAP_<CUR>` is held until two
 * operators release it; both are off unless set. `TOKENRAIL_SUPPLY_ALERT_STOPS_MINTS`: while a supply alert is not
 * acknowledged, no mint is sent (on in production unless `off`, off in the sandbox unless `on`).
 * `TOKENRAIL_RESERVES_KEY`: the 32-byte Ed25519 seed (base64url) that signs the published reserves; derived from
 * the instance secret when unset, so every instance of one deployment signs with the same key.
 */
export const reservesSettings = defineSettings({
  variables: {
    ...capVariables,
    TOKENRAIL_SUPPLY_ALERT_STOPS_MINTS: z.enum(["on", "off"], 'must be "on" or "off"').optional(),
    TOKENRAIL_RESERVES_KEY: z
      .string()
      .regex(/^[A-Za-z0-9_-]{43}$/, "a 32-byte Ed25519 seed, base64url (43 characters)")
      .optional(),
  },
  read(e, { production }) {
    const values = e as Record<string, string | undefined>;
    const mintCaps = {} as Record<Currency, MintCaps>;
    for (const { currency, ticker } of CURRENCIES) {
      mintCaps[currency] = {
        perMintMinor: toMinor(values[`TOKENRAIL_MINT_CAP_${ticker}`]),
        perDayMinor: toMinor(values[`TOKENRAIL_MINT_DAY_CAP_${ticker}`]),
      };
    }
    const stops = e.TOKENRAIL_SUPPLY_ALERT_STOPS_MINTS;
    return {
      mintCaps,
      supplyAlertStopsMints: stops === undefined ? production : stops === "on",
      reservesKeySeed: e.TOKENRAIL_RESERVES_KEY,
    };
  },
});

function toMinor(amount: string | undefined): bigint | undefined {
  if (amount === undefined || amount === "off") return undefined;
  const [whole = "0", cents = ""] = amount.split(".");
  return BigInt(whole) * 100n + BigInt(cents.padEnd(2, "0"));
}
