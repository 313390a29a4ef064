import { isValidBIC, isValidIBAN } from "ibantools";
import { z } from "zod";
import { CURRENCIES, type Currency } from "../chains/registry.ts";
import { UUID_PATTERN } from "../ids.ts";
import { MAX_IBAN, MAX_ID, MAX_NAME, MAX_SIGNATURE, MAX_TEXT, tooLong } from "../limits.ts";
import { positiveAmountSchema } from "../money/amount.ts";

/*
 * Requests of the order endpoints (SPEC endpoints 20–21, CONTRACT §4.17–4.18). Unknown keys are stripped, never an
 * error: the SDK adds fields of its own (`accountId`, legacy identifiers). Issue paths are relative to the body or
 * query (`counterpart.identifier.iban`); the HTTP layer joins them with dots. No I/O, so screens can reuse them.
 */

const isMissing = (input: unknown) => input === undefined || input === null;

/** Required text; `label` names it in the "missing" message. At most `max` characters (C42), checked first. */
function text(label: string, max = MAX_NAME, tooLongMessage = tooLong(max)) {
  return z
    .string({
      error: (issue) =>
        isMissing(issue.input)
          ? `${label} missing`
          : Array.isArray(issue.input)
            ? "must be given once"
            : "must be a string",
    })
    .max(max, { error: tooLongMessage, abort: true });
}

/** An optional field: absent and null both mean "not given". */
function optional<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => (value === null ? undefined : value), schema.optional());
}

/** Length in Unicode code points, as the limits mean it: an emoji is one character, not two UTF-16 units. */
const codePoints = (value: string) => [...value].length;

function lengthBetween(label: string, min: number, max: number) {
  const message = `must be ${min} to ${max} characters`;
  // Two UTF-16 units per code point at most: longer is too long whatever it holds.
  return text(label, max * 2, message).refine((value) => {
    const length = codePoints(value);
    return length >= min && length <= max;
  }, message);
}

const uuid = (label: string) => text(label, MAX_ID).toLowerCase().regex(UUID_PATTERN, "must be a UUID");

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const address = (label: string) => text(label).regex(ADDRESS, "must be 0x followed by 40 hexadecimal characters");

const CURRENCY_VALUES = CURRENCIES.map((c) => c.currency) as [Currency, ...Currency[]];
const currency = z.enum(CURRENCY_VALUES, {
  error: (issue) => (isMissing(issue.input) ? "Currency missing" : "Unknown currency: use eur, usd, gbp or isk"),
});

/** A chain wire name; whether this instance knows it is decided later, against its environment. */
const chain = text("Chain", MAX_ID).min(1, "Chain missing");

const memo = lengthBetween("Memo", 5, 140);

// ---------------------------------------------------------------------------------------------------------------------
// Counterpart (CONTRACT §4.17)

const compactIban = (value: string) => value.replace(/\s+/g, "").toUpperCase();

/** An IBAN in any spacing or case, checked (country format and checksum) and given back compact and upper case. */
const iban = text("IBAN", MAX_IBAN)
  .transform(compactIban)
  .refine((value) => isValidIBAN(value), "is not a valid IBAN");

const bic = text("BIC", MAX_ID)
  .trim()
  .toUpperCase()
  .refine((value) => isValidBIC(value), "is not a valid BIC");

// An EVM address, or a bech32 one for Cosmos chains (`noble1…`).
const CHAIN_ADDRESS = /^(?:0x[0-9a-fA-F]{40}|[a-z][a-z0-9]{0,19}1[02-9ac-hj-np-z]{38,58})$/;

const identifier = z.discriminatedUnion(
  "standard",
  [
    z.object({ standard: z.literal("iban"), iban, bic: optional(bic) }),
    z.object({
      standard: z.literal("chain"),
      address: text("Address").regex(CHAIN_ADDRESS, "invalid address"),
      chain,
    }),
  ],
  {
    error: (issue) =>
      issue.code === "invalid_union"
        ? "must be iban or chain"
        : isMissing(issue.input)
          ? "Identifier missing"
          : "must be an object",
  },
);

function personName(label: string) {
  return text(label).trim().min(2, `${label} must be at least 2 characters`);
}

const country = text("Country")
  .toUpperCase()
  .regex(/^[A-Z]{2}$/, "must be a two-letter country code");

/**
 * Who receives the money. Lenient on purpose (CONTRACT §4.17): an individual `{firstName, lastName}`, a corporation
 * `{companyName}` or `{name}`, each with an optional `country`, or nothing at all (cross-chain orders). What is given
 * is checked; a first name without a last name (or the reverse) is refused.
 */
