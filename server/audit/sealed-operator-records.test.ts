import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { after, describe, it } from "node:test";
import { APPROVAL_NOTE, APPROVAL_PAYLOAD, APPROVAL_SUMMARY } from "../approvals/approval-columns.ts";
import { decideApproval } from "../approvals/decide-approval.ts";
import { listApprovals } from "../approvals/list-approvals.ts";
import { returnException } from "../bank/exceptions/return-exception.ts";
import { importBankFile } from "../bank/import/import-bank-file.ts";
import { camt054, credit, importConfig, randomIban } from "../bank/import/testing/bank-import-fixtures.ts";
import { db } from "../db/client.ts";
import { isAppError } from "../errors.ts";
import { countPlainRecords, sealPlainRecords } from "../keys/seal-plain-records.ts";
import { isSealed, openValue, rewrapValue, sealValue, type Sealed } from "../keys/sealed-value.ts";
import { grantOperator } from "../operators/grant-operator.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { tearDownDrivers } from "../testing/tear-down-drivers.ts";
import { AUDIT_AFTER, AUDIT_BEFORE, AUDIT_REASON } from "./audit-columns.ts";
import { readAuditPage } from "./read-audit-page.ts";
import { recordAudit } from "./record-audit.ts";

await setUpTestInstance("sealed_operator_records");

/*
 * C70: what the operators' records say of a customer (an audit entry's before, after and reason; a four-eyes
 * request's payload, summary and note) is sealed at rest, while who acted on what stays plain; the log, the
 * approvals list and the approved action itself read every value opened.
 */

const config = { ...importConfig(), fourEyes: { thresholdMinor: 0n } };

const DEBTOR = { name: "Ottilie Quellenberg", iban: "DE89370400440532013000" };
const REASON = "Frau Quellenberg called: the money was meant for her landlord";
const NOTE = "Quellenberg's bank confirmed it in writing first";
const SECRETS = [DEBTOR.name, DEBTOR.iban, REASON, NOTE, "Quellenberg"];

const CONTEXTS = [AUDIT_BEFORE, AUDIT_AFTER, AUDIT_REASON, APPROVAL_PAYLOAD, APPROVAL_SUMMARY, APPROVAL_NOTE];

async function treasurer(): Promise<{ userId: string; requestId: string }> {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `treasurer-${randomUUID()}@tokenrail.test` } });
  await prisma.$transaction((tx) => grantOperator(tx, { userId: user.id, roles: ["treasurer"] }));
  return { userId: user.id, requestId: `req-${randomUUID()}` };
}

/** An unmatched credit from the named debtor, to an IBAN no one holds: its bank entry's id. */
async function exception(amount: string): Promise<string> {
  const report = await importBankFile({
    content: { bytes: camt054([credit(randomIban(), amount, { debtorName: DEBTOR.name, debtorIban: DEBTOR.iban })]) },
    name: "exception.xml",
    source: "upload",
    config,
    driveChain: false,
  });
  assert.deepEqual(report.counts, { unmatched: 1 });
  const prisma = await db();
  const line = await prisma.bankFileEntry.findFirstOrThrow({ where: { fileId: report.file.id } });
  return line.entryId!;
}

/** Every row of the operators' records as text, as a dump shows it. */
async function dump(): Promise<string> {
  const prisma = await db();
  const parts: string[] = [];
  for (const table of ["AuditEntry", "OperatorApproval"]) {
    const rows = await prisma.$queryRawUnsafe<{ text: string }[]>(`SELECT t::text AS text FROM "${table}" t`);
    parts.push(...rows.map((r) => r.text));
  }
  return parts.join("\n");
}

function assertNothingReadable(text: string) {
  for (const secret of SECRETS) assert.equal(text.includes(secret), false, `${secret} is not in the dump`);
}

