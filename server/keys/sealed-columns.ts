import { db } from "../db/client.ts";
import { APPROVAL_NOTE, APPROVAL_PAYLOAD, APPROVAL_SUMMARY } from "../approvals/approval-columns.ts";
import { AUDIT_AFTER, AUDIT_BEFORE, AUDIT_REASON } from "../audit/audit-columns.ts";
import { ENTRY_DEBTOR_IBAN, ENTRY_DEBTOR_NAME, ENTRY_IBAN, ENTRY_REMITTANCE } from "../bank/import/entry-columns.ts";
import { PAYMENT_FILE_CONTENT } from "../bank/payments/payment-file-content.ts";
import { PAYOUT_COUNTERPART, PAYOUT_REMITTANCE } from "../bank/payments/payout-columns.ts";
import { EVENT_DATA } from "../events/event-data.ts";
import { MAIL_BODY, MAIL_CONTENT, MAIL_HTML, MAIL_TO } from "../mail/mail-columns.ts";
import {
  INCOMING_DEBTOR,
  INCOMING_IBAN,
  INCOMING_MEMO,
  ORDER_COUNTERPART,
  ORDER_MEMO,
  ORDER_MESSAGE,
} from "../orders/order-columns.ts";
import { REQUEST_EMAIL } from "../oauth/request-email.ts";
import { INVITATION_EMAIL } from "../operators/invitation-email.ts";
import { SUBMISSION_DATA } from "../profiles/submission-data.ts";
import { CASE_DETAIL, CASE_EVENT_NOTE, CASE_REASON, CASE_SUBJECT_NAME } from "../screening/cases/case-columns.ts";
import { PENDING_MESSAGE } from "../signatures/pending-message.ts";
import { RESET_EMAIL } from "../users/reset-request-email.ts";
import { withBodyData } from "../webhooks/webhook-body.ts";
import { logger } from "../logging/logger.ts";
import { blindIndex, type IndexKind } from "./blind-index.ts";
import { IBAN_NUMBER, PROFILE_NAME, PROFILE_STATE_REASON, USER_EMAIL, USER_NAME } from "./people-columns.ts";
import type { Progress } from "./progress.ts";
import { openValue } from "./sealed-value.ts";
import { SUBJECT_KEY } from "./subject-key-column.ts";

/**
 * Every column that holds personal data sealed at rest (C70; ./sealed-value.ts). Each is a JSON column whose value is
 * `sealValue(value, context)` (or a text column with one inside, `within`); `context` is `"<table>.<column>"`, so a sealed value copied into another column does not
 * open there. The key passes (./key-work.ts) seal what is still plain, re-wrap what an older key wraps and count what
 * is left, column by column, from this list alone: a column added here is sealed, rotated and proven with the others.
 */
export type SealedColumn = {
  table: string;
  column: string;
  /** The primary key's SQL type: the passes walk a table in key order. */
  idType: "uuid" | "text";
  context: string;
  /**
   * Where the sealed value sits: the whole JSON column (by default), the `data` of the JSON text a webhook delivery
   * keeps (`{"type","timestamp","data"}`, server/webhooks/webhook-body.ts), sealed for the event's context, or a
   * binary column keeping the sealed value of its bytes in base64 as JSON text (a payment file,
   * server/bank/payments/payment-file-content.ts); there a plain value is seen as the JSON string of its base64.
   */
  within?: "webhook-body" | "bytes";
  /**
   * The column holding the value's keyed hash (`Keyring.blindIndex(context, value)`), where a sealed value must still
   * be found by equality (`Order.memoKey`): set when a plain value is sealed.
   */
  blindIndex?: string;
  /**
   * The column beside it holding the value's blind index (./blind-index.ts), when the value is looked up. A row
   * written before sealing began gets it from `indexSealedColumn`, before its value is sealed.
   */
  index?: { column: string; kind: IndexKind };
};

