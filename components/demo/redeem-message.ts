/**
 * The redeem order as the demo integrator builds it (SPEC "Place order", the message format of the redeem order):
 * the wallet signs `Send EUR <amount> to <IBAN> at <timestamp>`, and the body carries the same amount and IBAN.
 */

export type RedeemInput = {
  address: string;
  chain: string;
  amount: string;
  iban: string;
  firstName: string;
  lastName: string;
  memo: string;
};

/** An IBAN as the message and the body carry it: no spaces, upper case. */
export function compactIban(iban: string): string {
  return iban.replace(/\s+/g, "").toUpperCase();
}

/** RFC 3339 in UTC to the second, e.g. `2026-11-23T16:05:09Z`. */
export function signingTime(at: Date): string {
  return `${at.toISOString().slice(0, 19)}Z`;
}

export function redeemMessage(input: Pick<RedeemInput, "amount" | "iban">, at: Date): string {
  return `Send EUR ${input.amount.trim()} to ${compactIban(input.iban)} at ${signingTime(at)}`;
}

/** The `POST /orders` body for the signed message. */
export function redeemBody(input: RedeemInput, message: string, signature: string): Record<string, unknown> {
  const memo = input.memo.trim();
  return {
    kind: "redeem",
    address: input.address,
    chain: input.chain,
    currency: "eur",
    amount: input.amount.trim(),
    counterpart: {
      identifier: { standard: "iban", iban: compactIban(input.iban) },
      details: { firstName: input.firstName.trim(), lastName: input.lastName.trim() },
    },
    message,
    signature,
    ...(memo ? { memo } : {}),
  };
}

/** Where the API's field problems (dotted paths) belong on the form. */
export const FIELD_OF: Record<string, keyof RedeemInput> = {
  amount: "amount",
  address: "address",
  chain: "address",
  "counterpart.identifier.iban": "iban",
  "counterpart.details.firstName": "firstName",
  "counterpart.details.lastName": "lastName",
  memo: "memo",
};
