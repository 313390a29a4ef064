import { randomBytes } from "node:crypto";
import { APPROVAL_NOTE, APPROVAL_PAYLOAD, APPROVAL_SUMMARY } from "../approvals/approval-columns.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { getConfig } from "../config.ts";
import { instanceKeyring } from "../keys/instance-keyring.ts";
import type { Progress } from "../keys/progress.ts";
import { SEALED_SQL } from "../keys/sealed-columns.ts";
import { isSealed, isUnderSubjectKey } from "../keys/sealed-value.ts";
import {
  destroySubjectKeys,
  moveUnderSubjectKey,
  sealUnderSubjectKey,
  subjectKeyFor,
  type DataSubject,
  type SubjectKey,
} from "../keys/subject-keys.ts";
import { AUDIT_AFTER, AUDIT_BEFORE, AUDIT_REASON } from "./audit-columns.ts";
import { ERASURE_RECORD_ACTIONS, subjectProfileSql } from "./data-subject.ts";

/*
 * Audit entries and approvals about a customer written before crypto-shredding (C71), sealed under the keyring, are
 * moved under the customer's own key in place: each value keeps its ciphertext, and only its data key is wrapped by
 * the subject key instead of the keyring (`moveUnderSubjectKey`), which is exactly what the log's trigger allows. The
 * sealing pass does it for every customer (`moveRecordsUnderSubjectKeys`); an erasure does it for its own customer
 * in its transaction (`shredSubjectRecords`), so nothing of theirs stays readable even before the pass came by. A
 * customer erased before this existed has their values moved under a key destroyed at once. A value still in plain
 * text (written before sealing began) is sealed under the subject's key directly, which the trigger allows as it
 * allows any plain value sealed.
 */

type RecordTable = {
  table: "AuditEntry" | "OperatorApproval";
  columns: { column: string; context: string }[];
  /** SQL of the profile a row is about, or NULL. */
  subject: string;
};

const RECORD_TABLES: RecordTable[] = [
  {
    table: "AuditEntry",
    columns: [
      { column: "before", context: AUDIT_BEFORE },
      { column: "after", context: AUDIT_AFTER },
      { column: "reason", context: AUDIT_REASON },
    ],
    subject: `(CASE WHEN r.action IN (${ERASURE_RECORD_ACTIONS.map((a) => `'${a}'`).join(", ")}) THEN NULL
      ELSE ${subjectProfileSql(`r."subjectType"`, `r."subjectId"`)} END)`,
  },
  {
    table: "OperatorApproval",
    columns: [
      { column: "payload", context: APPROVAL_PAYLOAD },
      { column: "summary", context: APPROVAL_SUMMARY },
      { column: "note", context: APPROVAL_NOTE },
    ],
    subject: subjectProfileSql(`r."subjectType"`, `r."subjectId"`),
  },
];

const BATCH = 200;

/** A value sealed under the keyring or still plain (not under a subject's key), in SQL. */
const notUnderSubjectKey = (c: string) =>
  `(${c} IS NOT NULL AND NOT (${SEALED_SQL(c)} AND (${c}->>'sealed') LIKE 's1.%'))`;

/** Any of the table's values still sealed under the keyring, or still plain, in SQL. */
const underKeyring = (t: RecordTable) =>
  `(${t.columns.map((c) => notUnderSubjectKey(`r."${c.column}"`)).join(" OR ")})`;

type Row = { id: string; profile: string; erased: boolean } & Record<string, unknown>;

/**
 * The key to move a subject's values under: its live key, or, when the subject is erased (its key destroyed, or its
 * profile erased before subject keys existed), a key made and forgotten at once, under the id of the destroyed one.
 */
async function keyToMoveUnder(
  tx: Prisma.TransactionClient,
  subject: DataSubject,
  erased: boolean,
  now: Date,
): Promise<SubjectKey> {
  const live = erased ? undefined : await subjectKeyFor(tx, subject, now);
  if (live) return live;
  await destroySubjectKeys(tx, [subject], now);
  const row = await tx.subjectKey.findUniqueOrThrow({
    where: { subjectType_subjectId: { subjectType: subject.type, subjectId: subject.id } },
    select: { id: true },
  });
  return { id: row.id, key: randomBytes(32) };
}

/**
 * Moves a row's values sealed under the keyring under `key` (a value still plain is sealed under it), each only if
 * it is still what was read.
 */
async function moveRow(tx: Prisma.TransactionClient, t: RecordTable, row: Row, key: SubjectKey): Promise<number> {
  const keyring = instanceKeyring(getConfig());
  let moved = 0;
  for (const { column, context } of t.columns) {
    const value = row[column];
    if (value === null || value === undefined) continue;
    if (isSealed(value) && isUnderSubjectKey(value.sealed)) continue;
    const next = isSealed(value)
      ? moveUnderSubjectKey(value, context, key, keyring)
      : sealUnderSubjectKey(value, context, key);
    moved += await tx.$executeRawUnsafe(
      `UPDATE "${t.table}" SET "${column}" = $1::jsonb WHERE id = $2::uuid AND "${column}" = $3::jsonb`,
      JSON.stringify(next),
      row.id,
      JSON.stringify(value),
    );
  }
  return moved;
}

