import { createHash, randomUUID } from "node:crypto";
import type { Hex } from "viem";
import { chainGateway } from "../chains/configured-gateway.ts";
import { resolveChain, type ChainInfo } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { Prisma, type Order } from "../generated/prisma/client.ts";
import type { ProfileState } from "../generated/prisma/enums.ts";
import { AppError } from "../errors.ts";
import { holdPostings } from "../ledger/movements.ts";
import { insufficientFunds, ledgerPostCall, rawQueryFailure } from "../ledger/post-transaction.ts";
import { formatAmount, SUPPORTING_DOCUMENT_THRESHOLD_MINOR } from "../money/amount.ts";
import { accessibleProfiles, type Perm } from "../oauth/accessible-profiles.ts";
import { CLIENT_CREDENTIALS, PERSON_IN_APP, type Caller } from "../oauth/caller.ts";
import { ON_CHAIN_WAIT_SECONDS } from "../addresses/link-address.ts";
import { signedBy } from "../signatures/verify-signature.ts";
import { checkOrderMessage } from "./order-message.ts";
import { verifyEoaSignature } from "./signature-worker.ts";
import type { PlaceOrderRequest } from "./order.schemas.ts";
import { orderCreatedSql, type CounterpartView } from "./order-view.ts";
import { quote } from "../limits.ts";

/** The memo of an order placed without memo or reference number (CONTRACT §4.17). */
export const DEFAULT_MEMO = "Powered by Tokenrail";

export type PlaceOrderOutcome = { order: Order; signature: "verified" | "awaited"; repeated: boolean };

/**
 * `POST /orders` (SPEC endpoint 20): a redeem order from a linked address of an approved profile the caller may
 * change. The signed message must name the order's currency, amount and receiver and be at most five minutes old
 * (C19); the signature is the address's own (EOA), its owners' (Safe off-chain, ERC-1271), or `0x` for a Safe that
 * signs on chain (the order then waits for its `SignMsg`, as a pending `order` signature). The amount is held in
 * the ledger as the order is created, so concurrent orders can never spend the same tokens (C33), and a signed
 * message places one order only. A retried request (same `id`, or same `Idempotency-Key`) with the same body gets
 * the same order back; with another body it is a conflict (C32).
 */
