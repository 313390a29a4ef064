import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { APPROVAL_PAYLOAD, APPROVAL_SUMMARY } from "../approvals/approval-columns.ts";
import { listApprovals } from "../approvals/list-approvals.ts";
import { AUDIT_REASON } from "../audit/audit-columns.ts";
import { readAuditPage } from "../audit/read-audit-page.ts";
import { countRecordsUnderKeyring } from "../audit/subject-records.ts";
import { loadConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { fileStorage } from "../files/configured-storage.ts";
import { sealPlainRecords } from "../keys/seal-plain-records.ts";
import { isSealed, isUnderSubjectKey, sealValue } from "../keys/sealed-value.ts";
import { moveUnderSubjectKey, subjectKeyFor } from "../keys/subject-keys.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { makeCustomer } from "./testing/customer.ts";
import { ANNA, KORBI, everythingThatOpens, legacyEntries, officer } from "./testing/operator-records.ts";

// Crypto-shredding (C71) of records written before subject keys, on a real database (PGlite, or PostgreSQL with
// DATABASE_URL): the sealing pass moves them under their customer's key, and the append-only log allows that move.
await setUpTestInstance("crypto_shredding_sealing_pass");

const config = loadConfig();

describe("crypto-shredding of the operators' records", () => {
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
});
