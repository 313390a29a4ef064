import { z } from "zod";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError, isAppError } from "../errors.ts";
import type { Payout } from "../generated/prisma/client.ts";
import { importBankFile } from "../bank/import/import-bank-file.ts";
import { sendDayStatement } from "../bank/sandbox/day-statement.ts";
import { readPaymentFile, SANDBOX_BANK_NAME, sandboxId } from "../bank/sandbox/sandbox-bank.ts";
import { writeCamt054, writePain002 } from "../bank/sandbox/sandbox-bank-files.ts";
import { formatDecimalAmount } from "../bank/iso20022/decimal-amount.ts";
import { callersOrder } from "../orders/sandbox-orders.ts";
import type { Caller } from "../oauth/caller.ts";
import { logger } from "../logging/logger.ts";
import { validate } from "../validate.ts";
import type { SandboxPayoutView } from "./payout-simulation.responses.ts";
import type { SandboxActor } from "./change-sandbox-settings.ts";
import { assertOperator, assertSandbox } from "./sandbox-only.ts";
import { openPaymentFile } from "../bank/payments/payment-file-content.ts";

/*
 * The simulator plays the bank refusing a payout: before the money left, a pain.002 rejecting it (RJCT); after, a
 * camt.054 entry bringing it back (a return). Both are bank files the importer imports like a real bank's, so the
 * payout moves and the redeem's tokens are re-issued exactly as they would be in production (C50).
 */

/** An ISO 20022 reason code (ExternalStatusReason1Code, ExternalReturnReason1Code): AC04 account closed… */
export const payoutRefusalSchema = z.object({
  reason: z
    .string("must be a string")
    .max(4, "must be an ISO 20022 reason code of four capitals or digits, such as AC04 or MS03")
    .regex(/^[A-Z0-9]{4}$/, "must be an ISO 20022 reason code of four capitals or digits, such as AC04 or MS03")
    .default("AC04"),
});
export type PayoutRefusal = z.infer<typeof payoutRefusalSchema>;

export const PAYOUT_REFUSALS = {
  404: "Order not found, or it has no payout to an IBAN",
  409: "The payout is not in a state the bank can do this in",
};

function payoutView(payout: Payout): SandboxPayoutView {
  return {
    order: payout.orderId ?? "",
    endToEndId: payout.endToEndId,
    amount: formatDecimalAmount(payout.amountMinor, payout.currency.toUpperCase()),
    currency: payout.currency,
    state: payout.state,
    reasonCode: payout.reasonCode,
    reissueOrder: payout.reissueOrderId,
  };
}

async function callersPayout(caller: Caller, orderId: string): Promise<Payout> {
  const id = await callersOrder(caller, orderId);
  const prisma = await db();
  const payout = await prisma.payout.findUnique({ where: { orderId: id } });
  if (!payout) throw new AppError("NOT_FOUND", "This order has no payout to an IBAN");
  return payout;
}

async function reread(payout: Payout): Promise<SandboxPayoutView> {
  const prisma = await db();
  return payoutView(await prisma.payout.findUniqueOrThrow({ where: { id: payout.id } }));
}

/** The payment file that carried the payout, as the bank received it. */
async function paymentFileOf(payout: Payout) {
  const prisma = await db();
  const file = payout.fileId ? await prisma.bankFile.findUnique({ where: { id: payout.fileId } }) : null;
  if (!file?.content) throw new AppError("CONFLICT", "The payout is not in a payment file the bank has");
  const read = readPaymentFile(openPaymentFile(file.content));
  return { read, payment: read.payments.find((payment) => payment.endToEndId === payout.endToEndId) };
}

/** A sandbox bank file through the importer; a refusal there (our bug, or a conflicting earlier file) is a 409. */
async function importAsBank(bytes: Uint8Array, name: string, config: Config): Promise<void> {
  try {
    await importBankFile({ content: { bytes }, name, source: "simulator", config });
  } catch (error) {
    if (isAppError(error) && error.code === "CONFLICT") throw new AppError("CONFLICT", error.message);
    throw error;
  }
}

/** `GET /sandbox/orders/{orderId}/payout`: the payout of one of the caller's redeem orders, as the bank sees it. */
export async function sandboxPayout(options: { caller: Caller; orderId: string; config: Config }) {
  assertSandbox(options.config);
  return payoutView(await callersPayout(options.caller, options.orderId));
}

/**
 * `POST /sandbox/orders/{orderId}/payout/reject` and `…/return`, on the caller's own order. Reject: the bank refuses
 * the payout (pain.002 RJCT with the reason), only while its money has not left (released or accepted, not debited).
 * Return: the payout comes back after the money left (a camt.054 credit of the master account with the original
 * end-to-end id and the return reason), only once it is debited. A payout already rejected or returned answers as it
 * is.
 */
export async function simulatePayoutRefusal(options: {
  action: "reject" | "return";
  caller: Caller;
  orderId: string;
  refusal: PayoutRefusal;
  config: Config;
}): Promise<SandboxPayoutView> {
  assertSandbox(options.config);
  const payout = await callersPayout(options.caller, options.orderId);
  const refuse = options.action === "reject" ? rejectPayout : returnPayout;
  return refuse(payout, options.refusal.reason, options.config);
}