/** Every value the six columns hold is sealed (NULL is no value). */
async function assertAllSealed() {
  const prisma = await db();
  for (const entry of await prisma.auditEntry.findMany()) {
    for (const value of [entry.before, entry.after, entry.reason]) {
      if (value !== null) assert.equal(isSealed(value), true, `${entry.action}: ${JSON.stringify(value)}`);
    }
  }
  for (const approval of await prisma.operatorApproval.findMany()) {
    for (const value of [approval.payload, approval.summary, approval.note]) {
      if (value !== null) assert.equal(isSealed(value), true, `${approval.action}: ${JSON.stringify(value)}`);
    }
  }
  const counts = await countPlainRecords();
  for (const context of CONTEXTS) assert.equal(counts[context], 0, `${context} has nothing plain`);
}

/** What the console and the admin API show of an approval, and of the log about its subject and itself. */
async function shown(approvalId: string, entryId: string) {
  const every = [
    ...(await listApprovals({ state: "pending" })).approvals,
    ...(await listApprovals({ state: "approved" })).approvals,
    ...(await listApprovals({ state: "rejected" })).approvals,
  ];
  const approval = every.find((a) => a.id === approvalId);
  const log = [
    ...(await readAuditPage({ subject: entryId, limit: 50 })).entries,
    ...(await readAuditPage({ subject: approvalId, limit: 50 })).entries,
  ];
  return { approval, log };
}