export const SEALED_COLUMNS: readonly SealedColumn[] = [
  { table: "ProfileSubmission", column: "data", idType: "uuid", context: SUBMISSION_DATA },
  {
    table: "User",
    column: "email",
    idType: "uuid",
    context: USER_EMAIL,
    index: { column: "emailIndex", kind: "email" },
  },
  { table: "User", column: "name", idType: "uuid", context: USER_NAME },
  { table: "Profile", column: "name", idType: "uuid", context: PROFILE_NAME },
  { table: "Profile", column: "stateReason", idType: "uuid", context: PROFILE_STATE_REASON },
  { table: "Iban", column: "iban", idType: "uuid", context: IBAN_NUMBER, index: { column: "ibanIndex", kind: "iban" } },
  { table: "Order", column: "counterpart", idType: "uuid", context: ORDER_COUNTERPART },
  { table: "Order", column: "memo", idType: "uuid", context: ORDER_MEMO, blindIndex: "memoKey" },
  { table: "Order", column: "message", idType: "uuid", context: ORDER_MESSAGE },
  { table: "IncomingPayment", column: "memo", idType: "uuid", context: INCOMING_MEMO },
  { table: "IncomingPayment", column: "debtor", idType: "uuid", context: INCOMING_DEBTOR },
  { table: "IncomingPayment", column: "iban", idType: "uuid", context: INCOMING_IBAN },
  { table: "Payout", column: "counterpart", idType: "uuid", context: PAYOUT_COUNTERPART },
  { table: "Payout", column: "remittance", idType: "uuid", context: PAYOUT_REMITTANCE },
  { table: "BankEntry", column: "debtorName", idType: "uuid", context: ENTRY_DEBTOR_NAME },
  { table: "BankEntry", column: "debtorIban", idType: "uuid", context: ENTRY_DEBTOR_IBAN },
  { table: "BankEntry", column: "remittance", idType: "uuid", context: ENTRY_REMITTANCE },
  { table: "BankEntry", column: "iban", idType: "uuid", context: ENTRY_IBAN },
  { table: "DomainEvent", column: "data", idType: "uuid", context: EVENT_DATA },
  { table: "WebhookDelivery", column: "payload", idType: "text", context: EVENT_DATA, within: "webhook-body" },
  {
    table: "OutboxMessage",
    column: "to",
    idType: "uuid",
    context: MAIL_TO,
    index: { column: "toIndex", kind: "email" },
  },
  { table: "OutboxMessage", column: "body", idType: "uuid", context: MAIL_BODY },
  { table: "OutboxMessage", column: "content", idType: "uuid", context: MAIL_CONTENT },
  { table: "OutboxMessage", column: "html", idType: "uuid", context: MAIL_HTML },
  { table: "BankFile", column: "content", idType: "uuid", context: PAYMENT_FILE_CONTENT, within: "bytes" },
  { table: "ComplianceCase", column: "subjectName", idType: "uuid", context: CASE_SUBJECT_NAME },
  { table: "ComplianceCase", column: "detail", idType: "uuid", context: CASE_DETAIL },
  { table: "ComplianceCase", column: "reason", idType: "uuid", context: CASE_REASON },
  { table: "ComplianceCaseEvent", column: "note", idType: "uuid", context: CASE_EVENT_NOTE },
  { table: "OperatorInvitation", column: "email", idType: "uuid", context: INVITATION_EMAIL },
  {
    table: "AuthorizationRequest",
    column: "email",
    idType: "text",
    context: REQUEST_EMAIL,
    index: { column: "emailIndex", kind: "email" },
  },
  {
    table: "PasswordResetRequest",
    column: "email",
    idType: "uuid",
    context: RESET_EMAIL,
    index: { column: "emailIndex", kind: "email" },
  },
  { table: "PendingSignature", column: "message", idType: "uuid", context: PENDING_MESSAGE },
  // The audit log is append-only; its trigger lets these passes seal a plain value and re-wrap a sealed one, nothing
  // else (prisma/migrations/20261129011613_operator_records_sealed).
  { table: "AuditEntry", column: "before", idType: "uuid", context: AUDIT_BEFORE },
  { table: "AuditEntry", column: "after", idType: "uuid", context: AUDIT_AFTER },
  { table: "AuditEntry", column: "reason", idType: "uuid", context: AUDIT_REASON },
  { table: "OperatorApproval", column: "payload", idType: "uuid", context: APPROVAL_PAYLOAD },
  { table: "OperatorApproval", column: "summary", idType: "uuid", context: APPROVAL_SUMMARY },
  { table: "OperatorApproval", column: "note", idType: "uuid", context: APPROVAL_NOTE },
  // A data subject's own key, sealed like any value: rotation re-wraps it with the rest (./subject-keys.ts).
  { table: "SubjectKey", column: "key", idType: "uuid", context: SUBJECT_KEY },
];