/** The sandbox bank rejects the payout: a pain.002 RJCT on its payment file, imported. */
export async function rejectPayout(payout: Payout, reason: string, config: Config): Promise<SandboxPayoutView> {
  if (payout.state === "rejected") return payoutView(payout);
  if (payout.state !== "released" && payout.state !== "accepted") {
    throw new AppError(
      "CONFLICT",
      payout.state === "debited" || payout.state === "returned"
        ? `The payout is ${payout.state}: the money has left, so the bank can only return it`
        : `The payout is ${payout.state}: its payment file has not been released to the bank yet`,
    );
  }
  const { read } = await paymentFileOf(payout);
  const messageId = sandboxId("SBX002R", `${payout.endToEndId}:${reason}`);
  const bytes = writePain002({
    messageId,
    createdAt: new Date(),
    original: {
      messageId: read.messageId,
      messageName: read.messageName,
      paymentInformationId: read.paymentInformationId,
    },
    // The other payments of the file are not answered here: a partial status, unless this is the only one.
    groupStatus: read.payments.length === 1 ? "RJCT" : "PART",
    groupReason: read.payments.length === 1 ? reason : undefined,
    bankName: SANDBOX_BANK_NAME,
    transactions: [{ endToEndId: payout.endToEndId, status: "RJCT", reason: reason }],
  });
  await importAsBank(bytes, `pain002-${messageId}.xml`, config);
  return reread(payout);
}

/** The payout comes back to the master account: a camt.054 return entry, imported. */
export async function returnPayout(payout: Payout, reason: string, config: Config): Promise<SandboxPayoutView> {
  if (payout.state === "returned") return payoutView(payout);
  if (payout.state !== "debited") {
    throw new AppError(
      "CONFLICT",
      payout.state === "rejected"
        ? "The payout was rejected: its money never left"
        : `The payout is ${payout.state}: only a payout the bank has debited can come back`,
    );
  }
  const { payment } = await paymentFileOf(payout);
  const messageId = sandboxId("SBX054R", payout.endToEndId);
  const bytes = writeCamt054({
    messageId,
    createdAt: new Date(),
    account: config.bank.account,
    entries: [
      {
        kind: "return",
        reference: sandboxId("SBXRT", payout.endToEndId),
        amountMinor: payout.amountMinor,
        currency: payout.currency.toUpperCase(),
        originalEndToEndId: payout.endToEndId,
        reason: reason,
        returnedBy: { name: payment?.creditor.name || "NOTPROVIDED", iban: payment?.creditor.iban ?? "" },
      },
    ],
  });
  await importAsBank(bytes, `camt054-${messageId}.xml`, config);
  return reread(payout);
}

/** The simulator console's payout form: which redeem order, what the bank does, and why. */
export const consolePayoutRefusalSchema = z.object({
  orderId: z
    .string("Order id missing")
    .max(64, "must be an order id (a UUID)")
    .trim()
    .pipe(z.guid("must be an order id (a UUID)")),
  action: z.enum(["reject", "return"], "must be reject or return"),
  reason: payoutRefusalSchema.shape.reason,
});
export type ConsolePayoutRefusal = z.input<typeof consolePayoutRefusalSchema>;

/**
 * The console plays the bank refusing any redeem's payout, whoever placed it: an operator's lever, like the Safe
 * levers (anyone else refuses their own application's payouts through the API).
 */
export async function refusePayoutFromConsole(options: {
  input: unknown;
  actor: SandboxActor;
  config: Config;
}): Promise<SandboxPayoutView> {
  const { actor, config } = options;
  assertSandbox(config);
  assertOperator(actor);
  const request = validate(consolePayoutRefusalSchema, options.input);
  const prisma = await db();
  const payout = await prisma.payout.findUnique({ where: { orderId: request.orderId.toLowerCase() } });
  if (!payout) {
    throw new AppError("VALIDATION", "Validation errors", { orderId: "No redeem order with a payout has this id" });
  }
  const view =
    request.action === "reject"
      ? await rejectPayout(payout, request.reason, config)
      : await returnPayout(payout, request.reason, config);
  logger().info(
    { reqId: actor.requestId, actor: `user:${actor.userId}`, orderId: payout.orderId, action: request.action },
    "payout refused by the simulator's bank",
  );
  return view;
}

/** What the console shows of a day statement the sandbox bank sent. */
export type SentStatementView = { fileId: string; messageId: string; entries: number; duplicate: boolean };

/** The console's bank sends today's statement of the master account (camt.053), imported: an operator's lever. */
export async function sendStatementFromConsole(options: {
  actor: SandboxActor;
  config: Config;
}): Promise<SentStatementView> {
  const { actor, config } = options;
  assertSandbox(config);
  assertOperator(actor);
  const report = await sendDayStatement({ date: new Date().toISOString().slice(0, 10), config });
  logger().info(
    { reqId: actor.requestId, actor: `user:${actor.userId}`, fileId: report.file.id },
    "day statement sent by the simulator's bank",
  );
  return {
    fileId: report.file.id,
    messageId: report.file.messageId,
    entries: report.entries.length,
    duplicate: report.file.duplicate,
  };
}
