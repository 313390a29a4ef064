import type { Prisma } from "../../generated/prisma/client.ts";
import { openValue, sealAtRest } from "../../keys/sealed-value.ts";
import type { CounterpartView } from "../../orders/order.responses.ts";
import { PAYOUT_COUNTERPART, PAYOUT_REMITTANCE } from "./payout-columns.ts";

/*
 * Whom a payout pays and what it tells them, sealed at rest (C70; server/keys/sealed-value.ts): written sealed with
 * the contexts of ./payout-columns.ts, opened on every read (a value written before sealing began, or already
 * opened, reads as it is).
 */

export function sealPayoutText(payout: { counterpart: CounterpartView; remittance: string }): {
  counterpart: Prisma.InputJsonValue;
  remittance: Prisma.InputJsonValue;
} {
  return {
    counterpart: sealAtRest(payout.counterpart, PAYOUT_COUNTERPART),
    remittance: sealAtRest(payout.remittance, PAYOUT_REMITTANCE),
  };
}

export function payoutCounterpartOf(payout: { counterpart: unknown }): CounterpartView {
  return openValue<CounterpartView>(payout.counterpart, PAYOUT_COUNTERPART);
}

export function payoutRemittance(payout: { remittance: unknown }): string {
  return openValue<string>(payout.remittance, PAYOUT_REMITTANCE);
}
