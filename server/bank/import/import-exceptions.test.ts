import assert from "node:assert/strict";
import { after, describe, it } from "node:test";
import { db } from "../../db/client.ts";
import { isAppError } from "../../errors.ts";
import { CLIENT_CREDENTIALS, type Caller } from "../../oauth/caller.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { tearDownDrivers } from "../../testing/tear-down-drivers.ts";
import { importFileBytes, rowCounts } from "./testing/import-test-helpers.ts";
import { fixture } from "../iso20022/testing/fixtures.ts";
import { mintUnmatched } from "./import-bank-file.ts";
import { entryIban, entryText } from "./entry-text.ts";
import {
  camt054,
  credit,
  FIXTURE_MASTER_IBAN,
  importConfig,
  randomIban,
  seedHolder,
} from "./testing/bank-import-fixtures.ts";

await setUpTestInstance("bank_import_exceptions");

const config = importConfig();

describe("issue 24: the importer, what it cannot mint and what it refuses", () => {
  after(tearDownDrivers);

  it("C48 each credit that cannot be minted lands as an exception with its reason", async () => {
    const prisma = await db();
    const pending = await seedHolder({ profileState: "pending" });
    const blocked = await seedHolder({ profileState: "blocked" });
    const closed = await seedHolder({ ibanState: "closed" });
    const good = await seedHolder();
    const unknown = randomIban();
    const credits = [
      credit(unknown),
      credit(pending.iban),
      credit(blocked.iban),
      credit(closed.iban),
      credit(good.iban, "10.00", { currency: "USD" }),
      credit(good.iban, "10.005"),
      credit(FIXTURE_MASTER_IBAN),
    ];
    const report = await importFileBytes(config, camt054(credits));
    assert.deepEqual(report.counts, { unmatched: credits.length });
    const problems = report.entries.map((entry) => entry.problem ?? "");
    assert.match(problems[0]!, /the IBAN credited is not one of ours/);
    assert.match(problems[1]!, /profile holding the IBAN credited is pending/);
    assert.match(problems[2]!, /profile holding the IBAN credited is blocked/);
    // The IBAN is the entry's, sealed (C70), not repeated in the words stored beside it.
    assert.equal(
      problems.some((problem) => problem.includes(unknown)),
      false,
    );
    assert.match(problems[3]!, /does not take payments \(it is closed\)/);
    assert.match(problems[4]!, /USD: the token is issued in EUR only/);
    assert.match(problems[5]!, /10\.005 EUR has more decimals than EUR carries/);
    assert.match(problems[6]!, /master account itself/);
    const exceptions = await prisma.bankEntry.findMany({ where: { fileId: report.file.id }, orderBy: { seq: "asc" } });
    assert.deepEqual(
      exceptions.map((entry) => [entry.outcome, entry.problem, entry.orderId]),
      problems.map((problem) => ["unmatched", problem, null]),
    );
    assert.equal(entryIban(exceptions[1]!), pending.iban);
    assert.equal(exceptions[1]!.amountMinor, 1000n);
    assert.equal(entryText(exceptions[1]!).debtorName, "Anna Müller");
    assert.equal(await prisma.order.count({ where: { profileId: { in: [pending.profileId, blocked.profileId] } } }), 0);
  });

  it("C48 a reversal is never minted: it lands as an exception for an operator", async () => {
    const holder = await seedHolder();
    const text = new TextDecoder().decode(camt054([credit(holder.iban, "4.00")]));
    const reversed = text.replace(/(<CdtDbtInd>CRDT<\/CdtDbtInd>)(\s*<Sts>)/, "$1<RvslInd>true</RvslInd>$2");
    assert.notEqual(reversed, text);
    const report = await importFileBytes(config, new TextEncoder().encode(reversed));
    assert.equal(report.entries[0]!.result, "unmatched");
    assert.match(report.entries[0]!.problem!, /reversal/);
  });

  it("C48 an exception assigned to an approved IBAN is minted once, through the importer's path", async () => {
    const prisma = await db();
    const holder = await seedHolder();
    const report = await importFileBytes(config, camt054([credit(randomIban(), "7.00")]));
    const entryId = (await prisma.bankEntry.findFirstOrThrow({ where: { fileId: report.file.id } })).id;
    const { orderId } = await prisma.$transaction((tx) =>
      mintUnmatched(tx, { entryId, iban: holder.iban, config, now: new Date() }),
    );
    const entry = await prisma.bankEntry.findUniqueOrThrow({ where: { id: entryId } });
    assert.equal(entry.outcome, "assigned");
    assert.equal(entry.orderId, orderId);
    const order = await prisma.order.findUniqueOrThrow({ where: { id: orderId } });
    assert.equal(order.amountMinor, 700n);
    assert.equal(order.profileId, holder.profileId);
    assert.equal(
      (await prisma.incomingPayment.findUniqueOrThrow({ where: { orderId } })).bankReference,
      entry.identity,
    );
    await assert.rejects(
      prisma.$transaction((tx) => mintUnmatched(tx, { entryId, iban: holder.iban, config, now: new Date() })),
      (error) => isAppError(error) && error.code === "CONFLICT",
    );
    // The same credit in a later file is already imported: the assigned order, not a second one.
    const again = await importFileBytes(
      config,
      camt054([
        credit(entryIban(entry)!, "7.00", {
          accountServicerReference: entry.identity.split(":").pop()!,
        }),
      ]),
    );
    assert.equal(again.entries[0]!.result, "already_imported");
    assert.equal(again.entries[0]!.orderId, orderId);
  });

  it("C46 a refused file changes nothing: schema-invalid, or a statement of another account", async () => {
    const holder = await seedHolder();
    const before = await rowCounts();
    const good = new TextDecoder().decode(camt054([credit(holder.iban, "5.00")]));
    const invalid = new TextEncoder().encode(good.replace('<Amt Ccy="EUR">5.00</Amt>', '<Amt Ccy="EUR">5,00</Amt>'));
    await assert.rejects(
      importFileBytes(config, invalid),
      (error) =>
        isAppError(error) &&
        error.code === "VALIDATION" &&
        /Ntry(\[1\])?\/Amt$/.test(Object.keys(error.fields ?? {})[0]!),
    );
    const other = "DE02100100100006820101";
    await assert.rejects(importFileBytes(config, camt054([credit(holder.iban, "5.00")], undefined, other)), (error) => {
      assert.ok(isAppError(error) && error.code === "VALIDATION");
      const element = "Document/BkToCstmrDbtCdtNtfctn/Ntfctn[1]/Acct/Id/IBAN";
      assert.match(error.fields?.[element] ?? "", new RegExp(`is ${other}, not the master account`));
      return true;
    });
    assert.deepEqual(await rowCounts(), before);
  });

  it("a credit from the sandbox's restricted reporter to an IBAN it may not write refuses the whole file", async () => {
    const mine = await seedHolder();
    const theirs = await seedHolder();
    const caller: Caller = {
      tokenId: "t",
      clientId: "c",
      applicationId: "00000000-0000-4000-8000-000000000000",
      userId: "00000000-0000-4000-8000-000000000001",
      profileId: mine.profileId,
      grantType: CLIENT_CREDENTIALS,
    };
    const before = await rowCounts();
    await assert.rejects(
      importFileBytes(config, camt054([credit(mine.iban), credit(theirs.iban)]), { writableBy: caller }),
      (error) => isAppError(error) && error.code === "NOT_FOUND" && error.message === "IBAN not found",
    );
    assert.deepEqual(await rowCounts(), before);
    const report = await importFileBytes(config, camt054([credit(mine.iban, "3.00")]), { writableBy: caller });
    assert.deepEqual(report.counts, { minted: 1 });
  });

  it("an entry not booked yet is reported, not recorded, and its booking later mints", async () => {
    const prisma = await db();
    const holder = await seedHolder();
    const paid = credit(holder.iban, "8.00");
    const text = new TextDecoder().decode(camt054([paid]));
    const pendingFile = new TextEncoder().encode(text.replace("<Cd>BOOK</Cd>", "<Cd>PDNG</Cd>"));
    const pending = await importFileBytes(config, pendingFile);
    assert.deepEqual(pending.counts, { ignored: 1 });
    assert.equal(await prisma.bankEntry.count({ where: { fileId: pending.file.id } }), 0);
    const line = await prisma.bankFileEntry.findFirstOrThrow({ where: { fileId: pending.file.id } });
    assert.equal(line.entryId, null);
    const booked = await importFileBytes(config, camt054([paid]));
    assert.deepEqual(booked.counts, { minted: 1 });
  });

  it("the hand-written camt.054.001.08: credits to our IBANs minted, the pending entry ignored", async () => {
    await seedHolder({ iban: "DE21370400440000001234" });
    await seedHolder({ iban: "DE22370400440000005678" });
    const bytes = fixture("camt.054.001.08.xml");
    const report = await importFileBytes(config, bytes);
    const results = report.entries.map((entry) => entry.result);
    assert.deepEqual(results.slice(0, 4), ["minted", "minted", "minted", "ignored"]);
  });
});
