import { z } from "zod";

const amount = z.string().regex(/^-?\d+\.\d{2}$/);

/** One chain's tokens of a currency at the end of a day, as the supply watch last read them from the chain. */
const chainFigures = z.object({
  chain: z.string(),
  onChain: amount.meta({ description: "The token contract's totalSupply, as read from the chain" }),
  ledger: amount.meta({ description: "The ledger's tokens outstanding on this chain at the same check" }),
  difference: amount.meta({
    description: "On chain beyond (or below) the ledger and transactions in flight: 0.00 when they agree",
  }),
  checkedAt: z.iso.datetime(),
});

/** A currency's day: tokens on every chain against the money the bank held for them. */
export const reservesDay = z.object({
  date: z.iso.date(),
  currency: z.string().meta({ description: "The token's currency code (lower case, as GET /tokens names it)" }),
  chains: z.array(chainFigures),
  outstanding: amount.meta({ description: "Tokens on all chains together (the sum of onChain)" }),
  safeguarded: amount.nullable().meta({
    description: "The safeguarding account's closing balance in the day's bank statement; null when none was imported",
  }),
  difference: amount.nullable().meta({ description: "safeguarded − outstanding; null without a statement" }),
});

/** The reserves as signed: the payload of `jws`. */
export const reservesReport = z.object({
  issuer: z.string().meta({ description: "The instance's API base URL" }),
  generatedAt: z.iso.datetime(),
  days: z.array(reservesDay),
  next: z.iso.date().nullable().meta({ description: "Pass as `before` for the older days; null on the last page" }),
});
export type ReservesReport = z.input<typeof reservesReport>;

export const reservesResponse = z
  .object({
    reserves: reservesReport,
    jws: z.string().meta({
      description:
        "The reserves as a compact JWS (EdDSA, Ed25519), verifiable with GET /reserves/jwks: trust the payload of a verified jws, not the copy beside it",
    }),
  })
  .meta({
    id: "Reserves",
    description: "Proof of reserves: per currency and day, tokens outstanding and the money safeguarded for them",
  });

export const reservesJwksResponse = z
  .object({
    keys: z.array(
      z.object({
        kty: z.literal("OKP"),
        crv: z.literal("Ed25519"),
        x: z.string(),
        kid: z.string(),
        alg: z.literal("EdDSA"),
        use: z.literal("sig"),
      }),
    ),
  })
  .meta({ id: "ReservesJwks", description: "The key set the published reserves are signed with (RFC 7517)" });

export const reservesQuery = z.object({
  before: z.iso.date("must be a date (YYYY-MM-DD)").optional(),
  limit: z.coerce
    .number("must be a number")
    .int("must be a whole number")
    .min(1, "must be at least 1")
    .max(100, "must be at most 100")
    .optional(),
});
