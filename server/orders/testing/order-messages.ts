/** What the order message tests share: the SDK tests' receivers, and a check at a fixed time under sandbox rules. */
import { resolveChain, type Currency } from "../../chains/registry.ts";
import { checkOrderMessage, type OrderMessageCounterpart } from "../order-message.ts";

/** Sandbox rules: a production name stands for its testnet, as the SDK may send either. */
const sameChain = (a: string, b: string) => {
  const [left, right] = [resolveChain(a, "sandbox"), resolveChain(b, "sandbox")];
  return left !== undefined && left.name === right?.name;
};

const NOW = new Date("2026-11-22T02:35:00Z");
export const SDK_IBAN = "EE12 7310 1381 5551 2602"; // the SDK tests' IBAN (spaced; shortened it is EE12...2602)
export const GR = "GR1601101250000000012300695";
export const ADDRESS = "0xdef0000000000000000000000000000000000DeF";

export const iban = (value: string): OrderMessageCounterpart => ({ standard: "iban", iban: value });
export const chain = (address: string, name: string): OrderMessageCounterpart => ({
  standard: "chain",
  address,
  chain: name,
});

export function check(
  message: string,
  order: { currency?: Currency; amountMinor: bigint; counterpart: OrderMessageCounterpart },
  now = NOW,
) {
  return checkOrderMessage({ message, order: { currency: "eur", ...order }, now, sameChain });
}