export async function placeOrder(options: {
  caller: Caller;
  request: PlaceOrderRequest;
  idempotencyKey?: string;
  config: Config;
  clock?: Clock;
}): Promise<PlaceOrderOutcome> {
  const { caller, request, config, clock = serverClock } = options;
  const requestHash = hashRequest(request);
  const idempotencyKey = options.idempotencyKey && `${caller.applicationId}:${options.idempotencyKey}`;
  const earlier = await previousAttempt({ caller, id: request.id, idempotencyKey, requestHash });
  if (earlier) return earlier;

  const now = clock();
  const chain = evmChain(request.chain, config, "chain");
  const address = request.address as Hex;
  const addressKey = address.toLowerCase();
  const profile = await signerProfile(caller, addressKey, chain.name);
  if (!profile) {
    throw new AppError("VALIDATION", "Validation errors", {
      address: `is not linked on ${chain.name} to a profile you may act on`,
    });
  }
  if (!profile.perms.includes("write")) throw new AppError("FORBIDDEN", "No write permission on this profile");
  if (profile.state !== "approved") {
    throw new AppError("FORBIDDEN", `The profile is ${profile.state}: orders are placed by approved profiles only`);
  }

  const counterpart = counterpartOf(request, chain, config);
  const identifier = counterpart.identifier;
  const messageErrors = checkOrderMessage({
    message: request.message,
    order: {
      currency: request.currency,
      amountMinor: request.amount,
      counterpart:
        identifier.standard === "iban"
          ? { standard: "iban", iban: identifier.iban }
          : { standard: "chain", address: identifier.address, chain: identifier.chain },
    },
    now,
    sameChain: (a, b) =>
      resolveChain(a, config.environment)?.name === resolveChain(b, config.environment)?.name &&
      resolveChain(a, config.environment) !== undefined,
  });
  if (messageErrors) throw new AppError("VALIDATION", "Validation errors", messageErrors);

  await checkSupportingDocument(caller, request);

  const signature = request.signature as Hex;
  const awaited = signature === "0x";
  // Checked before any write, on a worker thread (signature-worker.ts): no lock or connection is held meanwhile.
  const message = request.message;
  if (!awaited && !(await signedBy({ chain, address, message, signature, config, verifyKey: verifyEoaSignature }))) {
    throw new AppError("VALIDATION", "Validation errors", { signature: "invalid signature" });
  }
  const msgHash = awaited ? await chainGateway(config).safeMessageHash(chain, address, request.message) : undefined;

  const id = request.id ?? randomUUID();
  const order: Order = {
    id,
    seq: 0n,
    kind: "redeem",
    profileId: profile.id,
    address: request.address,
    addressKey,
    chain: chain.name,
    currency: request.currency,
    amountMinor: request.amount,
    counterpart,
    memo: request.memo ?? DEFAULT_MEMO,
    referenceNumber: request.referenceNumber ?? null,
    state: "placed",
    message: request.message,
    signature: request.signature,
    messageKey: messageKey(addressKey, request.message),
    signedAt: awaited ? null : now,
    supportingDocumentId: request.supportingDocumentId ?? null,
    placedAt: now,
    processedAt: null,
    rejectedReason: null,
    txHashes: [],
    chainAttemptAt: null,
    requestHash,
    idempotencyKey: idempotencyKey ?? null,
    placedById: caller.userId,
    parentOrderId: null,
    updatedAt: now,
  };
  const pending = msgHash && {
    msgHash,
    requestedById: caller.userId,
    expiresAt: new Date(now.getTime() + ON_CHAIN_WAIT_SECONDS * 1000),
  };
  const prisma = await db();
  try {
    const [row] = await prisma.$queryRaw<{ seq: bigint }[]>(placeOrderSql(order, pending));
    if (!row) throw new Error(`order ${id} was not placed`);
    return { order: { ...order, seq: row.seq }, signature: awaited ? "awaited" : "verified", repeated: false };
  } catch (error) {
    if (insufficientFunds(error)) {
      const free = await prisma.ledgerAccount.findUnique({
        where: {
          kind_chain_currency_addressKey: { kind: "wallet", chain: chain.name, currency: request.currency, addressKey },
        },
        select: { balanceMinor: true },
      });
      throw new AppError("VALIDATION", "Validation errors", {
        amount: `exceeds the available balance of ${formatAmount(free?.balanceMinor ?? 0n)} ${request.currency.toUpperCase()}`,
      });
    }
    if (rawQueryFailure(error)?.code === UNIQUE_VIOLATION) {
      // Another request with the same id or key won the race: answer as its retry would be answered.
      const raced = await previousAttempt({ caller, id: request.id, idempotencyKey, requestHash });
      if (raced) return raced;
      throw new AppError("VALIDATION", "Validation errors", {
        message: "this signed message has already placed an order; sign a new one",
      });
    }
    throw error;
  }
}

const UNIQUE_VIOLATION = "23505";

/**
 * One statement places the order: it inserts the order, then (drawing on the inserted row, so in that order) posts
 * its hold through `ledger_post`, records `order.created` as `recordEvent` would (same table, same columns, the
 * order as the API shows it) and, for a Safe signing on chain, the pending `order` signature. One round trip, one
 * implicit transaction: all of it is written or none. A used id, key or signed message fails the insert (unique
 * violation); a hold beyond the free balance fails `ledger_post` (`InsufficientFunds`).
 */