/** SQL selecting a column's rows: `where` is given the quoted column (`"data"`). NULL (no value) is never selected. */
export type ColumnWhere = (column: string) => string;

/** A value sealed by ./sealed-value.ts, in SQL: under the keyring (`v1.`) or under a subject's key (`s1.`). */
export const SEALED_SQL: ColumnWhere = (c) =>
  `(jsonb_typeof(${c}) = 'object' AND ${c} ? 'sealed' AND jsonb_typeof(${c}->'sealed') = 'string' AND ((${c}->>'sealed') LIKE 'v1.%' OR (${c}->>'sealed') LIKE 's1.%'))`;

/** A value sealed under the keyring itself (not under a subject's key), in SQL. */
export const SEALED_UNDER_KEYRING_SQL: ColumnWhere = (c) => `(${SEALED_SQL(c)} AND (${c}->>'sealed') LIKE 'v1.%')`;

/**
 * A value still in plain text, in SQL. An empty string (a name not given yet, the columns' default) holds nothing to
 * seal, so a row created without one does not count as plain.
 */
export const PLAIN_SQL: ColumnWhere = (c) => `(NOT ${SEALED_SQL(c)} AND ${c} <> '""'::jsonb)`;

/**
 * A sealed value whose data key a key-encryption key other than `currentKekId` wraps, in SQL. A value under a
 * subject's key is not one: its data key is wrapped by that key, which is itself a sealed value of `SubjectKey.key`.
 */
export function underOlderSql(currentKekId: string): ColumnWhere {
  const id = currentKekId.replace(/[^A-Za-z0-9_-]/g, "");
  return (c) => `(${SEALED_UNDER_KEYRING_SQL(c)} AND (${c}->>'sealed') NOT LIKE 'v1.${id}.%')`;
}

function quoted(column: SealedColumn) {
  const stored = `"${column.column}"`;
  const table = `"${column.table}"`;
  if (column.within === "bytes") {
    const sealed = `substring(${stored} from 1 for 14) = convert_to('{"sealed":"v1.', 'UTF8')`;
    return {
      table,
      stored,
      /** The column as the passes read it back: its bytes in base64. */
      read: `encode(${stored}, 'base64')`,
      /** The sealed (or still plain) value itself, as jsonb; NULL where the column keeps none. */
      value: `(CASE WHEN ${sealed} THEN convert_from(${stored}, 'UTF8')::jsonb ELSE to_jsonb(encode(${stored}, 'base64')) END)`,
      /** SQL of what the column keeps, from a parameter: the written text; the read text (the guard). */
      write: (p: string) => `convert_to(${p}::text, 'UTF8')`,
      guard: (p: string) => `decode(${p}::text, 'base64')`,
      /** Whether what `read` gives is passed back as it is (text), or as JSON. */
      readIsText: true,
    };
  }
  const type = column.within === "webhook-body" ? "text" : "jsonb";
  return {
    table,
    stored,
    read: stored,
    value:
      column.within === "webhook-body" ? `(CASE WHEN ${stored} LIKE '{%' THEN ${stored}::jsonb->'data' END)` : stored,
    write: (p: string) => `${p}::${type}`,
    guard: (p: string) => `${p}::${type}`,
    readIsText: type === "text",
  };
}

/** What the column keeps once its value is `value`: the value itself, or the webhook body around it. */
function restored(column: SealedColumn, stored: unknown, value: unknown): string | undefined {
  if (column.within === "webhook-body") return withBodyData(stored as string, value);
  return JSON.stringify(value);
}

/**
 * Rewrites every value of `column` that `where` selects with what `next` makes of it, a batch of rows at a time in
 * key order; with `indexOf`, the column's blind index (`column.blindIndex`) is set to what it makes of the old value.
 * A row is updated only if its value is still what was read, so a row written meanwhile is left to its own write; the
 * work can stop anywhere, be run again to resume, and run on several instances at once. `next` returning undefined
 * leaves the row. Returns how many rows were rewritten; `progress` hears of each row looked at.
 */