const selectRows = (t: RecordTable, where: string) =>
  `SELECT x.*, COALESCE(p."erasedAt" IS NOT NULL, false) AS erased FROM (
     SELECT r.id::text AS id, ${t.subject}::text AS profile, ${t.columns.map((c) => `r."${c.column}"`).join(", ")}
     FROM "${t.table}" r WHERE ${underKeyring(t)} AND ${where}) x
   LEFT JOIN "Profile" p ON p.id = x.profile::uuid
   WHERE x.profile IS NOT NULL`;

/**
 * The sealing pass's last step: every audit entry and approval about a customer still sealed under the keyring is
 * moved under the customer's key (an erased customer's under a destroyed one). Resumable and safe beside writes, like
 * the other passes; returns how many values were moved.
 */
export async function moveRecordsUnderSubjectKeys(progress?: Progress): Promise<number> {
  if (!getConfig().keys.sealAtRest) return 0;
  const prisma = await db();
  let moved = 0;
  for (const t of RECORD_TABLES) {
    let after = "00000000-0000-0000-0000-000000000000";
    for (;;) {
      // Walked in id order by every row still under the keyring; a row of no customer is passed over.
      const ids = await prisma.$queryRawUnsafe<{ id: string }[]>(
        `SELECT r.id::text AS id FROM "${t.table}" r WHERE ${underKeyring(t)} AND r.id > $1::uuid ORDER BY r.id LIMIT ${BATCH}`,
        after,
      );
      if (ids.length === 0) break;
      const rows = await prisma.$queryRawUnsafe<Row[]>(
        selectRows(t, `r.id = ANY($1::uuid[])`),
        ids.map((r) => r.id),
      );
      for (const row of rows) {
        const subject: DataSubject = { type: "profile", id: row.profile };
        moved += await prisma.$transaction(async (tx) =>
          moveRow(tx, t, row, await keyToMoveUnder(tx, subject, row.erased, new Date())),
        );
        await progress?.advance(1);
      }
      after = ids[ids.length - 1]!.id;
    }
  }
  return moved;
}

/** How many audit entries and approvals about a customer still hold a value sealed under the keyring, or plain. */
export async function countRecordsUnderKeyring(): Promise<number> {
  const prisma = await db();
  let n = 0;
  for (const t of RECORD_TABLES) {
    const [row] = await prisma.$queryRawUnsafe<{ n: bigint }[]>(
      `SELECT count(*) AS n FROM (${selectRows(t, "true")}) y`,
    );
    n += Number(row?.n ?? 0);
  }
  return n;
}

/**
 * In an erasure's transaction (C71): the profile's key is destroyed (and those of the people erased with it), and
 * every audit entry and approval about the profile still sealed under the keyring (or plain) is moved under the
 * destroyed key, so none of them opens again. The rows themselves, their order and what they name plainly stay.
 */
export async function shredSubjectRecords(
  tx: Prisma.TransactionClient,
  options: { profileId: string; userIds: string[]; now: Date },
): Promise<{ keys: number; values: number }> {
  const { profileId, userIds, now } = options;
  const subjects: DataSubject[] = [
    { type: "profile", id: profileId },
    ...userIds.map((id) => ({ type: "user" as const, id })),
  ];
  const keys = await destroySubjectKeys(tx, subjects, now);
  if (!getConfig().keys.sealAtRest) return { keys, values: 0 };
  // What the rows can be about: the profile, its orders and cases, the bank entries of its orders, and approvals of
  // any of these; the rows naming one of them are few, and found by the log's index on its subject.
  const [found] = await tx.$queryRaw<{ ids: string[] }[]>`
    WITH s AS (
      SELECT ${profileId}::uuid AS id
      UNION SELECT id FROM "Order" WHERE "profileId" = ${profileId}::uuid
      UNION SELECT id FROM "ComplianceCase" WHERE "profileId" = ${profileId}::uuid
      UNION SELECT e.id FROM "BankEntry" e LEFT JOIN "Payout" y ON y.id = e."payoutId"
        JOIN "Order" o ON o.id = COALESCE(e."orderId", y."orderId") WHERE o."profileId" = ${profileId}::uuid)
    SELECT COALESCE(array_agg(id::text), '{}') AS ids
    FROM (SELECT id FROM s UNION SELECT id FROM "OperatorApproval" WHERE "subjectId" IN (SELECT id FROM s)) a`;
  const ids = found?.ids ?? [];
  const key = await keyToMoveUnder(tx, subjects[0]!, true, now);
  let values = 0;
  for (const t of RECORD_TABLES) {
    const rows = await tx.$queryRawUnsafe<Row[]>(selectRows(t, `r."subjectId" = ANY($1::uuid[])`), ids);
    for (const row of rows) if (row.profile === profileId) values += await moveRow(tx, t, row, key);
  }
  return { keys, values };
}