function placeOrderSql(
  order: Order,
  pending: { msgHash: string; requestedById: string; expiresAt: Date } | undefined,
): Prisma.Sql {
  const o = order;
  const wallet = { chain: o.chain, currency: o.currency, addressKey: o.addressKey, profileId: o.profileId };
  const hold = ledgerPostCall({
    kind: "hold",
    orderId: o.id,
    at: o.placedAt,
    postings: holdPostings(wallet, o.amountMinor),
  });
  return Prisma.sql`
    WITH "placed" AS (
      INSERT INTO "Order" (
        "id", "kind", "profileId", "address", "addressKey", "chain", "currency", "amountMinor", "counterpart", "memo",
        "referenceNumber", "state", "message", "signature", "messageKey", "signedAt", "supportingDocumentId",
        "placedAt", "requestHash", "idempotencyKey", "placedById", "updatedAt"
      ) VALUES (
        ${o.id}::uuid, ${o.kind}::"OrderKind", ${o.profileId}::uuid, ${o.address}, ${o.addressKey}, ${o.chain},
        ${o.currency}, ${o.amountMinor}::bigint, ${JSON.stringify(o.counterpart)}::jsonb, ${o.memo},
        ${o.referenceNumber}, ${o.state}::"OrderState", ${o.message}, ${o.signature}, ${o.messageKey},
        ${o.signedAt}::timestamptz, ${o.supportingDocumentId}::uuid, ${o.placedAt}::timestamptz, ${o.requestHash},
        ${o.idempotencyKey}, ${o.placedById}::uuid, ${o.updatedAt}::timestamptz
      )
      RETURNING "seq"
    ), "held" AS MATERIALIZED (
      SELECT ${hold} AS "transactionId" FROM "placed"
    ), "event" AS (${orderCreatedSql(o, Prisma.raw('"held"'))}
    ), "pending" AS (
      INSERT INTO "PendingSignature" (
        "id", "kind", "orderId", "profileId", "chain", "address", "addressKey", "message", "msgHash", "requestedById",
        "createdAt", "expiresAt"
      )
      SELECT gen_random_uuid(), 'order', ${o.id}::uuid, ${o.profileId}::uuid, ${o.chain}, ${o.address},
        ${o.addressKey}, ${o.message}, ${pending?.msgHash ?? null}::text, ${pending?.requestedById ?? null}::uuid,
        ${o.placedAt}::timestamptz, ${pending?.expiresAt ?? null}::timestamptz
      FROM "held"
      WHERE ${pending !== undefined}::boolean
    )
    SELECT "placed"."seq" FROM "placed", "held"`;
}

/**
 * The profile `addressKey` is linked to on `chain`, if the caller may act on it, with the caller's permissions: the
 * rules of `accessibleProfiles` (server/oauth/accessible-profiles.ts) applied to that one profile, in one query
 * whatever the number of profiles an application was granted. Client credentials: the application's own profile
 * and every profile that granted it access, read and write. A person's token: the person's profile, if granted to
 * the application, with the person's permissions. A person in Tokenrail's own screens: any profile of theirs.
 */
async function signerProfile(
  caller: Caller,
  addressKey: string,
  chain: string,
): Promise<{ id: string; state: ProfileState; perms: Perm[] } | undefined> {
  const prisma = await db();
  const [row] = await prisma.$queryRaw<{ id: string; state: ProfileState; granted: boolean; perms: string[] | null }[]>`
    SELECT p."id"::text AS "id", p."state"::text AS "state",
      EXISTS (
        SELECT 1 FROM "ApplicationGrant" g
        WHERE g."profileId" = p."id" AND g."applicationId" = ${caller.applicationId}::uuid AND g."revokedAt" IS NULL
      ) AS "granted",
      (SELECT m."perms" FROM "ProfileMember" m WHERE m."profileId" = p."id" AND m."userId" = ${caller.userId}::uuid)
        AS "perms"
    FROM "Address" a JOIN "Profile" p ON p."id" = a."profileId"
    WHERE a."addressKey" = ${addressKey} AND a."chain" = ${chain}`;
  if (!row) return undefined;
  const memberPerms = row.perms?.filter((perm): perm is Perm => perm === "read" || perm === "write");
  const perms =
    caller.grantType === CLIENT_CREDENTIALS
      ? row.id === caller.profileId || row.granted
        ? (["read", "write"] as Perm[])
        : undefined
      : caller.grantType === PERSON_IN_APP || row.granted
        ? memberPerms
        : undefined;
  return perms && { id: row.id, state: row.state, perms };
}

