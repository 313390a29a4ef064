import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { composeIBAN } from "ibantools";
import { db } from "../../db/client.ts";
import { isAppError } from "../../errors.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { tearDownDrivers } from "../../testing/tear-down-drivers.ts";
import { importBankFile } from "../import/import-bank-file.ts";
import { camt054, credit, importConfig, randomIban, seedHolder } from "../import/testing/bank-import-fixtures.ts";
import { listExceptions } from "./list-exceptions.ts";
import { assignException } from "./assign-exception.ts";
import { returnException } from "./return-exception.ts";
import { payoutRemittance } from "../payments/payout-text.ts";
import { auditText } from "../../audit/audit-text.ts";

await setUpTestInstance("bank_exceptions");

const config = importConfig();

/** A German IBAN with valid check digits (the console's form checks them). */
function validIban(): string {
  const digits = Array.from({ length: 18 }, () => Math.floor(Math.random() * 10)).join("");
  return composeIBAN({ countryCode: "DE", bban: digits })!;
}

async function operator(): Promise<{ userId: string; requestId: string }> {
  const prisma = await db();
  const user = await prisma.user.create({
    data: { email: `operator-${Math.random().toString(36).slice(2)}@example.com`, roles: ["operator"] },
  });
  return { userId: user.id, requestId: "req-test" };
}

/** Imports one credit to an IBAN no one holds: an exception, returned with its entry id. */
async function exception(amount = "12.34"): Promise<string> {
  const report = await importBankFile({
    content: { bytes: camt054([credit(randomIban(), amount)]) },
    name: "exception.xml",
    source: "upload",
    config,
    driveChain: false,
  });
  assert.deepEqual(report.counts, { unmatched: 1 });
  const prisma = await db();
  const file = await prisma.bankFileEntry.findFirstOrThrow({ where: { fileId: report.file.id } });
  assert.ok(file.entryId);
  return file.entryId;
}

const conflict = (error: unknown) => isAppError(error) && error.code === "CONFLICT";

