import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, it } from "node:test";
import { decideApproval } from "../../approvals/decide-approval.ts";
import { getConfig } from "../../config.ts";
import { db } from "../../db/client.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { countPlainRecords, sealPlainRecords } from "../../keys/seal-plain-records.ts";
import { isSealed } from "../../keys/sealed-value.ts";
import { eraseInTransaction } from "../../retention/erase-profile.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { screenProfile } from "../screen-profile.ts";
import { caseDetail, caseSubjectName } from "./case-text.ts";
import { clearCase, requestCaseConfirmation } from "./decide-case.ts";
import { listCases, readCase } from "./list-cases.ts";
import { profileOf, screeningOperators, stamp, type Operator } from "./testing/case-fixtures.ts";

// C70 on a real database (PGlite, or PostgreSQL when DATABASE_URL is set), against the real UN excerpt: what a case
// says of a person (subject, detail, reasons, notes) is sealed at rest, and a case written plain before is sealed in
// place.
await setUpTestInstance("screening_case_sealing");

let officer: Operator;
let second: Operator;

before(async () => {
  ({ officer, second } = await screeningOperators());
});

describe("C64 C66 screening cases", () => {
  it("C70 a case's subject name and detail are sealed at rest and read the same; a case written plain before sealing is sealed in place", async () => {
    const prisma = await db();
    const dump = async () =>
      (await prisma.$queryRawUnsafe<{ text: string }[]>(`SELECT t::text AS text FROM "ComplianceCase" t`))
        .map((r) => r.text)
        .join("\n");
    const listed = await profileOf({
      firstName: "Eric",
      lastName: "Badege",
      birthday: "1971-04-04",
      nationality: "CD",
    });
    const [caseId] = await screenProfile({ profileId: listed.id });
    assert.ok(caseId);

    // The row holds both sealed; nothing of the subject, nor of the list entry it matched, shows in a dump.
    const row = await prisma.complianceCase.findUniqueOrThrow({ where: { id: caseId } });
    assert.equal(isSealed(row.subjectName), true);
    assert.equal(isSealed(row.detail), true);
    const text = await dump();
    for (const secret of ["Badege", "BADEGE", "1971-04-04"]) {
      assert.equal(text.includes(secret), false, `${secret} is not in the dump`);
    }

    // Every reader shows them as before: the case, the queue and the second officer's question.
    const view = await readCase(caseId);
    assert.equal(view.subjectName, "Eric Badege");
    assert.equal((view.detail.subject as { name?: string }).name, "Eric Badege");
    assert.match(JSON.stringify(view.detail.entry), /BADEGE/);
    assert.deepEqual(caseDetail(row), view.detail);
    // This file's open cases fit on the queue's first page.
    const queue = await listCases({ state: "open", kind: "screening", page: 1 });
    assert.equal(queue.cases.find((c) => c.id === caseId)?.subjectName, "Eric Badege");
    const asked = await requestCaseConfirmation({ caseId, reason: "Same person", actor: officer });
    assert.match(asked.summary, /: Eric Badege matches UN entry 6907993$/);

    // A screening case and a monitoring case as the migration leaves them: a plain name (a JSON string), a plain detail.
    const tag = stamp();
    const plain = { screening: randomUUID(), monitoring: randomUUID() };
    const insert = (id: string, kind: string, subjectKind: string, name: string, detail: unknown) =>
      prisma.$executeRawUnsafe(
        `INSERT INTO "ComplianceCase" ("id", "kind", "state", "profileId", "subjectKind", "subjectName", "detail",
          "matchKey", "createdAt")
         VALUES ($1::uuid, $2, 'cleared', $3::uuid, $4, to_jsonb($5::text), $6::jsonb, $7, now())`,
        id,
        kind,
        listed.id,
        subjectKind,
        name,
        JSON.stringify(detail),
        `plain:${id}`,
      );
    await insert(plain.screening, "screening", "debtor", `Ottokar Altbestand ${tag}`, {
      subject: { name: `Ottokar Altbestand ${tag}`, birthDate: "1966-06-06" },
      entry: { ref: "6907993", names: ["ERIC BADEGE"] },
      explanation: { name: 0.91 },
    });
    await insert(plain.monitoring, "monitoring", "large-amount", "Large amount", {
      explanation: `Plain alert ${tag}`,
      rule: { key: "large-amount", name: "Large amount" },
    });
    const views = async () => ({
      screening: await readCase(plain.screening),
      monitoring: await readCase(plain.monitoring),
    });
    const before = await views();
    assert.equal(before.screening.subjectName, `Ottokar Altbestand ${tag}`);
    assert.deepEqual(before.screening.detail.subject, { name: `Ottokar Altbestand ${tag}`, birthDate: "1966-06-06" });
    assert.equal(before.monitoring.explanation, `Plain alert ${tag}`);
    const counted = await countPlainRecords();
    assert.ok(counted["ComplianceCase.subjectName"]! >= 2);
    assert.ok(counted["ComplianceCase.detail"]! >= 2);

    const { sealed } = await sealPlainRecords();
    assert.ok(sealed >= 4, `the 4 plain values are sealed (${sealed})`);
    const counts = await countPlainRecords();
    assert.equal(counts["ComplianceCase.subjectName"], 0);
    assert.equal(counts["ComplianceCase.detail"], 0);
    for (const id of Object.values(plain)) {
      const sealedRow = await prisma.complianceCase.findUniqueOrThrow({ where: { id } });
      assert.equal(isSealed(sealedRow.subjectName), true);
      assert.equal(isSealed(sealedRow.detail), true);
    }
    assert.deepEqual(await views(), before, "every case reads as it did");
    const after = await dump();
    for (const secret of [`Altbestand ${tag}`, "1966-06-06", `Plain alert ${tag}`, "BADEGE"]) {
      assert.equal(after.includes(secret), false, `${secret} is not in the dump`);
    }

    // Erased, the profile's cases keep a sealed marker in their place.
    await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${listed.id}::uuid FOR UPDATE`;
      await eraseInTransaction(tx, { profileId: listed.id, cause: "retention", actor: officer, now: new Date() });
    });
    const erased = await prisma.complianceCase.findUniqueOrThrow({ where: { id: caseId } });
    assert.equal(isSealed(erased.subjectName), true);
    assert.equal(isSealed(erased.detail), true);
    assert.deepEqual([caseSubjectName(erased), caseDetail(erased)], ["[erased]", {}]);
    assert.equal((await countPlainRecords())["ComplianceCase.detail"], 0);
  });

  it("C70 a case's decision reason and its history's notes are sealed at rest and read the same; ones written plain before sealing are sealed in place", async () => {
    const prisma = await db();
    const dump = async () =>
      (
        await prisma.$queryRawUnsafe<{ text: string }[]>(
          `SELECT t::text AS text FROM "ComplianceCase" t UNION ALL SELECT e::text FROM "ComplianceCaseEvent" e`,
        )
      )
        .map((r) => r.text)
        .join("\n");
    const tag = stamp();
    const clearedWhy = `Another person: Ottilie Fernbrook ${tag} is his cousin`;
    const confirmedWhy = `Same person: passport ${tag} matches`;
    const cleared = await profileOf({
      firstName: "Eric",
      lastName: "Badege",
      birthday: "1971-06-06",
      nationality: "CD",
    });
    const confirmed = await profileOf({
      firstName: "Eric",
      lastName: "Badege",
      birthday: "1971-07-07",
      nationality: "CD",
    });
    const [clearedId] = await screenProfile({ profileId: cleared.id });
    const [confirmedId] = await screenProfile({ profileId: confirmed.id });
    assert.ok(clearedId && confirmedId);
    await clearCase({ caseId: clearedId, reason: clearedWhy, actor: officer });
    const asked = await requestCaseConfirmation({ caseId: confirmedId, reason: confirmedWhy, actor: officer });
    await decideApproval({ approvalId: asked.id, decision: "approve", actor: second, config: getConfig() });

    // Each reason is kept sealed, on the case and on every step of its history that carries one.
    for (const id of [clearedId, confirmedId]) {
      assert.equal(isSealed((await prisma.complianceCase.findUniqueOrThrow({ where: { id } })).reason), true);
      const notes = await prisma.complianceCaseEvent.findMany({ where: { caseId: id, note: { not: Prisma.DbNull } } });
      assert.equal(notes.length, id === clearedId ? 1 : 2);
      for (const event of notes) assert.equal(isSealed(event.note), true);
    }
    assert.equal((await dump()).includes(tag), false, "no reason is in the dump");

    // The case page and the queue show them as before.
    const clearedView = await readCase(clearedId);
    assert.equal(clearedView.reason, clearedWhy);
    assert.deepEqual(
      clearedView.events.map((e) => [e.action, e.note]),
      [
        ["opened", null],
        ["cleared", clearedWhy],
      ],
    );
    const confirmedView = await readCase(confirmedId);
    assert.equal(confirmedView.reason, confirmedWhy);
    assert.deepEqual(
      confirmedView.events.map((e) => [e.action, e.note]),
      [
        ["opened", null],
        ["confirmation-asked", confirmedWhy],
        ["confirmed", confirmedWhy],
      ],
    );
    const queue = await listCases({ state: "cleared", page: 1 });
    assert.equal(queue.cases.find((c) => c.id === clearedId)?.reason, clearedWhy);

    // A decided case and its history as the migration leaves them: the reason and the note plain JSON strings.
    const plainWhy = `Plain reason ${stamp()}`;
    const plainId = randomUUID();
    await prisma.$executeRawUnsafe(
      `INSERT INTO "ComplianceCase" ("id", "kind", "state", "profileId", "subjectKind", "subjectName", "detail",
        "matchKey", "createdAt", "decidedAt", "reason")
       VALUES ($1::uuid, 'screening', 'cleared', $2::uuid, 'person', to_jsonb('Eric Badege'::text), '{}'::jsonb, $3,
        now(), now(), to_jsonb($4::text))`,
      plainId,
      cleared.id,
      `plain:${plainId}`,
      plainWhy,
    );
    await prisma.$executeRawUnsafe(
      `INSERT INTO "ComplianceCaseEvent" ("id", "caseId", "at", "action", "note")
       VALUES ($1::uuid, $2::uuid, now(), 'cleared', to_jsonb($3::text))`,
      randomUUID(),
      plainId,
      plainWhy,
    );
    const before = await readCase(plainId);
    assert.equal(before.reason, plainWhy);
    assert.deepEqual(
      before.events.map((e) => e.note),
      [plainWhy],
    );
    const counted = await countPlainRecords();
    assert.ok(counted["ComplianceCase.reason"]! >= 1);
    assert.ok(counted["ComplianceCaseEvent.note"]! >= 1);

    await sealPlainRecords();
    const counts = await countPlainRecords();
    assert.equal(counts["ComplianceCase.reason"], 0);
    assert.equal(counts["ComplianceCaseEvent.note"], 0);
    assert.equal(isSealed((await prisma.complianceCase.findUniqueOrThrow({ where: { id: plainId } })).reason), true);
    assert.deepEqual(await readCase(plainId), before, "the case reads as it did");
    assert.equal((await dump()).includes(plainWhy), false, "the plain reason is sealed in place");

    // C71: erased, the profile's cases keep their history's steps, but neither the reason nor any officer's note.
    await prisma.$transaction(async (tx) => {
      await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${confirmed.id}::uuid FOR UPDATE`;
      await eraseInTransaction(tx, { profileId: confirmed.id, cause: "retention", actor: officer, now: new Date() });
    });
    const erased = await readCase(confirmedId);
    assert.equal(erased.reason, null);
    assert.deepEqual(
      erased.events.map((e) => [e.action, e.note]),
      [
        ["opened", null],
        ["confirmation-asked", null],
        ["confirmed", null],
      ],
    );
    assert.equal((await readCase(clearedId)).reason, clearedWhy, "another profile's case keeps its reason");
  });
});