export async function rewriteSealedColumn(
  column: SealedColumn,
  where: ColumnWhere,
  next: (value: unknown) => unknown,
  progress?: Progress,
  indexOf?: (value: unknown) => string | null,
): Promise<number> {
  const prisma = await db();
  const q = quoted(column);
  let rewritten = 0;
  let after: string | undefined;
  for (;;) {
    const rows = await prisma.$queryRawUnsafe<{ id: string; stored: unknown; value: unknown }[]>(
      `SELECT id::text AS id, ${q.read} AS stored, ${q.value} AS value FROM ${q.table}
        WHERE ${q.value} IS NOT NULL AND ${where(q.value)} ${after === undefined ? "" : `AND id > $1::${column.idType}`}
        ORDER BY id LIMIT ${BATCH}`,
      ...(after === undefined ? [] : [after]),
    );
    if (rows.length === 0) return rewritten;
    for (const row of rows) {
      const value = next(row.value);
      const written = value === undefined ? undefined : restored(column, row.stored, value);
      if (written !== undefined) {
        const index = column.blindIndex && indexOf ? `, "${column.blindIndex}" = $4::text` : "";
        rewritten += await prisma.$executeRawUnsafe(
          `UPDATE ${q.table} SET ${q.stored} = ${q.write("$1")}${index}
            WHERE id = $2::${column.idType} AND ${q.stored} = ${q.guard("$3")}`,
          written,
          row.id,
          q.readIsText ? row.stored : JSON.stringify(row.stored),
          ...(index ? [indexOf!(row.value)] : []),
        );
      }
      await progress?.advance(1);
    }
    after = rows[rows.length - 1]!.id;
  }
}

const BATCH = 200;

/**
 * Fills the blind index of every row of `column` that has a value but no index yet (rows written before sealing
 * began), from the value as stored (plain or sealed). Like `rewriteSealedColumn`, a row is updated only if it is still
 * as read and still unindexed, so the pass is resumable and safe beside writes. A value whose index another row
 * already holds (a duplicate the plain column allowed) is left unindexed, logged, and counted as failed.
 */
export async function indexSealedColumn(column: SealedColumn, progress?: Progress): Promise<number> {
  const index = column.index;
  if (!index) return 0;
  const prisma = await db();
  const q = quoted(column);
  const ix = `"${index.column}"`;
  let indexed = 0;
  let after: string | undefined;
  for (;;) {
    const rows = await prisma.$queryRawUnsafe<{ id: string; value: unknown }[]>(
      `SELECT id::text AS id, ${q.stored} AS value FROM ${q.table}
        WHERE ${q.stored} IS NOT NULL AND ${ix} IS NULL ${after === undefined ? "" : `AND id > $1::${column.idType}`}
        ORDER BY id LIMIT ${BATCH}`,
      ...(after === undefined ? [] : [after]),
    );
    if (rows.length === 0) return indexed;
    for (const row of rows) {
      const value = openValue(row.value, column.context);
      let failed = 0;
      if (typeof value === "string") {
        try {
          indexed += await prisma.$executeRawUnsafe(
            `UPDATE ${q.table} SET ${ix} = $1 WHERE id = $2::${column.idType} AND ${ix} IS NULL AND ${q.stored} = $3::jsonb`,
            blindIndex(column.context, index.kind, value),
            row.id,
            JSON.stringify(row.value),
          );
        } catch (err) {
          failed = 1;
          logger().error({ err, row: row.id, column: column.context }, "a value could not be indexed");
        }
      }
      await progress?.advance(0, failed);
    }
    after = rows[rows.length - 1]!.id;
  }
}

/** How many rows of `column` have a value but no blind index yet (zero for a column without one). */
export async function countUnindexed(column: SealedColumn): Promise<number> {
  if (!column.index) return 0;
  const prisma = await db();
  const q = quoted(column);
  const [row] = await prisma.$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT count(*) AS n FROM ${q.table} WHERE ${q.stored} IS NOT NULL AND "${column.index.column}" IS NULL`,
  );
  return Number(row?.n ?? 0);
}

/** How many values of `column` `where` selects. */
export async function countSealedColumn(column: SealedColumn, where: ColumnWhere): Promise<number> {
  const prisma = await db();
  const q = quoted(column);
  const [row] = await prisma.$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT count(*) AS n FROM ${q.table} WHERE ${q.value} IS NOT NULL AND ${where(q.value)}`,
  );
  return Number(row?.n ?? 0);
}

/** How many values `where` selects in every sealed column together. */
export async function countAllSealedColumns(where: ColumnWhere): Promise<number> {
  let n = 0;
  for (const column of SEALED_COLUMNS) n += await countSealedColumn(column, where);
  return n;
}