describe("C48: an exception is resolved once, by assigning or returning it, audited", () => {
  after(tearDownDrivers);

  it("is listed open, newest first, and no longer once assigned", async () => {
    const first = await exception("1.00");
    const second = await exception("2.00");
    const open = await listExceptions({ status: "open", limit: 50 });
    const ids = open.exceptions.map((e) => e.id);
    assert.ok(ids.indexOf(second) < ids.indexOf(first), "newest first");
    assert.equal(open.exceptions.find((e) => e.id === first)?.problem !== null, true);
    const one = await listExceptions({ status: "open", limit: 1 });
    assert.equal(one.exceptions.length, 1);
    assert.ok(one.nextCursor);
    const next = await listExceptions({ status: "open", limit: 1, cursor: one.nextCursor });
    assert.notEqual(next.exceptions[0]?.id, one.exceptions[0]?.id);
  });

  it("two operators assigning the same credit at once: one mints, the other is refused, one audit entry", async () => {
    const prisma = await db();
    const iban = validIban();
    const holder = await seedHolder({ iban });
    const entryId = await exception("7.00");
    const [alice, bob] = [await operator(), await operator()];
    const results = await Promise.allSettled([
      assignException({ entryId, iban: holder.iban, actor: alice, config, driveChain: false }),
      assignException({ entryId, iban: holder.iban, actor: bob, config, driveChain: false }),
    ]);
    const done = results.filter((r) => r.status === "fulfilled");
    const refused = results.filter((r) => r.status === "rejected");
    assert.equal(done.length, 1);
    assert.equal(refused.length, 1);
    assert.ok(conflict(refused[0]!.reason), String(refused[0]!.reason));
    const entry = await prisma.bankEntry.findUniqueOrThrow({ where: { id: entryId } });
    assert.equal(entry.outcome, "assigned");
    assert.ok(entry.orderId && entry.resolvedAt && entry.resolvedById);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: entry.orderId } });
    assert.equal(order.amountMinor, 700n);
    assert.equal(order.profileId, holder.profileId);
    const audit = await prisma.auditEntry.findMany({ where: { subjectId: entryId } });
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.action, "bank.exception.assign");
    assert.equal(audit[0]!.subjectType, "bank-entry");
    assert.equal(audit[0]!.actorUserId, entry.resolvedById);
    const resolved = await listExceptions({ status: "resolved", limit: 50 });
    assert.ok(resolved.exceptions.some((e) => e.id === entryId && e.orderId === entry.orderId));
    const open = await listExceptions({ status: "open", limit: 50 });
    assert.ok(!open.exceptions.some((e) => e.id === entryId));
  });

  it("an IBAN that takes no payments is refused and the exception stays open, unaudited", async () => {
    const prisma = await db();
    const entryId = await exception();
    await assert.rejects(
      assignException({ entryId, iban: validIban(), actor: await operator(), config, driveChain: false }),
      (error) => isAppError(error) && error.code === "VALIDATION" && Boolean(error.fields?.iban),
    );
    const entry = await prisma.bankEntry.findUniqueOrThrow({ where: { id: entryId } });
    assert.equal(entry.outcome, "unmatched");
    assert.equal(entry.resolvedAt, null);
    assert.equal(await prisma.auditEntry.count({ where: { subjectId: entryId } }), 0);
  });

  it("an unknown entry is NOT_FOUND; a minted one is not an exception (CONFLICT)", async () => {
    const actor = await operator();
    await assert.rejects(
      assignException({ entryId: "not-a-uuid", iban: validIban(), actor, config, driveChain: false }),
      (error) => isAppError(error) && error.code === "NOT_FOUND",
    );
    const holder = await seedHolder();
    const report = await importBankFile({
      content: { bytes: camt054([credit(holder.iban, "3.00")]) },
      name: "minted.xml",
      source: "upload",
      config,
      driveChain: false,
    });
    const prisma = await db();
    const line = await prisma.bankFileEntry.findFirstOrThrow({ where: { fileId: report.file.id } });
    await assert.rejects(returnException({ entryId: line.entryId!, reason: "not ours", actor, config }), conflict);
  });

  it("a credit of an amount euros cannot carry is not returned as 0.00: refused, and it stays open", async () => {
    const entryId = await exception("10.005");
    await assert.rejects(
      returnException({ entryId, reason: "No such customer", actor: await operator(), config }),
      (error) =>
        isAppError(error) && error.code === "VALIDATION" && /10\.005 EUR/.test(error.fields?.amount ?? "") === true,
    );
    // With four eyes on, it is refused when asked, not put to a second operator who could only fail to approve it.
    await assert.rejects(
      returnException({
        entryId,
        reason: "No such customer",
        actor: await operator(),
        config: { ...config, fourEyes: { thresholdMinor: 0n } },
      }),
      (error) => isAppError(error) && error.code === "VALIDATION" && error.fields?.amount !== undefined,
    );
    const prisma = await db();
    assert.equal(await prisma.payout.count({ where: { bankEntryId: entryId } }), 0);
    assert.equal(await prisma.operatorApproval.count({ where: { subjectId: entryId } }), 0);
    assert.equal((await prisma.bankEntry.findUniqueOrThrow({ where: { id: entryId } })).outcome, "unmatched");
  });

  it("returning: once, a payout back to the sender with the original reference, audited with the reason", async () => {
    const prisma = await db();
    const entryId = await exception("4.56");
    const actor = await operator();
    const results = await Promise.allSettled([
      returnException({ entryId, reason: "No such customer", actor, config }),
      returnException({ entryId, reason: "No such customer", actor, config }),
    ]);
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 1, JSON.stringify(results));
    const refused = results.find((r) => r.status === "rejected");
    assert.ok(refused && conflict(refused.reason));
    const entry = await prisma.bankEntry.findUniqueOrThrow({ where: { id: entryId } });
    assert.equal(entry.outcome, "returned");
    assert.ok(entry.payoutId);
    const payout = await prisma.payout.findUniqueOrThrow({ where: { id: entry.payoutId } });
    assert.equal(payout.bankEntryId, entryId);
    assert.equal(payout.amountMinor, 456n);
    const remittance = payoutRemittance(payout);
    assert.ok(entry.endToEndId && remittance.includes(entry.endToEndId), remittance);
    assert.equal(payout.endToEndId.length <= 35, true);
    const audit = await prisma.auditEntry.findMany({ where: { subjectId: entryId } });
    assert.equal(audit.length, 1);
    assert.equal(audit[0]!.action, "bank.exception.return");
    assert.equal(auditText(audit[0]!).reason, "No such customer");
  });
});