/** The order an earlier attempt of this request placed, or a conflict when the id or key came with another body. */
async function previousAttempt(options: {
  caller: Caller;
  id?: string;
  idempotencyKey?: string;
  requestHash: string;
}): Promise<PlaceOrderOutcome | undefined> {
  const { caller, id, idempotencyKey, requestHash } = options;
  if (!id && !idempotencyKey) return undefined;
  const prisma = await db();
  const existing = await prisma.order.findFirst({
    where: { OR: [...(id ? [{ id }] : []), ...(idempotencyKey ? [{ idempotencyKey }] : [])] },
  });
  if (!existing) return undefined;
  const mine = (await accessibleProfiles(caller)).some((p) => p.id === existing.profileId);
  if (!mine || existing.requestHash !== requestHash) {
    throw new AppError(
      "CONFLICT",
      id && existing.id === id
        ? "An order with this id exists with a different request"
        : "This Idempotency-Key was used with a different request",
    );
  }
  return { order: existing, signature: existing.signedAt ? "verified" : "awaited", repeated: true };
}

function evmChain(name: string, config: Config, field: string): ChainInfo {
  const chain = resolveChain(name, config.environment);
  if (!chain || chain.family !== "evm") {
    throw new AppError("VALIDATION", "Validation errors", {
      [field]: `${quote(name)} is not an EVM chain of this environment`,
    });
  }
  return chain;
}

/** The counterpart as orders show it: IBANs compact, chains by their name in this environment. */
function counterpartOf(request: PlaceOrderRequest, source: ChainInfo, config: Config): CounterpartView {
  const { identifier } = request.counterpart;
  const details = (request.counterpart.details ?? {}) as Record<string, string>;
  if (identifier.standard === "iban") {
    return {
      identifier: { standard: "iban", iban: identifier.iban, ...(identifier.bic ? { bic: identifier.bic } : {}) },
      details,
    };
  }
  const target = evmChain(identifier.chain, config, "counterpart.identifier.chain");
  if (target.name === source.name) {
    throw new AppError("VALIDATION", "Validation errors", {
      "counterpart.identifier.chain": "must differ from the order's chain: send tokens on one chain directly",
    });
  }
  return { identifier: { standard: "chain", address: identifier.address, chain: target.name }, details: {} };
}

/** From 15,000.00 EUR on, an invoice or agreement uploaded by the same caller must come with the order (C31). */
async function checkSupportingDocument(caller: Caller, request: PlaceOrderRequest): Promise<void> {
  const needed = request.currency === "eur" && request.amount >= SUPPORTING_DOCUMENT_THRESHOLD_MINOR;
  if (!request.supportingDocumentId) {
    if (needed) {
      throw new AppError("VALIDATION", "Validation errors", {
        supportingDocumentId: "is required from 15,000.00 EUR: upload the invoice or agreement with POST /files",
      });
    }
    return;
  }
  const prisma = await db();
  const file = await prisma.storedFile.findFirst({
    where: { id: request.supportingDocumentId, uploadedById: caller.userId },
    select: { id: true },
  });
  if (!file) {
    throw new AppError("VALIDATION", "Validation errors", {
      supportingDocumentId: "is not a file you uploaded",
    });
  }
}

function hashRequest(request: PlaceOrderRequest): string {
  return createHash("sha256").update(canonicalJson(request)).digest("hex");
}

/**
 * What makes a signed message used: its signer and its text, not the chain. The message names no source chain and an
 * EOA's signature holds on every chain, so a message signed once must not redeem once per chain the address is on.
 */
function messageKey(addressKey: string, message: string): string {
  return createHash("sha256").update(`${addressKey}\n${message}`).digest("hex");
}

/** JSON with sorted keys and bigints as strings: equal requests hash equally whatever their key order. */
function canonicalJson(value: unknown): string {
  if (typeof value === "bigint") return JSON.stringify(value.toString());
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
