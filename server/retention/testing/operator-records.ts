import { randomUUID } from "node:crypto";
import { APPROVAL_NOTE, APPROVAL_PAYLOAD, APPROVAL_SUMMARY } from "../../approvals/approval-columns.ts";
import { requestApproval } from "../../approvals/request-approval.ts";
import { AUDIT_AFTER, AUDIT_BEFORE, AUDIT_REASON } from "../../audit/audit-columns.ts";
import { recordAudit } from "../../audit/record-audit.ts";
import { getConfig } from "../../config.ts";
import { db } from "../../db/client.ts";
import { instanceKeyring } from "../../keys/instance-keyring.ts";
import { openValue, sealValue } from "../../keys/sealed-value.ts";
import { SUBJECT_KEY } from "../../keys/subject-key-column.ts";
import { loadSubjectKeys, openRecord } from "../../keys/subject-keys.ts";
import { grantOperator } from "../../operators/grant-operator.ts";
import type { Customer } from "./customer.ts";

/*
 * What the crypto-shredding tests (C71) write and look for: operators who record things about a customer, those
 * records as they stood before subject keys, and everything a dump shows or any key the instance holds opens.
 */

export const at = (d: Date) => () => d;

export const ANNA = { name: "Wilhelmine Achterberg", iban: "DE44500105175407324931" };
export const KORBI = { name: "Korbinian Zeitlhofer", iban: "AT611904300234573201" };

const RECORD_CONTEXTS: Record<string, Record<string, string>> = {
  AuditEntry: { before: AUDIT_BEFORE, after: AUDIT_AFTER, reason: AUDIT_REASON },
  OperatorApproval: { payload: APPROVAL_PAYLOAD, summary: APPROVAL_SUMMARY, note: APPROVAL_NOTE },
};

export async function officer(roles: ("compliance" | "treasurer")[]): Promise<{ userId: string; requestId: string }> {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `officer-${randomUUID()}@tokenrail.test` } });
  await prisma.$transaction((tx) => grantOperator(tx, { userId: user.id, roles }));
  return { userId: user.id, requestId: `req-${randomUUID()}` };
}

/** What operators record of a customer: a block naming them, a settled order naming the payee, four-eyes requests. */
export async function recordAbout(
  customer: Customer,
  person: { name: string; iban: string },
  asker: { userId: string },
): Promise<{ declined: string; waiting?: string }> {
  const prisma = await db();
  const now = new Date();
  return prisma.$transaction(async (tx) => {
    await recordAudit(tx, {
      actor: asker,
      action: "profile.block",
      subject: { type: "profile", id: customer.profileId },
      before: { state: "approved", name: person.name, iban: person.iban },
      after: { state: "blocked" },
      reason: `${person.name} sent money from ${person.iban}, which is not hers`,
      at: now,
    });
    if (customer.orderIds[1]) {
      await recordAudit(tx, {
        actor: asker,
        action: "order.process",
        subject: { type: "order", id: customer.orderIds[1] },
        before: { state: "pending", counterpart: { iban: person.iban, name: person.name } },
        after: { state: "processed" },
        at: now,
      });
    }
    const declined = await requestApproval(tx, {
      action: "profile.unfreeze",
      subject: { type: "profile", id: customer.profileId },
      payload: { reason: `${person.name} showed her passport` },
      summary: `Unfreeze ${person.name} (${person.iban})`,
      actor: asker,
      now,
    });
    const waiting = customer.orderIds[1]
      ? await requestApproval(tx, {
          action: "order.process",
          subject: { type: "order", id: customer.orderIds[1] },
          payload: { note: `pay ${person.name}` },
          summary: `Pay 25.00 EUR to ${person.iban}`,
          actor: asker,
          now,
        })
      : undefined;
    return { declined: declined.id, waiting: waiting?.id };
  });
}

/** As the rows stood before subject keys: one entry sealed under the keyring, one in plain text. */
export async function legacyEntries(profileId: string, person: { name: string; iban: string }, actorId: string) {
  const prisma = await db();
  await prisma.$executeRawUnsafe(
    `INSERT INTO "AuditEntry" ("id", "at", "actorUserId", "actorEmail", "action", "subjectType", "subjectId", "after",
      "reason")
     VALUES (gen_random_uuid(), now(), $1::uuid, 'ops@tokenrail.test', 'profile.approve', 'profile', $2::uuid,
      $3::jsonb, $4::jsonb)`,
    actorId,
    profileId,
    JSON.stringify(sealValue({ name: person.name }, AUDIT_AFTER)),
    JSON.stringify(sealValue(`approved ${person.name}`, AUDIT_REASON)),
  );
  await prisma.$executeRawUnsafe(
    `INSERT INTO "AuditEntry" ("id", "at", "actorUserId", "actorEmail", "action", "subjectType", "subjectId", "before",
      "reason")
     VALUES (gen_random_uuid(), now(), $1::uuid, 'ops@tokenrail.test', 'profile.section.approve', 'profile', $2::uuid,
      $3::jsonb, to_jsonb($4::text))`,
    actorId,
    profileId,
    JSON.stringify({ iban: person.iban }),
    `checked ${person.name}'s IBAN`,
  );
}

/** The operators' records and the subject keys as a dump shows them. */
export async function dump(): Promise<string> {
  const prisma = await db();
  const parts: string[] = [];
  for (const table of ["AuditEntry", "OperatorApproval", "SubjectKey"]) {
    const rows = await prisma.$queryRawUnsafe<{ text: string }[]>(`SELECT t::text AS text FROM "${table}" t`);
    parts.push(...rows.map((r) => r.text));
  }
  return parts.join("\n");
}

/**
 * Every value of the operators' records opened with everything the instance holds: the keyring and every subject key
 * still in the table (each opened with the keyring too). Returns the text of all that opened.
 */
export async function everythingThatOpens(): Promise<string> {
  const prisma = await db();
  const keyring = instanceKeyring(getConfig());
  const opened: unknown[] = [];
  for (const row of await prisma.subjectKey.findMany()) {
    if (row.key !== null) opened.push(openValue(row.key, SUBJECT_KEY, keyring));
  }
  for (const [table, columns] of Object.entries(RECORD_CONTEXTS)) {
    const rows = await prisma.$queryRawUnsafe<Record<string, unknown>[]>(`SELECT * FROM "${table}"`);
    const keys = await loadSubjectKeys(
      prisma,
      rows.flatMap((r) => Object.keys(columns).map((c) => r[c])),
    );
    for (const row of rows) {
      for (const [column, context] of Object.entries(columns)) {
        const value = row[column];
        if (value === null) continue;
        opened.push(openRecord(value, context, keys, "(nothing)"));
      }
    }
  }
  return JSON.stringify(opened);
}

/** What the audit log's rows are apart from their sealed values: their order and everything they name plainly. */
export async function logShape() {
  const prisma = await db();
  const rows = await prisma.auditEntry.findMany({ orderBy: { seq: "asc" } });
  return rows.map(({ before: _b, after: _a, reason: _r, ...plain }) => plain);
}
