import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { APPROVAL_NOTE, APPROVAL_PAYLOAD, APPROVAL_SUMMARY } from "../approvals/approval-columns.ts";
import { decideApproval } from "../approvals/decide-approval.ts";
import { listApprovals } from "../approvals/list-approvals.ts";
import { requestApproval } from "../approvals/request-approval.ts";
import { AUDIT_AFTER, AUDIT_BEFORE, AUDIT_REASON } from "../audit/audit-columns.ts";
import { readAuditPage } from "../audit/read-audit-page.ts";
import { recordAudit } from "../audit/record-audit.ts";
import { countRecordsUnderKeyring } from "../audit/subject-records.ts";
import { getConfig, loadConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { isAppError } from "../errors.ts";
import { fileStorage } from "../files/configured-storage.ts";
import { forgetKeyrings, instanceKeyring } from "../keys/instance-keyring.ts";
import { addKeyEncryptionKey, retireKeyEncryptionKeys } from "../keys/keyring.ts";
import { countUnderOlderKeys, rewrapDataKeys } from "../keys/rewrap-data-keys.ts";
import { sealPlainRecords } from "../keys/seal-plain-records.ts";
import { SEALED_COLUMNS } from "../keys/sealed-columns.ts";
import { isSealed, isUnderSubjectKey, openValue, sealValue, sealedUnder } from "../keys/sealed-value.ts";
import { SUBJECT_KEY } from "../keys/subject-key-column.ts";
import { loadSubjectKeys, moveUnderSubjectKey, openRecord, subjectKeyFor } from "../keys/subject-keys.ts";
import { ledgerReport } from "../ledger/ledger-report.ts";
import { grantOperator } from "../operators/grant-operator.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { closeProfile } from "./close-profile.ts";
import { eraseDueProfiles } from "./erase-due-profiles.ts";
import { requestErasure } from "./request-erasure.ts";
import { makeCustomer, type Customer } from "./testing/customer.ts";

// Crypto-shredding (C71): what the append-only audit log and approvals say of a customer is sealed under the
// customer's own key, which their erasure destroys, on a real database (PGlite, or PostgreSQL with DATABASE_URL).
await setUpTestInstance("crypto_shredding");

const config = loadConfig();
const at = (d: Date) => () => d;

const ANNA = { name: "Wilhelmine Achterberg", iban: "DE44500105175407324931" };
const KORBI = { name: "Korbinian Zeitlhofer", iban: "AT611904300234573201" };

const RECORD_CONTEXTS: Record<string, Record<string, string>> = {
  AuditEntry: { before: AUDIT_BEFORE, after: AUDIT_AFTER, reason: AUDIT_REASON },
  OperatorApproval: { payload: APPROVAL_PAYLOAD, summary: APPROVAL_SUMMARY, note: APPROVAL_NOTE },
};

async function officer(roles: ("compliance" | "treasurer")[]): Promise<{ userId: string; requestId: string }> {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `officer-${randomUUID()}@tokenrail.test` } });
  await prisma.$transaction((tx) => grantOperator(tx, { userId: user.id, roles }));
  return { userId: user.id, requestId: `req-${randomUUID()}` };
}

