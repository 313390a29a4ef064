import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decideApproval } from "../approvals/decide-approval.ts";
import { listApprovals } from "../approvals/list-approvals.ts";
import { readAuditPage } from "../audit/read-audit-page.ts";
import { loadConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { isAppError } from "../errors.ts";
import { fileStorage } from "../files/configured-storage.ts";
import { forgetKeyrings, instanceKeyring } from "../keys/instance-keyring.ts";
import { addKeyEncryptionKey, retireKeyEncryptionKeys } from "../keys/keyring.ts";
import { countUnderOlderKeys, rewrapDataKeys } from "../keys/rewrap-data-keys.ts";
import { sealPlainRecords } from "../keys/seal-plain-records.ts";
import { SEALED_COLUMNS } from "../keys/sealed-columns.ts";
import { isSealed, isUnderSubjectKey, sealedUnder } from "../keys/sealed-value.ts";
import { ledgerReport } from "../ledger/ledger-report.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { closeProfile } from "./close-profile.ts";
import { eraseDueProfiles } from "./erase-due-profiles.ts";
import { requestErasure } from "./request-erasure.ts";
import { makeCustomer } from "./testing/customer.ts";
import {
  ANNA,
  KORBI,
  at,
  dump,
  everythingThatOpens,
  legacyEntries,
  logShape,
  officer,
  recordAbout,
} from "./testing/operator-records.ts";

// Crypto-shredding (C71): what the append-only audit log and approvals say of a customer is sealed under the
// customer's own key, which their erasure destroys, on a real database (PGlite, or PostgreSQL with DATABASE_URL).
// Here: the erasure itself, by the retention job or at once on request.
await setUpTestInstance("crypto_shredding_erasure");

const config = loadConfig();

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
