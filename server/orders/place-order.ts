import { randomUUID } from "node:crypto";
import type { Hex } from "viem";
import { chainGateway } from "../chains/configured-gateway.ts";
import { resolveChain } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { Order } from "../generated/prisma/client.ts";
import { AppError } from "../errors.ts";
import { insufficientFunds, rawQueryFailure } from "../ledger/post-transaction.ts";
import { formatAmount } from "../money/amount.ts";
import { monitorAfterCommit } from "../monitoring/monitor-after-commit.ts";
import type { Caller } from "../oauth/caller.ts";
import { ON_CHAIN_WAIT_SECONDS } from "../addresses/link-address.ts";
import { signedBy } from "../signatures/verify-signature.ts";
import { checkOrderMessage } from "./order-message.ts";
import { verifyEoaSignature } from "./signature-worker.ts";
import type { PlaceOrderRequest } from "./order.schemas.ts";
import { checkSupportingDocument, counterpartOf, evmChain } from "./order-request.ts";
import { hashRequest, messageKey, previousAttempt } from "./repeated-order.ts";
import { signerProfile } from "./signer-profile.ts";
import { writePlacedOrder } from "./write-placed-order.ts";

/** The memo of an order placed without memo or reference number (CONTRACT §4.17). */
export const DEFAULT_MEMO = "Powered by Tokenrail";

export type PlaceOrderOutcome = { order: Order; signature: "verified" | "awaited"; repeated: boolean };

/**
 * `POST /orders` (SPEC endpoint 20): a redeem order from a linked address of an approved (or closed) profile the
 * caller may change. The signed message must name the order's currency, amount and receiver and be at most five minutes old
 * (C19); the signature is the address's own (EOA), its owners' (Safe off-chain, ERC-1271), or `0x` for a Safe that
 * signs on chain (the order then waits for its `SignMsg`, as a pending `order` signature). The amount is held in
 * the ledger as the order is created, so concurrent orders can never spend the same tokens (C33), and a signed
 * message places one order only. A retried request (same `id`, or same `Idempotency-Key`) with the same body gets
 * the same order back; with another body it is a conflict (C32). A copy sent while the first is in flight waits for it
 * and gets the same answer (C74): the order's keys are the first locks its transaction takes (`write-placed-order.ts`).
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
  if (earlier) return repeatOf(earlier);

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
  // A closed profile still redeems what it holds: e-money is redeemable at any time, the end of the relationship
  // included (C71); it takes no new IBAN or submission, so nothing more is minted to it.
  if (profile.state !== "approved" && profile.state !== "closed") {
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
    // In memory the order is plain; its write seals the counterpart and memo and adds this (./order-text.ts).
    memoKey: null,
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
    paymentFileId: null,
    endToEndId: null,
    updatedAt: now,
  };
  const pending = msgHash && {
    msgHash,
    requestedById: caller.userId,
    expiresAt: new Date(now.getTime() + ON_CHAIN_WAIT_SECONDS * 1000),
  };
  try {
    const written = await writePlacedOrder(order, pending, { id: request.id, idempotencyKey });
    // A copy of this request placed the order while this one waited for its keys: answer as to its retry.
    if (written === "raced") return repeatOf(await earlierOrder());
    // Committed: the monitoring rules look at it in the background (C67), never holding up or failing the order.
    monitorAfterCommit([{ kind: "order", id }], { clock });
    return { order: { ...order, seq: written.seq }, signature: awaited ? "awaited" : "verified", repeated: false };
  } catch (error) {
    if (insufficientFunds(error)) {
      const prisma = await db();
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
      // The keys are locked first: a used signed message, unless an earlier attempt of this request is found.
      const raced = await previousAttempt({ caller, id: request.id, idempotencyKey, requestHash });
      if (raced) return repeatOf(raced);
      throw new AppError("VALIDATION", "Validation errors", {
        message: "this signed message has already placed an order; sign a new one",
      });
    }
    throw error;
  }

  async function earlierOrder(): Promise<Order> {
    const raced = await previousAttempt({ caller, id: request.id, idempotencyKey, requestHash });
    if (!raced) throw new Error(`order ${request.id ?? idempotencyKey} was found and then not found`);
    return raced;
  }
}

const UNIQUE_VIOLATION = "23505";

/** The answer to a retried request: the order the first attempt placed. */
function repeatOf(order: Order): PlaceOrderOutcome {
  return { order, signature: order.signedAt ? "verified" : "awaited", repeated: true };
}