/** What operators record of a customer: a block naming them, a settled order naming the payee, four-eyes requests. */
async function recordAbout(
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
async function legacyEntries(profileId: string, person: { name: string; iban: string }, actorId: string) {
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
async function dump(): Promise<string> {
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
async function everythingThatOpens(): Promise<string> {
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
async function logShape() {
  const prisma = await db();
  const rows = await prisma.auditEntry.findMany({ orderBy: { seq: "asc" } });
  return rows.map(({ before: _b, after: _a, reason: _r, ...plain }) => plain);
}

describe("crypto-shredding of the operators' records", () => {
  it("C71: an erased customer's audit entries and approvals open to nothing, are still listed with placeholders, another's read as before, and rotation re-wraps the subject keys", async () => {
    const prisma = await db();
    const storage = fileStorage(config);
    const [asker, decider, treasurer] = [
      await officer(["compliance"]),
      await officer(["compliance"]),
      await officer(["treasurer"]),
    ];
    const anna = await makeCustomer(storage, { withMoney: true });
    const korbi = await makeCustomer(storage, { withMoney: true });
    const annaApprovals = await recordAbout(anna, ANNA, asker);
    const korbiApprovals = await recordAbout(korbi, KORBI, asker);
    await decideApproval({
      approvalId: annaApprovals.declined,
      decision: "reject",
      note: `${ANNA.name} must come in person`,
      actor: decider,
      config,
    });
    await legacyEntries(anna.profileId, ANNA, asker.userId);
    await legacyEntries(korbi.profileId, KORBI, asker.userId);

    // Written about a customer: sealed under the customer's key, not the keyring's.
    const block = await prisma.auditEntry.findFirstOrThrow({
      where: { subjectId: anna.profileId, action: "profile.block" },
    });
    for (const value of [block.before, block.after, block.reason]) {
      assert.ok(isSealed(value) && isUnderSubjectKey(value.sealed), "sealed under the subject's key");
    }
    const declinedRow = await prisma.operatorApproval.findUniqueOrThrow({ where: { id: annaApprovals.declined } });
    for (const value of [declinedRow.payload, declinedRow.summary, declinedRow.note]) {
      assert.ok(isSealed(value) && isUnderSubjectKey(value.sealed), "an approval too");
    }
    assert.equal(await prisma.subjectKey.count({ where: { subjectId: anna.profileId } }), 1);
    // Before the erasure the log and the approvals read every value.
    const annaLog = async () => (await readAuditPage({ subject: anna.profileId, limit: 100 })).entries;
    const before = await annaLog();
    assert.equal(
      before.find((e) => e.action === "profile.block")?.reason,
      `${ANNA.name} sent money from ${ANNA.iban}, which is not hers`,
    );
    assert.equal(before.find((e) => e.action === "profile.section.approve")?.reason, `checked ${ANNA.name}'s IBAN`);
    const korbiBefore = (await readAuditPage({ subject: korbi.profileId, limit: 100 })).entries;
    const korbiOrderBefore = (await readAuditPage({ subject: korbi.orderIds[1]!, limit: 100 })).entries;
    const approvalsOf = async (state: "pending" | "approved" | "rejected") =>
      (await listApprovals({ state })).approvals;
    const korbiApprovalsBefore = (await approvalsOf("pending")).filter((a) =>
      [korbiApprovals.declined, korbiApprovals.waiting].includes(a.id),
    );
    assert.equal(korbiApprovalsBefore.length, 2);

    // Closed long ago: the retention job erases Anna.
    await closeProfile({
      profileId: anna.profileId,
      by: { operator: asker },
      config,
      clock: at(new Date("2019-02-01")),
    });
    const books = await ledgerReport();
    const shape = await logShape();
    assert.deepEqual((await eraseDueProfiles({ config, storage, clock: at(new Date("2026-02-01")) })).erased, [
      anna.profileId,
    ]);

    // Nothing of her in the rows, and nothing that opens to her with every key the instance holds.
    const text = await dump();
    const opened = await everythingThatOpens();
    for (const secret of [ANNA.name, ANNA.iban, "Achterberg"]) {
      assert.equal(text.includes(secret), false, `${secret} is not in the dump`);
      assert.equal(opened.includes(secret), false, `nothing opens to ${secret}`);
    }
    assert.equal(opened.includes(KORBI.name), true, "another customer's values still open");
    const key = await prisma.subjectKey.findFirstOrThrow({ where: { subjectId: anna.profileId } });
    assert.equal(key.key, null);
    assert.ok(key.destroyedAt);

    // The log keeps every entry, in its order, naming what it named; only what it said of her is gone.
    const shapeAfter = await logShape();
    assert.deepEqual(shapeAfter.slice(0, shape.length), shape, "no entry changed, moved or went");
    assert.deepEqual(
      shapeAfter.map((e) => e.seq),
      [...shapeAfter.map((e) => e.seq)].sort((a, b) => (a < b ? -1 : 1)),
    );
    const after = await annaLog();
    const afterIds = after.map((e) => e.id);
    for (const e of before) assert.ok(afterIds.includes(e.id), `${e.action} is still listed`);
    assert.deepEqual(
      after.filter((e) => !before.some((b) => b.id === e.id)).map((e) => e.action),
      ["profile.erase", "profile.close"],
    );
    const blocked = after.find((e) => e.action === "profile.block");
    assert.deepEqual(
      [blocked?.before, blocked?.after, blocked?.reason],
      [{ erased: true }, { erased: true }, "[erased]"],
    );
    assert.equal(after.find((e) => e.action === "profile.section.approve")?.reason, "[erased]", "a legacy plain entry");
    assert.equal(after.find((e) => e.action === "profile.approve")?.reason, "[erased]", "a legacy sealed entry");
    const erasure = after.find((e) => e.action === "profile.erase");
    assert.equal((erasure?.after as { cause?: string } | null)?.cause, "retention", "the erasure's own entry reads");
    const orderLog = (await readAuditPage({ subject: anna.orderIds[1]!, limit: 100 })).entries;
    assert.deepEqual(
      orderLog.map((e) => e.before),
      [{ erased: true }],
    );
    const declined = (await approvalsOf("rejected")).find((a) => a.id === annaApprovals.declined);
    assert.deepEqual(
      [declined?.summary, declined?.payload, declined?.note, declined?.state],
      ["[erased]", { erased: true }, "[erased]", "rejected"],
    );
    const requestEntry = (await readAuditPage({ subject: annaApprovals.declined, limit: 100 })).entries;
    assert.ok(requestEntry.length >= 2);
    for (const e of requestEntry) assert.notEqual(JSON.stringify(e).includes(ANNA.name), true);
    // What waited for a second operator cannot run from values no one can read.
    await assert.rejects(
      decideApproval({ approvalId: annaApprovals.waiting!, decision: "approve", actor: treasurer, config }),
      (e: unknown) => isAppError(e) && e.code === "CONFLICT",
    );
    assert.deepEqual(await ledgerReport(), books, "the books are untouched");

    // Korbinian is untouched.
    assert.deepEqual((await readAuditPage({ subject: korbi.profileId, limit: 100 })).entries, korbiBefore);
    assert.deepEqual((await readAuditPage({ subject: korbi.orderIds[1]!, limit: 100 })).entries, korbiOrderBefore);
    assert.deepEqual(
      (await approvalsOf("pending")).filter((a) => [korbiApprovals.declined, korbiApprovals.waiting].includes(a.id)),
      korbiApprovalsBefore,
    );

    // Rotation re-wraps the live subject keys with the rest; nothing is lost, and the old key can go.
    await sealPlainRecords();
    const old = instanceKeyring(config).currentKekId;
    const next = addKeyEncryptionKey(config.keys.keyringFile);
    forgetKeyrings();
    assert.ok((await countUnderOlderKeys(config)).records > 0);
    await rewrapDataKeys(config);
    assert.deepEqual(await countUnderOlderKeys(config), { records: 0, files: 0 });
    assert.deepEqual(retireKeyEncryptionKeys(config.keys.keyringFile, new Set()), [old]);
    forgetKeyrings();
    for (const row of await prisma.subjectKey.findMany()) {
      if (row.key !== null) assert.equal(sealedUnder(row.key), next, "a subject key re-wrapped");
    }
    assert.deepEqual((await readAuditPage({ subject: korbi.profileId, limit: 100 })).entries, korbiBefore);
    assert.deepEqual(
      (await approvalsOf("pending")).filter((a) => [korbiApprovals.declined, korbiApprovals.waiting].includes(a.id)),
      korbiApprovalsBefore,
    );
    assert.equal((await annaLog()).find((e) => e.action === "profile.block")?.reason, "[erased]");
  });

  it("C71: the sealing pass moves a customer's older entries under their key and an erased customer's under a destroyed one; the log's trigger allows that move and nothing more", async () => {
    const prisma = await db();
    const storage = fileStorage(config);
    const operator = await officer(["compliance"]);
    const kept = await makeCustomer(storage, { withMoney: false });
    const gone = await makeCustomer(storage, { withMoney: false });
    await legacyEntries(kept.profileId, KORBI, operator.userId);
    await legacyEntries(gone.profileId, ANNA, operator.userId);
    const legacyApproval = randomUUID();
    await prisma.$executeRawUnsafe(
      `INSERT INTO "OperatorApproval" ("id", "action", "subjectType", "subjectId", "payload", "summary", "state",
        "requestedById", "requestedAt")
       VALUES ($1::uuid, 'profile.unfreeze', 'profile', $2::uuid, $3::jsonb, $4::jsonb, 'rejected', $5::uuid, now())`,
      legacyApproval,
      kept.profileId,
      JSON.stringify(sealValue({ reason: KORBI.name }, APPROVAL_PAYLOAD)),
      JSON.stringify(sealValue(`Unfreeze ${KORBI.name}`, APPROVAL_SUMMARY)),
      operator.userId,
    );
    // Erased before subject keys existed.
    await prisma.profile.update({ where: { id: gone.profileId }, data: { erasedAt: new Date() } });
    const keptBefore = (await readAuditPage({ subject: kept.profileId, limit: 100 })).entries;
    assert.ok(keptBefore.some((e) => e.reason === `checked ${KORBI.name}'s IBAN`));
    assert.ok((await countRecordsUnderKeyring()) >= 5);

    await sealPlainRecords();
    assert.equal(await countRecordsUnderKeyring(), 0, "nothing about a customer is left under the keyring");
    assert.deepEqual(await sealPlainRecords(), { sealed: 0 }, "a second run finds nothing");
    assert.deepEqual((await readAuditPage({ subject: kept.profileId, limit: 100 })).entries, keptBefore);
    const approval = (await listApprovals({ state: "rejected" })).approvals.find((a) => a.id === legacyApproval);
    assert.deepEqual([approval?.payload, approval?.summary], [{ reason: KORBI.name }, `Unfreeze ${KORBI.name}`]);
    const goneLog = (await readAuditPage({ subject: gone.profileId, limit: 100 })).entries;
    assert.deepEqual(
      goneLog.map((e) => e.reason),
      ["[erased]", "[erased]"],
    );
    assert.equal((await everythingThatOpens()).includes(ANNA.name), false);
    const rows = await prisma.auditEntry.findMany({ where: { subjectId: kept.profileId } });
    for (const row of rows) assert.ok(isSealed(row.reason) && isUnderSubjectKey(row.reason.sealed));

    // The trigger: a value under a subject key is never changed again, and the move keeps the ciphertext.
    const entry = rows.find((r) => r.action === "profile.approve")!;
    const update = (column: string, value: unknown) =>
      prisma.$executeRawUnsafe(
        `UPDATE "AuditEntry" SET "${column}" = $1::jsonb WHERE id = $2::uuid`,
        JSON.stringify(value),
        entry.id,
      );
    const refused = /append-only/;
    await assert.rejects(update("reason", sealValue("nothing happened", AUDIT_REASON)), refused);
    await assert.rejects(update("reason", "nothing happened"), refused);
    const [, keyId, wrapped, iv, body] = (entry.reason as { sealed: string }).sealed.split(".");
    const other = await prisma.subjectKey.findFirstOrThrow({ where: { subjectId: gone.profileId } });
    await assert.rejects(update("reason", { sealed: ["s1", other.id, wrapped, iv, body].join(".") }), refused);
    const fresh = randomUUID();
    const v1 = sealValue("approved", AUDIT_REASON);
    await prisma.$executeRawUnsafe(
      `INSERT INTO "AuditEntry" ("id", "at", "actorUserId", "actorEmail", "action", "subjectType", "subjectId",
        "reason") VALUES ($1::uuid, now(), $2::uuid, 'ops@tokenrail.test', 'profile.approve', 'profile', $3::uuid,
        $4::jsonb)`,
      fresh,
      operator.userId,
      kept.profileId,
      JSON.stringify(v1),
    );
    const [, , , v1iv, v1body] = v1.sealed.split(".");
    const moveTo = (value: unknown) =>
      prisma.$executeRawUnsafe(
        `UPDATE "AuditEntry" SET "reason" = $1::jsonb WHERE id = $2::uuid`,
        JSON.stringify(value),
        fresh,
      );
    // Another ciphertext, or a key that is not in the table: refused; the same ciphertext under a subject key: allowed.
    await assert.rejects(moveTo({ sealed: ["s1", keyId, wrapped, iv, body].join(".") }), refused);
    await assert.rejects(moveTo({ sealed: ["s1", randomUUID(), wrapped, v1iv, v1body].join(".") }), refused);
    const keptKey = await subjectKeyFor(prisma, { type: "profile", id: kept.profileId }, new Date());
    assert.equal(keptKey?.id, keyId);
    const moved = moveUnderSubjectKey(v1, AUDIT_REASON, keptKey!);
    assert.deepEqual(moved.sealed.split(".").slice(3), [v1iv, v1body], "the same ciphertext");
    assert.equal(await moveTo(moved), 1);
    const read = (await readAuditPage({ subject: kept.profileId, limit: 100 })).entries.find((e) => e.id === fresh);
    assert.equal(read?.reason, "approved");
  });

  it("C71: an erasure honoured at once leaves the request's own entry, naming the customer, unreadable", async () => {
    const prisma = await db();
    const storage = fileStorage(config);
    const operator = await officer(["compliance"]);
    const customer = await makeCustomer(storage, { withMoney: false });
    const reason = `${ANNA.name} asked by letter; her IBAN ${ANNA.iban}`;
    const answer = await requestErasure({
      profileId: customer.profileId,
      by: { operator },
      reason,
      config,
      storage,
      clock: at(new Date()),
    });
    assert.equal(answer.outcome, "erased");
    const log = (await readAuditPage({ subject: customer.profileId, limit: 100 })).entries;
    assert.deepEqual(
      log.map((e) => [e.action, e.reason]),
      [
        ["profile.erase", null],
        ["profile.erasure.request", "[erased]"],
      ],
    );
    const text = await dump();
    const opened = await everythingThatOpens();
    for (const secret of [ANNA.name, ANNA.iban]) {
      assert.equal(text.includes(secret), false);
      assert.equal(opened.includes(secret), false);
    }
    assert.equal((await prisma.subjectKey.findFirstOrThrow({ where: { subjectId: customer.profileId } })).key, null);
    // Every sealed column still counts as sealed: nothing of the log is plain.
    assert.ok(SEALED_COLUMNS.some((c) => c.table === "SubjectKey"));
  });
});
