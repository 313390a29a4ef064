import { randomUUID } from "node:crypto";
import { queueSender } from "../../chains/chain-queue.ts";
import { resolveChain, tokenContract, type Currency } from "../../chains/registry.ts";
import type { Config } from "../../config.ts";
import type { DbOrTx } from "../../db/client.ts";
import { EVENT_DATA } from "../../events/event-data.ts";
import { sealAtRest } from "../../keys/sealed-value.ts";
import { Prisma, type Order } from "../../generated/prisma/client.ts";
import { mailText, type MailContent } from "../../mail/enqueue-mail.ts";
import { mailRecipient, sealedMail } from "../../mail/mail-columns.ts";
import { announceMail } from "../../mail/mail-channel.ts";
import { minorToTokenUnits } from "../../money/amount.ts";
import { displayAmount } from "../../money/display.ts";
import { sealIncomingIban, sealIncomingText, sealOrderText } from "../../orders/order-text.ts";
import { orderView } from "../../orders/order-view.ts";
import { activeTraceparent } from "../../telemetry/tracing.ts";

/*
 * Money in, minted: what a credit to one of our IBANs becomes, however it arrives (a bank file through the importer,
 * an exception assigned by an operator, the sandbox's payment API). One statement writes a whole batch: the incoming
 * payment under its bank reference (never twice), the issue order, `order.created`, and the order's mint queued for
 * the chain with the order claimed, so a crash after the commit still mints (the queue is driven after it).
 */

/** One credit to mint. `bankReference` is the credit's identity: the same reference is minted once, ever. */
export type CreditToMint = {
  bankReference: string;
  iban: string;
  profileId: string;
  /** The IBAN's current target, unless the memo routes the mint elsewhere (`routedTargets`). */
  address: string;
  chain: string;
  amountMinor: bigint;
  /** The token currency (`eur`). */
  currency: Currency;
  memo?: string;
  debtor: { name: string; iban?: string };
  /** Who is mailed "payment received" (the IBAN's holder's members, `IbanHolder.emails`) where the IBAN asks for it. */
  recipients: readonly string[];
  /** The issue order's id, chosen by the caller (to write rows naming it in the same statement); new by default. */
  orderId?: string;
};

/**
 * More of a batch's writes in the statement that mints it: `WITH` items, which may read `"placed"` (the orders
 * written), and how many rows they wrote (an integer expression the statement answers).
 */
export type MintAlongside = { with: Prisma.Sql; answer: Prisma.Sql };

/** The memo of an issue order whose payment came without a usable one. */
const DEFAULT_ISSUE_MEMO = "Incoming payment";

const ROUTING_MEMO = /^\s*([a-z0-9]+):(0x[0-9a-fA-F]{40})\s*$/;

/**
 * Memos `<chain>:<address>` naming another linked address of the credit's own profile route its mint there: the
 * routed target of each credit that has one, by index in `credits`. One query for the whole batch.
 */
export async function routedTargets(
  tx: DbOrTx,
  credits: readonly { memo?: string; profileId: string }[],
  config: Config,
): Promise<Map<number, { address: string; chain: string }>> {
  const asked: { index: number; addressKey: string; chain: string; profileId: string }[] = [];
  credits.forEach((credit, index) => {
    const match = credit.memo ? ROUTING_MEMO.exec(credit.memo) : null;
    const chain = match && resolveChain(match[1]!, config.environment);
    if (match && chain) {
      asked.push({ index, addressKey: match[2]!.toLowerCase(), chain: chain.name, profileId: credit.profileId });
    }
  });
  const routed = new Map<number, { address: string; chain: string }>();
  if (asked.length === 0) return routed;
  const keys = asked.map(({ addressKey, chain }) => ({ addressKey, chain }));
  const links = await tx.$queryRaw<{ addressKey: string; chain: string; address: string; profileId: string }[]>`
    SELECT a."addressKey", a."chain", a."address", a."profileId"::text AS "profileId"
    FROM "Address" a
    JOIN jsonb_to_recordset(${JSON.stringify(keys)}::jsonb) AS k("addressKey" text, "chain" text)
      ON a."addressKey" = k."addressKey" AND a."chain" = k."chain"`;
  const byKey = new Map(links.map((link) => [`${link.chain}:${link.addressKey}`, link]));
  for (const { index, addressKey, chain, profileId } of asked) {
    const link = byKey.get(`${chain}:${addressKey}`);
    if (link && link.profileId === profileId) routed.set(index, { address: link.address, chain: link.chain });
  }
  return routed;
}

