import type { Currency } from "../chains/registry.ts";
import { formatAmount, parseAmount } from "../money/amount.ts";
import { quote } from "../limits.ts";

/*
 * The message a redeem order's signature covers (CONTRACT §6.2):
 *
 *   Send <CURRENCY> <AMOUNT> to <IBAN> at <TIMESTAMP>
 *   Send <CURRENCY> <AMOUNT> to <ADDRESS> on <CHAIN> at <TIMESTAMP>
 *
 * The SDK writes the IBAN in full or shortened (`EE12...2602`), and for other currencies than EUR leaves the receiver
 * as the caller typed it (spaces included). The timestamp comes in several RFC 3339 spellings; one that cannot be
 * read does not make the message malformed, it makes it expired (that is what the real service answers).
 */

/** A message older than this is refused; any future time is fine (the docs advise signing 1–2 minutes ahead). */
export const ORDER_MESSAGE_MAX_AGE_MS = 5 * 60_000;

export const EXPIRED = "timestamp is expired";

export type OrderMessageCounterpart =
  { standard: "iban"; iban: string } | { standard: "chain"; address: string; chain: string };

export type ParsedOrderMessage = {
  /** As written, e.g. `EUR`. */
  currency: string;
  /** As written, e.g. `1.2`. */
  amount: string;
  /** As written; an IBAN may be spaced or shortened. */
  receiver: string;
  /** The wire name after ` on `, for a cross-chain order. */
  chain?: string;
  /** Null when the timestamp is not an RFC 3339 spelling this module reads. */
  timestamp: Date | null;
};

// The receiver is the shortest text that leaves a valid tail, so a timestamp may contain spaces (and even " at ").
const MESSAGE = /^Send (\S+) (\S+) to (\S.*?)(?: on (\S+))? at (.+)$/;

/** Splits a place-order message into its parts, or null when it does not have the shape of one. */
export function parseOrderMessage(text: string): ParsedOrderMessage | null {
  const parts = MESSAGE.exec(text);
  if (!parts) return null;
  const [, currency = "", amount = "", receiver = "", chain, timestamp = ""] = parts;
  return {
    currency,
    amount,
    receiver,
    ...(chain === undefined ? {} : { chain }),
    timestamp: parseTimestamp(timestamp),
  };
}

// RFC 3339 date-time, seconds optional ("accurate to the minute"), any number of fraction digits, `Z` or an offset.
const TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/;

/** The instant an RFC 3339 timestamp names, or null when it is not one (or names no real date or time). */
export function parseTimestamp(text: string): Date | null {
  const parts = TIMESTAMP.exec(text);
  if (!parts) return null;
  const int = (group: number) => Number(parts[group] ?? "0");
  const [year, month, day, hour, minute, second] = [int(1), int(2), int(3), int(4), int(5), int(6)];
  // Fractions beyond milliseconds (`.777884`) are cut off: a Date holds milliseconds.
  const millisecond = Number((parts[7] ?? "").slice(0, 3).padEnd(3, "0"));
  const [offsetHours, offsetMinutes] = [int(10), int(11)];
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return null;
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  // Out-of-range days and months roll over (2023-02-30 becomes March 2); such a date is not one.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  date.setUTCHours(hour, minute, second, millisecond);
  const offsetMs = (offsetHours * 60 + offsetMinutes) * 60_000 * (parts[9] === "-" ? -1 : 1);
  return new Date(date.getTime() - offsetMs);
}

const compactIban = (text: string) => text.replace(/\s+/g, "").toUpperCase();

/** The SDK's short form of an IBAN: first four, `...`, last four. */
export function shortIban(iban: string): string {
  const compact = compactIban(iban);
  return `${compact.slice(0, 4)}...${compact.slice(-4)}`;
}

const FORMAT =
  "must read 'Send <CURRENCY> <AMOUNT> to <IBAN> at <TIMESTAMP>', " +
  "or for a cross-chain order 'Send <CURRENCY> <AMOUNT> to <ADDRESS> on <CHAIN> at <TIMESTAMP>'";

/**
 * Whether the signed message says what the order body says: same currency, same amount, same receiver (and chain),
 * and a timestamp no older than five minutes. Returns field errors under `message` (the first problem found, the
 * timestamp last), or undefined when the message fits the order.
 */
export function checkOrderMessage(options: {
  message: string;
  order: { currency: Currency; amountMinor: bigint; counterpart: OrderMessageCounterpart };
  now: Date;
  /** Whether two chain wire names mean the same chain (in sandbox `ethereum` means `sepolia`). */
  sameChain: (a: string, b: string) => boolean;
}): Record<string, string> | undefined {
  const problem = messageProblem(options);
  return problem === undefined ? undefined : { message: problem };
}

function messageProblem({
  message,
  order,
  now,
  sameChain,
}: Parameters<typeof checkOrderMessage>[0]): string | undefined {
  const parsed = parseOrderMessage(message);
  if (!parsed) return FORMAT;

  const currency = order.currency.toUpperCase();
  if (parsed.currency !== currency) {
    return `the currency in the message (${quote(parsed.currency)}) differs from the order's currency (${currency})`;
  }

  const amount = parseAmount(parsed.amount);
  if (!amount.ok) return `the amount in the message (${quote(parsed.amount)}) ${amount.reason}`;
  if (amount.minor !== order.amountMinor) {
    return `the amount in the message (${formatAmount(amount.minor)}) differs from the order's amount (${formatAmount(order.amountMinor)})`;
  }

  const counterpart = order.counterpart;
  if (counterpart.standard === "iban") {
    if (parsed.chain !== undefined) {
      return `the message sends to a chain (${quote(parsed.chain)}) but the counterpart is an IBAN; it must read 'Send <CURRENCY> <AMOUNT> to <IBAN> at <TIMESTAMP>'`;
    }
    const receiver = compactIban(parsed.receiver);
    const iban = compactIban(counterpart.iban);
    if (receiver !== iban && receiver !== shortIban(iban)) {
      return `the receiver in the message (${quote(parsed.receiver)}) differs from the counterpart's IBAN (${iban} or ${shortIban(iban)})`;
    }
  } else {
    if (parsed.receiver.toLowerCase() !== counterpart.address.toLowerCase()) {
      return `the receiver in the message (${quote(parsed.receiver)}) differs from the counterpart's address (${counterpart.address})`;
    }
    if (parsed.chain === undefined) {
      return `the message names no chain; a cross-chain order reads 'Send <CURRENCY> <AMOUNT> to <ADDRESS> on <CHAIN> at <TIMESTAMP>'`;
    }
    if (!sameChain(parsed.chain, counterpart.chain)) {
      return `the chain in the message (${quote(parsed.chain)}) differs from the counterpart's chain (${counterpart.chain})`;
    }
  }

  if (!parsed.timestamp || parsed.timestamp.getTime() < now.getTime() - ORDER_MESSAGE_MAX_AGE_MS) return EXPIRED;
  return undefined;
}

/**
 * The canonical message for an order: full IBAN without spaces, timestamp in UTC with seconds. Tests and fixtures
 * sign this; the checker accepts it and the SDK's other spellings.
 */
export function orderMessage(options: {
  currency: Currency;
  amountText: string;
  counterpart: OrderMessageCounterpart;
  at: Date;
}): string {
  const { counterpart } = options;
  const receiver =
    counterpart.standard === "iban" ? compactIban(counterpart.iban) : `${counterpart.address} on ${counterpart.chain}`;
  const at = `${options.at.toISOString().slice(0, 19)}Z`;
  return `Send ${options.currency.toUpperCase()} ${options.amountText} to ${receiver} at ${at}`;
}
