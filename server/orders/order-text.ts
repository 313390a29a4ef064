import { getConfig } from "../config.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { instanceKeyring } from "../keys/instance-keyring.ts";
import { openValue, sealAtRest } from "../keys/sealed-value.ts";
import {
  INCOMING_DEBTOR,
  INCOMING_IBAN,
  INCOMING_MEMO,
  ORDER_COUNTERPART,
  ORDER_MEMO,
  ORDER_MESSAGE,
} from "./order-columns.ts";
import type { CounterpartView } from "./order.responses.ts";

/*
 * The personal data of orders and the payments that mint them, sealed at rest (C70; server/keys/sealed-value.ts):
 * every write seals these columns with their context (./order-columns.ts) and every read opens them. A value
 * written before sealing began reads as it is until the sealing pass seals it, and a value already opened (an order
 * held in memory) opens to itself: a read may open what it is given either way.
 */

/**
 * The memo's keyed hash (`Order.memoKey`): a sealed memo cannot be compared in SQL, so `GET /orders?memo=` finds it
 * by this, under the keyring's index key, which the database never holds.
 */
export function memoKey(memo: string): string {
  return instanceKeyring(getConfig()).blindIndex(ORDER_MEMO, memo);
}

/** A redeem order's signed text as the database keeps it (nothing reads it back: the signature was checked). */
export function sealOrderMessage(message: string | null): Prisma.InputJsonValue | null {
  return message === null ? null : sealAtRest(message, ORDER_MESSAGE);
}

/** An order's counterpart and memo as the database keeps them, with the memo's keyed hash. */
export function sealOrderText(order: { counterpart: unknown; memo: unknown }): {
  counterpart: Prisma.InputJsonValue;
  memo: Prisma.InputJsonValue;
  memoKey: string;
} {
  const memo = orderMemo(order);
  return {
    counterpart: sealAtRest(orderCounterpart(order), ORDER_COUNTERPART),
    memo: sealAtRest(memo, ORDER_MEMO),
    memoKey: memoKey(memo),
  };
}

export function orderCounterpart(order: { counterpart: unknown }): CounterpartView {
  return openValue<CounterpartView>(order.counterpart, ORDER_COUNTERPART);
}

export function orderMemo(order: { memo: unknown }): string {
  return openValue<string>(order.memo, ORDER_MEMO);
}

/** The row with its counterpart and memo opened. */
export function openOrderText<T extends { counterpart: unknown; memo: unknown }>(row: T): T {
  return { ...row, counterpart: orderCounterpart(row), memo: orderMemo(row) };
}

/** A payment's memo and debtor as the database keeps them. */
export function sealIncomingText(payment: { memo?: string | null; debtor: unknown }): {
  memo: Prisma.InputJsonValue | null;
  debtor: Prisma.InputJsonValue;
} {
  return {
    memo: payment.memo == null ? null : sealAtRest(payment.memo, INCOMING_MEMO),
    debtor: sealAtRest(payment.debtor, INCOMING_DEBTOR) as Prisma.InputJsonValue,
  };
}

export function incomingMemo(payment: { memo: unknown }): string | null {
  return payment.memo == null ? null : openValue<string>(payment.memo, INCOMING_MEMO);
}

export function incomingDebtor(payment: { debtor: unknown }): { name?: string; iban?: string } {
  return openValue<{ name?: string; iban?: string }>(payment.debtor, INCOMING_DEBTOR);
}

/** The IBAN a payment credited as the database keeps it. */
export function sealIncomingIban(iban: string): Prisma.InputJsonValue {
  return sealAtRest(iban, INCOMING_IBAN);
}

export function incomingIban(payment: { iban: unknown }): string {
  return openValue<string>(payment.iban, INCOMING_IBAN);
}
