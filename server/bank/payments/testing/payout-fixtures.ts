import { randomBytes, randomUUID } from "node:crypto";
import type { Hex } from "viem";
import { loadConfig, type Config } from "../../../config.ts";
import { db } from "../../../db/client.ts";
import type { Order } from "../../../generated/prisma/client.ts";
import { recordHold, recordMint } from "../../../ledger/movements.ts";
import { sealOrderText } from "../../../orders/order-text.ts";
import type { CounterpartView } from "../../../orders/order.responses.ts";
import { settleIn } from "../../../orders/settle-in.ts";
import { readBankFile } from "../../iso20022/read-bank-file.ts";
import { readPaymentStatus, type PaymentStatusReport } from "../../iso20022/read-payment-status.ts";
import { openedEvents } from "../../../testing/recorded-events.ts";
import {
  generatePain002,
  type GeneratedStatus,
  type GeneratedTransactionStatus,
} from "../../iso20022/testing/generate-pain002.ts";

/** Payees of the tests: valid IBANs (checksums right), one with a BIC. */
export const PAYEES: CounterpartView[] = [
  {
    identifier: { standard: "iban", iban: "NL91ABNA0417164300", bic: "ABNANL2A" },
    details: { name: "Zoë Ångström & Søn" },
  },
  {
    identifier: { standard: "iban", iban: "DE89370400440532013000" },
    details: { firstName: "Jan", lastName: "de Vries" },
  },
  { identifier: { standard: "iban", iban: "GR1601101250000000012300695" }, details: {} },
];

/** The bank configuration of a test: the sandbox's by default, or files made by runs and released by hand. */
export function bankConfig(bank: { manual?: boolean; painVersion?: "09" | "03" } = {}): Config {
  return loadConfig({
    ...process.env,
    ...(bank.manual ? { TOKENRAIL_BANK_AUTO_RELEASE: "false", TOKENRAIL_BANK_PAYMENT_RUN_INTERVAL: "300" } : {}),
    ...(bank.painVersion ? { TOKENRAIL_BANK_PAIN001_VERSION: bank.painVersion } : {}),
  });
}

/** An approved profile with an address on sepolia. */
export async function customer(): Promise<{ profileId: string; address: Hex }> {
  const prisma = await db();
  const stamp = randomBytes(4).toString("hex");
  const profile = await prisma.profile.create({
    data: { kind: "corporate", name: `Payee Co ${stamp}`, state: "approved" },
  });
  const address = `0x${randomBytes(20).toString("hex")}` as const;
  await prisma.address.create({ data: { profileId: profile.id, address, addressKey: address, chain: "sepolia" } });
  return { profileId: profile.id, address };
}

/**
 * A placed, signed redeem order to an IBAN with its tokens held in the ledger (minted to the address first), as
 * `placeOrder` leaves one.
 */
export async function placedRedeem(
  who: { profileId: string; address: Hex },
  options: {
    amountMinor?: bigint;
    counterpart?: CounterpartView;
    memo?: string;
    referenceNumber?: string;
    at?: Date;
    currency?: string;
  } = {},
): Promise<Order> {
  const prisma = await db();
  const at = options.at ?? new Date();
  const amountMinor = options.amountMinor ?? 12_345n;
  const currency = options.currency ?? "eur";
  const wallet = { chain: "sepolia", currency, addressKey: who.address, profileId: who.profileId };
  return prisma.$transaction(async (tx) => {
    await recordMint(tx, { wallet, amountMinor, orderId: randomUUID(), at });
    const order = await tx.order.create({
      data: {
        id: randomUUID(),
        kind: "redeem",
        profileId: who.profileId,
        address: who.address,
        addressKey: who.address,
        chain: "sepolia",
        currency,
        amountMinor,
        // Sealed as placeOrder writes them (C70).
        ...sealOrderText({ counterpart: options.counterpart ?? PAYEES[0]!, memo: options.memo ?? "Invoice 2026-114" }),
        referenceNumber: options.referenceNumber ?? null,
        state: "placed",
        message: "signed",
        signature: "0x",
        signedAt: at,
        placedAt: at,
      },
    });
    await recordHold(tx, { wallet, amountMinor, orderId: order.id, at });
    return order;
  });
}

/** The chain confirmed the order's burn: the queue's settlement (`queueHooks().confirmed`), as the chain queue runs it. */
export async function burned(order: Order, config: Config, now = new Date()): Promise<Order> {
  const prisma = await db();
  const txHash = `0x${randomBytes(32).toString("hex")}` as const;
  return prisma.$transaction(async (tx) => {
    const row = await tx.order.update({ where: { id: order.id }, data: { chainAttemptAt: now } });
    return settleIn(tx, row, { outcome: "processed", txHash, config, now });
  });
}

/** The order events recorded for an order, oldest first. */
export async function orderEvents(orderId: string): Promise<{ type: string; state: string }[]> {
  const prisma = await db();
  const rows = await prisma.domainEvent.findMany({
    where: { type: { in: ["order.created", "order.updated"] } },
    orderBy: { seq: "asc" },
  });
  return openedEvents(rows)
    .filter((row) => (row.data as { id: string }).id === orderId)
    .map((row) => ({ type: row.type, state: (row.data as { state: string }).state }));
}

/**
 * A bank's pain.002.001.11 on one of our files (`generatePain002`: valid against the official schema), read as the
 * importer reads it. `block` is the payment information block's own status (its id is the file's message id, as
 * our files have it, unless given); the payments are listed in it. Without either there is no block.
 */
export function statusReport(
  originalMessageId: string,
  answer: {
    group?: GeneratedStatus;
    block?: GeneratedStatus & { paymentInformationId?: string };
    payments?: GeneratedTransactionStatus[];
  },
): PaymentStatusReport {
  const { block, payments } = answer;
  const listed = block !== undefined || (payments !== undefined && payments.length > 0);
  const bytes = generatePain002({
    messageId: `STS-${randomBytes(6).toString("hex")}`,
    createdAt: "2026-11-26T11:02:00+01:00",
    original: { messageId: originalMessageId },
    group: answer.group,
    blocks: listed ? [{ paymentInformationId: originalMessageId, ...block, transactions: payments ?? [] }] : [],
  });
  return readPaymentStatus(readBankFile(bytes));
}