describe("the operators' records sealed at rest", () => {
  after(tearDownDrivers);

  it("C70: an approval's payload, summary and note and the audit log's before, after and reason are sealed; the approvals, the log and the approved action read them opened", async () => {
    const prisma = await db();
    const [asker, approver] = [await treasurer(), await treasurer()];

    // Asked for under four eyes: the summary names the debtor, the payload holds the operator's words.
    const entryId = await exception("12.34");
    const asked = await returnException({ entryId, reason: REASON, actor: asker, config });
    assert.ok("approval" in asked);
    const approvalId = asked.approval.id;
    assert.equal(asked.approval.summary, `Return 12.34 EUR to ${DEBTOR.name}`);
    assert.deepEqual(asked.approval.payload, { reason: REASON });
    const row = await prisma.operatorApproval.findUniqueOrThrow({ where: { id: approvalId } });
    assert.equal(isSealed(row.payload), true);
    assert.equal(isSealed(row.summary), true);
    // Who asked for what, on what, stays plain, and so does the key that finds the waiting request.
    assert.deepEqual(
      [row.action, row.subjectType, row.subjectId, row.pendingKey],
      ["bank.exception.return", "bank-entry", entryId, `bank.exception.return:${entryId}`],
    );
    // While it waits, asking again is refused: the waiting request is found by its plain pendingKey.
    await assert.rejects(
      returnException({ entryId, reason: REASON, actor: asker, config }),
      (e: unknown) => isAppError(e) && e.code === "CONFLICT",
    );

    // A second operator approves: the return runs with the reason as it was asked, opened from the sealed payload.
    const done = await decideApproval({ approvalId, decision: "approve", note: NOTE, actor: approver, config });
    assert.equal(done.approval.state, "approved");
    assert.equal(done.approval.note, NOTE);
    assert.equal((await prisma.bankEntry.findUniqueOrThrow({ where: { id: entryId } })).outcome, "returned");

    // Another one declined with a note naming the customer.
    const otherId = await exception("5.00");
    const other = await returnException({ entryId: otherId, reason: REASON, actor: asker, config });
    assert.ok("approval" in other);
    await decideApproval({ approvalId: other.approval.id, decision: "reject", note: NOTE, actor: approver, config });

    // Nothing of the customer or the operators' words in the rows; every value of the six columns sealed.
    assertNothingReadable(await dump());
    await assertAllSealed();

    // The approvals and the log show every value opened.
    const { approval, log } = await shown(approvalId, entryId);
    assert.deepEqual(
      [approval?.summary, approval?.payload, approval?.note, approval?.state],
      [`Return 12.34 EUR to ${DEBTOR.name}`, { reason: REASON }, NOTE, "approved"],
    );
    const returned = log.find((e) => e.action === "bank.exception.return");
    assert.equal(returned?.reason, REASON, "the action ran with the opened payload's reason");
    assert.equal(returned?.actor.id, approver.userId);
    assert.deepEqual(returned?.before, {
      outcome: "unmatched",
      debtorIban: DEBTOR.iban,
      problem: returned?.before?.problem,
    });
    const request = log.find((e) => e.action === "approval.request");
    assert.deepEqual(request?.after, {
      action: "bank.exception.return",
      subject: { type: "bank-entry", id: entryId },
      payload: { reason: REASON },
      summary: `Return 12.34 EUR to ${DEBTOR.name}`,
    });
    assert.equal(log.find((e) => e.action === "approval.approve")?.reason, NOTE);
    const rejected = (await listApprovals({ state: "rejected" })).approvals.find((a) => a.id === other.approval.id);
    assert.equal(rejected?.note, NOTE);
  });

  it("C70: audit entries and approvals written in plain text before sealing are sealed in place, read the same, and a plain request still runs as asked", async () => {
    const prisma = await db();
    const [asker, approver] = [await treasurer(), await treasurer()];
    const entryId = await exception("7.89");
    const pendingId = randomUUID();
    const declinedId = randomUUID();
    const summary = `Return 7.89 EUR to ${DEBTOR.name}`;
    // As the migration leaves them: JSON as it was, the text columns as JSON strings.
    await prisma.$executeRawUnsafe(
      `INSERT INTO "OperatorApproval" ("id", "action", "subjectType", "subjectId", "payload", "summary", "state",
        "pendingKey", "requestedById", "requestedAt")
       VALUES ($1::uuid, 'bank.exception.return', 'bank-entry', $2::uuid, $3::jsonb, to_jsonb($4::text), 'pending',
        $5, $6::uuid, now())`,
      pendingId,
      entryId,
      JSON.stringify({ reason: REASON }),
      summary,
      `bank.exception.return:${entryId}`,
      asker.userId,
    );
    await prisma.$executeRawUnsafe(
      `INSERT INTO "OperatorApproval" ("id", "action", "subjectType", "subjectId", "payload", "summary", "state",
        "requestedById", "requestedAt", "decidedById", "decidedAt", "note")
       VALUES ($1::uuid, 'bank.exception.return', 'bank-entry', $2::uuid, $3::jsonb, to_jsonb($4::text), 'rejected',
        $5::uuid, now(), $6::uuid, now(), to_jsonb($7::text))`,
      declinedId,
      randomUUID(),
      JSON.stringify({ reason: REASON }),
      summary,
      asker.userId,
      approver.userId,
      NOTE,
    );
    await prisma.$executeRawUnsafe(
      `INSERT INTO "AuditEntry" ("id", "at", "actorUserId", "actorEmail", "action", "subjectType", "subjectId",
        "before", "after", "reason")
       VALUES (gen_random_uuid(), now(), $1::uuid, 'treasurer@tokenrail.test', 'bank.exception.assign', 'bank-entry',
        $2::uuid, $3::jsonb, $4::jsonb, to_jsonb($5::text))`,
      asker.userId,
      entryId,
      JSON.stringify({ outcome: "unmatched", debtorIban: DEBTOR.iban }),
      JSON.stringify({ outcome: "unmatched", debtorName: DEBTOR.name }),
      REASON,
    );

    const before = await shown(pendingId, entryId);
    assert.deepEqual([before.approval?.summary, before.approval?.payload], [summary, { reason: REASON }]);
    assert.equal(before.log.find((e) => e.action === "bank.exception.assign")?.reason, REASON);
    const declined = async () =>
      (await listApprovals({ state: "rejected" })).approvals.find((a) => a.id === declinedId);
    const declinedBefore = await declined();
    assert.equal(declinedBefore?.note, NOTE);
    const plain = await countPlainRecords();
    for (const context of CONTEXTS) assert.ok(plain[context]! >= 1, `${context} has a plain value`);

    // The sealing pass seals them in place; the audit log's trigger lets it.
    await sealPlainRecords();
    assert.deepEqual(await sealPlainRecords(), { sealed: 0 }, "running again finds nothing left");
    assertNothingReadable(await dump());
    await assertAllSealed();
    assert.deepEqual(await shown(pendingId, entryId), before, "every record reads as it did");
    assert.deepEqual(await declined(), declinedBefore);

    // The request written plain, now sealed, is still found waiting by its pendingKey and runs as it was asked.
    await assert.rejects(
      returnException({ entryId, reason: "again", actor: asker, config }),
      (e: unknown) => isAppError(e) && e.code === "CONFLICT",
    );
    const done = await decideApproval({ approvalId: pendingId, decision: "approve", actor: approver, config });
    assert.equal(done.approval.state, "approved");
    const returned = (await readAuditPage({ subject: entryId, limit: 50 })).entries.find(
      (e) => e.action === "bank.exception.return",
    );
    assert.equal(returned?.reason, REASON);
  });

  it("C70: the append-only log lets a plain value be sealed and a sealed one re-wrapped, and refuses any other change", async () => {
    const prisma = await db();
    const operator = await treasurer();
    const subjectId = randomUUID();
    await prisma.$transaction((tx) =>
      recordAudit(tx, {
        actor: operator,
        action: "profile.block",
        subject: { type: "profile", id: subjectId },
        before: { state: "approved", name: DEBTOR.name },
        after: { state: "blocked" },
        reason: REASON,
        at: new Date(),
      }),
    );
    const entry = await prisma.auditEntry.findFirstOrThrow({ where: { subjectId } });
    assert.equal(isSealed(entry.reason), true);
    const update = (column: string, value: unknown) =>
      prisma.$executeRawUnsafe(
        `UPDATE "AuditEntry" SET "${column}" = $1::jsonb WHERE id = $2::uuid`,
        JSON.stringify(value),
        entry.id,
      );
    const refused = /append-only/;
    // Another sealed value (another ciphertext), a plain one, another column: refused.
    await assert.rejects(update("reason", sealValue("nothing happened", AUDIT_REASON)), refused);
    await assert.rejects(update("reason", "nothing happened"), refused);
    await assert.rejects(update("after", { state: "approved" }), refused);
    await assert.rejects(
      prisma.$executeRawUnsafe(`UPDATE "AuditEntry" SET "actorEmail" = 'someone' WHERE id = $1::uuid`, entry.id),
      refused,
    );
    await assert.rejects(prisma.auditEntry.delete({ where: { id: entry.id } }), refused);
    // The same ciphertext under a freshly wrapped data key (what a rotation's re-wrap writes): allowed.
    const rewrapped = rewrapValue(entry.reason as Sealed, AUDIT_REASON);
    assert.notDeepEqual(rewrapped, entry.reason);
    assert.equal(await update("reason", rewrapped), 1);
    const kept = await prisma.auditEntry.findUniqueOrThrow({ where: { id: entry.id } });
    assert.equal(openValue(kept.reason, AUDIT_REASON), REASON);
    assert.deepEqual(kept.before, entry.before);

    // A plain value sealed: allowed; sealed back to plain: refused.
    const plainId = randomUUID();
    await prisma.$executeRawUnsafe(
      `INSERT INTO "AuditEntry" ("id", "at", "actorUserId", "actorEmail", "action", "subjectType", "subjectId", "reason")
       VALUES ($1::uuid, now(), $2::uuid, 'treasurer@tokenrail.test', 'profile.block', 'profile', $3::uuid,
        to_jsonb($4::text))`,
      plainId,
      operator.userId,
      subjectId,
      REASON,
    );
    const sealed = sealValue(REASON, AUDIT_REASON);
    const seal = () =>
      prisma.$executeRawUnsafe(
        `UPDATE "AuditEntry" SET "reason" = $1::jsonb WHERE id = $2::uuid`,
        JSON.stringify(sealed),
        plainId,
      );
    assert.equal(await seal(), 1);
    await assert.rejects(
      prisma.$executeRawUnsafe(
        `UPDATE "AuditEntry" SET "reason" = to_jsonb($1::text) WHERE id = $2::uuid`,
        REASON,
        plainId,
      ),
      refused,
    );
  });
});