const details = z
  .object(
    {
      firstName: optional(personName("First name")),
      lastName: optional(personName("Last name")),
      companyName: optional(text("Company name").trim().min(1, "Company name missing")),
      name: optional(text("Name").trim().min(1, "Name missing")),
      country: optional(country),
    },
    { error: "must be an object" },
  )
  .superRefine((value, ctx) => {
    if (value.firstName !== undefined && value.lastName === undefined) {
      ctx.addIssue({ code: "custom", path: ["lastName"], message: "Last name missing" });
    }
    if (value.lastName !== undefined && value.firstName === undefined) {
      ctx.addIssue({ code: "custom", path: ["firstName"], message: "First name missing" });
    }
  })
  .transform((value) => Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as typeof value);

const counterpart = z.object(
  { identifier, details: optional(details) },
  { error: (issue) => (isMissing(issue.input) ? "Counterpart missing" : "must be an object") },
);

// ---------------------------------------------------------------------------------------------------------------------
// POST /orders

/** `POST /orders`: a redeem order, signed by the owner of `address` (CONTRACT §4.17). */
export const placeOrderSchema = z.object({
  id: optional(uuid("Id")),
  address: address("Address"),
  currency,
  chain,
  kind: z.literal("redeem", {
    error: (issue) => (isMissing(issue.input) ? "Kind missing" : "only redeem orders can be placed"),
  }),
  amount: positiveAmountSchema,
  counterpart,
  message: text("Message", MAX_TEXT).min(1, "Message missing"),
  signature: text("Signature", MAX_SIGNATURE).regex(
    /^0x([0-9a-fA-F]{2})*$/,
    "must be 0x followed by hexadecimal bytes",
  ),
  memo: optional(memo),
  referenceNumber: optional(lengthBetween("Reference number", 0, 35)),
  supportingDocumentId: optional(uuid("Supporting document id")),
});
export type PlaceOrderRequest = z.output<typeof placeOrderSchema>;

/** `POST /orders` headers: a retry carrying the same `Idempotency-Key` gets the first attempt's order (C32). */
export const placeOrderHeaders = z.object({
  "idempotency-key": z
    .string()
    .trim()
    .max(MAX_ID, tooLong(MAX_ID))
    .transform((key) => key || undefined)
    .optional()
    .meta({ description: "Makes retries safe: the same key with the same body gets the same order, with another 409" }),
});
export type PlaceOrderBody = z.input<typeof placeOrderSchema>;
export type CounterpartIdentifier = PlaceOrderRequest["counterpart"]["identifier"];
export type CounterpartDetails = NonNullable<PlaceOrderRequest["counterpart"]["details"]>;

// ---------------------------------------------------------------------------------------------------------------------
// GET /orders

export const ORDER_STATES = ["placed", "pending", "processed", "rejected"] as const;
export const ORDER_KINDS = ["issue", "redeem"] as const;
export const ORDER_SORTS = ["placedAt", "-placedAt"] as const;
export const DEFAULT_ORDERS_LIMIT = 50;
export const MAX_ORDERS_LIMIT = 100;

const limit = text("Limit")
  .regex(/^[0-9]{1,3}$/, `must be a whole number from 1 to ${MAX_ORDERS_LIMIT}`)
  .transform((value) => Number.parseInt(value, 10))
  .refine((value) => value >= 1 && value <= MAX_ORDERS_LIMIT, `must be a whole number from 1 to ${MAX_ORDERS_LIMIT}`);

function oneOf<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: `must be one of ${values.join(", ")}` });
}

/** `GET /orders`: filters, newest first by default, keyset-paged by an opaque cursor. Unknown parameters are ignored. */
export const listOrdersQuery = z.object({
  address: address("Address").optional(),
  txHash: text("Transaction hash")
    // Any hex filter is accepted (the SDK's own examples use short ones); only a real hash can match.
    .regex(/^0x[0-9a-fA-F]{1,64}$/, "must be 0x followed by up to 64 hexadecimal characters")
    .optional(),
  profile: uuid("Profile").optional(),
  memo: memo.optional(),
  state: oneOf(ORDER_STATES).optional(),
  kind: oneOf(ORDER_KINDS).optional(),
  chain: chain.optional(),
  sort: oneOf(ORDER_SORTS).default("-placedAt"),
  limit: limit.default(DEFAULT_ORDERS_LIMIT),
  cursor: text("Cursor", MAX_ID).min(1, "Cursor missing").optional(),
});
export type ListOrdersQuery = z.output<typeof listOrdersQuery>;

/**
 * The query of the order WebSocket (`{base_url}/orders` upgraded, CONTRACT "Order websocket"): the SDK sends the
 * access token in it (a browser cannot set headers on a WebSocket) and the filters of `GET /orders` it has.
 */
export const watchOrdersQuery = z.object({
  access_token: text("Access token", MAX_TEXT).optional(),
  profile: listOrdersQuery.shape.profile,
  state: listOrdersQuery.shape.state,
});
export type WatchOrdersQuery = z.output<typeof watchOrdersQuery>;