/** The issue order a credit becomes, as the API shows it once written (state pending, its mint queued). */
export function issueOrderFor(credit: CreditToMint, orderId: string, now: Date): Order {
  const memo =
    credit.memo && [...credit.memo].length >= 5 ? [...credit.memo].slice(0, 140).join("") : DEFAULT_ISSUE_MEMO;
  return {
    id: orderId,
    seq: 0n,
    kind: "issue",
    profileId: credit.profileId,
    address: credit.address,
    addressKey: credit.address.toLowerCase(),
    chain: credit.chain,
    currency: credit.currency,
    amountMinor: credit.amountMinor,
    counterpart: {
      identifier: { standard: "iban", iban: credit.debtor.iban ?? "" },
      details: { name: credit.debtor.name },
    },
    memo,
    memoKey: null,
    referenceNumber: null,
    state: "pending",
    message: null,
    signature: null,
    messageKey: null,
    signedAt: null,
    supportingDocumentId: null,
    placedAt: now,
    processedAt: null,
    rejectedReason: null,
    txHashes: [],
    chainAttemptAt: now,
    requestHash: null,
    idempotencyKey: null,
    placedById: null,
    parentOrderId: null,
    paymentFileId: null,
    endToEndId: null,
    updatedAt: now,
  };
}

/** What `mintCredits` wrote for one credit. */
export type MintedCredit = { orderId: string; chainTransactionId: string };

/**
 * Mints a batch of credits in one statement inside `tx`: per credit whose bank reference is new, the
 * `IncomingPayment`, the issue order (claimed: `chainAttemptAt` set), `order.created` and the queued mint. A bank
 * reference already recorded (before, or by a transaction committing meanwhile) writes nothing for that credit and
 * is missing from the answer, which maps each bank reference minted to its order.
 */
export async function mintCredits(
  tx: DbOrTx,
  credits: readonly CreditToMint[],
  config: Config,
  now: Date,
): Promise<Map<string, MintedCredit>> {
  return (await mintCreditsWith(tx, credits, config, now)).minted;
}

/**
 * `mintCredits`, with more of the batch's writes in the same statement (`alongside`, given the condition that every
 * credit was minted), and how many rows they wrote (0 when nothing was minted).
 */
export async function mintCreditsWith(
  tx: DbOrTx,
  credits: readonly CreditToMint[],
  config: Config,
  now: Date,
  alongside?: (everyCredit: Prisma.Sql) => MintAlongside,
): Promise<{ minted: Map<string, MintedCredit>; alongside: number }> {
  if (credits.length === 0) return { minted: new Map(), alongside: 0 };
  const sender = queueSender(config);
  const rows = credits.map((credit, ord) => {
    const chain = resolveChain(credit.chain, config.environment);
    if (!chain) throw new Error(`IBAN ${credit.iban} mints on ${credit.chain}, not a chain of this environment`);
    const order = issueOrderFor(credit, credit.orderId ?? randomUUID(), now);
    const sealedOrder = sealOrderText(order);
    const sealedPayment = sealIncomingText(credit);
    return {
      ord,
      orderId: order.id,
      txId: randomUUID(),
      bankReference: credit.bankReference,
      iban: sealIncomingIban(credit.iban),
      amountMinor: credit.amountMinor.toString(),
      currency: credit.currency,
      memo: sealedPayment.memo,
      debtor: sealedPayment.debtor,
      profileId: order.profileId,
      address: order.address,
      addressKey: order.addressKey,
      chain: order.chain,
      counterpart: sealedOrder.counterpart,
      orderMemo: sealedOrder.memo,
      memoKey: sealedOrder.memoKey,
      view: sealAtRest(orderView(order), EVENT_DATA),
      units: minorToTokenUnits(credit.amountMinor, tokenContract(chain, credit.currency).decimals).toString(),
      ...paymentMail(credit, order.address, chain.name),
      mailTo: credit.recipients.map(mailRecipient),
    };
  });
  const { mail } = config;
  const more = alongside?.(Prisma.sql`(SELECT count(*) FROM "placed") = ${credits.length}`);
  const minted = await tx.$queryRaw<{ bankReference: string; orderId: string; txId: string; alongside: number }[]>`
    WITH "input" AS (
      SELECT * FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) AS x(
        "ord" int, "orderId" uuid, "txId" uuid, "bankReference" text, "iban" jsonb, "amountMinor" text,
        "currency" text, "memo" jsonb, "debtor" jsonb, "profileId" uuid, "address" text, "addressKey" text,
        "chain" text, "counterpart" jsonb, "orderMemo" jsonb, "memoKey" text, "view" jsonb, "units" text,
        "mailSubject" text, "mailBody" jsonb, "mailContent" jsonb, "mailTo" jsonb)
    ), "payment" AS (
      INSERT INTO "IncomingPayment" (
        "id", "bankReference", "iban", "amountMinor", "currency", "memo", "debtor", "receivedAt", "orderId"
      )
      SELECT gen_random_uuid(), "bankReference", "iban", "amountMinor"::bigint, "currency", "memo", "debtor",
        ${now}::timestamptz, "orderId"
      FROM "input" ORDER BY "ord"
      ON CONFLICT ("bankReference") DO NOTHING
      RETURNING "orderId"
    ), "placed" AS (
      INSERT INTO "Order" (
        "id", "kind", "profileId", "address", "addressKey", "chain", "currency", "amountMinor", "counterpart", "memo",
        "memoKey", "state", "placedAt", "updatedAt", "chainAttemptAt"
      )
      SELECT i."orderId", 'issue'::"OrderKind", i."profileId", i."address", i."addressKey", i."chain", i."currency",
        i."amountMinor"::bigint, i."counterpart", i."orderMemo", i."memoKey",
        'pending'::"OrderState", ${now}::timestamptz,
        ${now}::timestamptz, ${now}::timestamptz
      FROM "input" i JOIN "payment" p ON p."orderId" = i."orderId" ORDER BY i."ord"
      RETURNING "id"
    ), "event" AS (
      INSERT INTO "DomainEvent" ("id", "type", "profileId", "data", "createdAt", "traceparent")
      SELECT gen_random_uuid(), 'order.created', i."profileId", i."view", ${now}::timestamptz, ${activeTraceparent()}::text
      FROM "input" i JOIN "placed" o ON o."id" = i."orderId" ORDER BY i."ord"
    ), "mail" AS (
      -- "Payment received", to the people of each IBAN that asked for payment mail (emailNotifications).
      INSERT INTO "OutboxMessage" (
        "id", "to", "toIndex", "subject", "body", "kind", "content", "applicationId", "messageId", "status", "createdAt",
        "nextAttemptAt"
      )
      SELECT gen_random_uuid(), t."to", t."toIndex", i."mailSubject", i."mailBody", 'payment-received', i."mailContent",
        (SELECT g."applicationId" FROM "ApplicationGrant" g
          WHERE g."profileId" = i."profileId" AND g."revokedAt" IS NULL ORDER BY g."createdAt" LIMIT 1),
        '<' || gen_random_uuid()::text || '@' || ${mail.messageIdHost} || '>',
        ${mail.smtpUrl ? "queued" : "kept"}::"MailStatus", ${now}::timestamptz, ${now}::timestamptz
      FROM "input" i JOIN "placed" o ON o."id" = i."orderId"
        JOIN "Iban" b ON b."profileId" = i."profileId" AND b."emailNotifications"
        CROSS JOIN jsonb_to_recordset(i."mailTo") AS t("to" jsonb, "toIndex" text)
      ORDER BY i."ord"
    ), "queued" AS (
      INSERT INTO "ChainTransaction" (
        "id", "orderId", "kind", "chain", "currency", "address", "units", "sender", "state", "attempt", "notBefore",
        "createdAt", "updatedAt", "traceparent"
      )
      SELECT i."txId", i."orderId", 'mint'::"ChainTransactionKind", i."chain", i."currency", i."address",
        i."units"::numeric, ${sender}, 'queued'::"ChainTransactionState", 1, ${now}::timestamptz,
        ${now}::timestamptz, ${now}::timestamptz, ${activeTraceparent()}::text
      FROM "input" i JOIN "placed" o ON o."id" = i."orderId" ORDER BY i."ord"
    )${more ? Prisma.sql`, ${more.with}` : Prisma.empty}
    SELECT i."bankReference", i."orderId"::text AS "orderId", i."txId"::text AS "txId",
      ${more ? more.answer : Prisma.sql`0`}::int AS "alongside"
    FROM "input" i JOIN "placed" o ON o."id" = i."orderId"`;
  // The mail workers hear of the mail once the batch commits (one notification for the whole batch).
  if (minted.length > 0 && mail.smtpUrl) await announceMail(tx);
  return {
    minted: new Map(minted.map((row) => [row.bankReference, { orderId: row.orderId, chainTransactionId: row.txId }])),
    alongside: minted[0]?.alongside ?? 0,
  };
}

/** The "payment received" mail of a credit, written with the batch's statement for the IBAN's people. */
function paymentMail(credit: CreditToMint, address: string, chain: string) {
  const amount = displayAmount(credit.amountMinor, credit.currency);
  const iban = credit.iban.replace(/(.{4})(?=.)/g, "$1 ");
  const content: MailContent = {
    subject: `You received ${amount}`,
    paragraphs: [
      `${amount} from ${credit.debtor.name || "a sender"} arrived on your IBAN ${iban}.`,
      `It is minted as tokens to your address ${address} on ${chain}.`,
      ...(credit.memo ? [`The payment's reference: ${credit.memo}`] : []),
    ],
  };
  const sealed = sealedMail(mailText(content), content);
  return { mailSubject: content.subject, mailBody: sealed.body, mailContent: sealed.content };
}
