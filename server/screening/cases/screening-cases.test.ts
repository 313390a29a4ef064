import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { before, describe, it } from "node:test";
import { decideApproval } from "../../approvals/decide-approval.ts";
import { getConfig } from "../../config.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { Prisma } from "../../generated/prisma/client.ts";
import { countPlainRecords, sealPlainRecords } from "../../keys/seal-plain-records.ts";
import { isSealed } from "../../keys/sealed-value.ts";
import { grantOperator } from "../../operators/grant-operator.ts";
import { decide, setBlocked } from "../../profiles/review-profile.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { importSanctionsList } from "../lists/import-list.ts";
import { readListFile } from "../lists/read-list-file.ts";
import { screenProfile } from "../screen-profile.ts";
import { clearCase, requestCaseConfirmation, requestUnfreeze } from "./decide-case.ts";
import { listCases, readCase } from "./list-cases.ts";
import { openedEvents } from "../../testing/recorded-events.ts";
import { eraseInTransaction } from "../../retention/erase-profile.ts";
import { caseDetail, caseSubjectName } from "./case-text.ts";
import { CASE_MATCH_KEY, caseMatchKeys } from "./match-key.ts";
import { canonicalDigest } from "../canonical-json.ts";

// C64, C66 on a real database (PGlite, or PostgreSQL when DATABASE_URL is set), against the real UN excerpt: a
// listed person's profile is held, cleared or confirmed (four eyes), frozen and unfrozen (four eyes).
await setUpTestInstance("screening_cases");

const UN = fs.readFileSync(path.join(import.meta.dirname, "..", "lists", "fixtures", "un-consolidated.xml"));
const stamp = () => randomBytes(4).toString("hex");
let officer: { userId: string };
let second: { userId: string };
let reviewer: { userId: string };

async function operator(roles: ("compliance" | "reviewer")[]) {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `op-${stamp()}@example.com` } });
  await prisma.$transaction((tx) => grantOperator(tx, { userId: user.id, roles }));
  return { userId: user.id };
}

/** A personal profile whose details name this person (as a submission would store them). */
async function profileOf(person: { firstName: string; lastName: string; birthday: string; nationality: string }) {
  const prisma = await db();
  return prisma.profile.create({
    data: {
      kind: "personal",
      name: `${person.firstName} ${person.lastName}`,
      state: "pending",
      submissions: {
        create: {
          section: "details",
          state: "pending",
          data: { ...person, country: person.nationality, address: "1 Main St", postalCode: "1000", city: "Town" },
          submittedAt: new Date(),
        },
      },
    },
  });
}

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => assert.fail("expected a refusal"),
    (e: unknown) => e,
  );
  assert.ok(error instanceof AppError, String(error));
  return error;
}

before(async () => {
  await importSanctionsList({ bytes: UN, fileName: "un.xml", origin: "folder", read: (b) => readListFile(b) });
  officer = await operator(["compliance"]);
  second = await operator(["compliance"]);
  reviewer = await operator(["reviewer"]);
});

describe("C64 C66 screening cases", () => {
  it("C64 a listed person's profile opens one case that holds its approval; a stranger's opens none", async () => {
    const listed = await profileOf({
      firstName: "Eric",
      lastName: "Badege",
      birthday: "1971-05-01",
      nationality: "CD",
    });
    const holding = await screenProfile({ profileId: listed.id });
    assert.equal(holding.length, 1);
    // Screening again finds the same open case, not a second one.
    assert.deepEqual(await screenProfile({ profileId: listed.id }), holding);
    const detail = await readCase(holding[0]!);
    assert.equal(detail.subjectKind, "person");
    assert.equal(detail.subjectName, "Eric Badege");
    assert.equal(detail.listSource, "un");
    assert.equal(detail.listRef, "6907993");
    assert.equal(detail.holds, "approval");
    assert.ok(detail.score !== null && detail.score >= getConfig().screening.threshold);
    assert.match(JSON.stringify(detail.detail), /BADEGE/);
    assert.deepEqual(
      detail.events.map((e) => e.action),
      ["opened"],
    );

    const approval = await refusal(decide({ profileId: listed.id, decision: { decision: "approve" } }));
    assert.equal(approval.code, "CONFLICT");
    assert.match(approval.message, /potential sanctions hit on this profile is open \(case \d+\)/);

    const stranger = await profileOf({
      firstName: "Maria",
      lastName: "Lindqvist",
      birthday: "1990-01-01",
      nationality: "SE",
    });
    assert.deepEqual(await screenProfile({ profileId: stranger.id }), []);
  });

  it("C64 cleared as a false positive, the case lets the approval go on and is not opened again", async () => {
    const listed = await profileOf({
      firstName: "ERIC",
      lastName: "BADEGE",
      birthday: "1971-02-02",
      nationality: "CD",
    });
    const [caseId] = await screenProfile({ profileId: listed.id });
    assert.ok(caseId);
    const cleared = await clearCase({
      caseId,
      reason: "Another person: born elsewhere, different father's name",
      actor: officer,
    });
    assert.equal(cleared.state, "cleared");
    assert.deepEqual(await screenProfile({ profileId: listed.id }), []);
    // The approval is no longer held by screening (it may still wait for other sections, not for this).
    const next = await decide({ profileId: listed.id, decision: { decision: "approve" } }).catch((e: unknown) => e);
    assert.ok(!(next instanceof AppError) || !/sanctions/.test(next.message), String(next));
    assert.equal(
      ((await clearCase({ caseId, reason: "again", actor: officer }).catch((e: unknown) => e)) as AppError).code,
      "CONFLICT",
    );
  });

  it("C66 confirming needs a second compliance officer; then the profile is frozen, told only that its state changed", async () => {
    const prisma = await db();
    const listed = await profileOf({
      firstName: "Eric",
      lastName: "Badege",
      birthday: "1971-03-03",
      nationality: "CD",
    });
    const [caseId] = await screenProfile({ profileId: listed.id });
    assert.ok(caseId);
    const asked = await requestCaseConfirmation({ caseId, reason: "Same person: passport matches", actor: officer });
    assert.equal(asked.action, "case.confirm");
    assert.equal((await readCase(caseId)).awaitingConfirmation, true);
    const config = getConfig();
    // The officer who asked cannot approve; a reviewer's role does not cover it.
    assert.equal(
      (await refusal(decideApproval({ approvalId: asked.id, decision: "approve", actor: officer, config }))).code,
      "FORBIDDEN",
    );
    assert.equal(
      (await refusal(decideApproval({ approvalId: asked.id, decision: "approve", actor: reviewer, config }))).code,
      "FORBIDDEN",
    );
    assert.equal((await prisma.profile.findUniqueOrThrow({ where: { id: listed.id } })).frozenAt, null);

    const eventsBefore = await prisma.domainEvent.count({ where: { profileId: listed.id } });
    await decideApproval({ approvalId: asked.id, decision: "approve", actor: second, config });
    const frozen = await prisma.profile.findUniqueOrThrow({ where: { id: listed.id } });
    assert.ok(frozen.frozenAt);
    assert.equal(frozen.state, "blocked");
    assert.equal(frozen.stateReason, null);
    const events = await prisma.domainEvent.findMany({ where: { profileId: listed.id }, orderBy: { seq: "asc" } });
    assert.equal(events.length, eventsBefore + 1);
    const told = JSON.stringify(openedEvents(events).at(-1)!.data);
    assert.match(told, /"state":"blocked"/);
    assert.doesNotMatch(told, /sanction|frozen|freez|confirm|6907993/i);
    const confirmed = await readCase(caseId);
    assert.equal(confirmed.state, "confirmed");
    assert.deepEqual(
      confirmed.events.map((e) => e.action),
      ["opened", "confirmation-asked", "confirmed"],
    );
    assert.ok((await listCases({ state: "confirmed", page: 1 })).cases.some((c) => c.id === caseId));

    // A reviewer's unblock cannot lift a freeze; two compliance officers can.
    const unblock = await refusal(setBlocked({ profileId: listed.id, blocked: false, operator: reviewer }));
    assert.equal(unblock.code, "CONFLICT");
    assert.match(unblock.message, /frozen by a confirmed compliance case/);
    const unfreeze = await requestUnfreeze({ profileId: listed.id, reason: "Delisted on appeal", actor: second });
    assert.equal(
      (await refusal(decideApproval({ approvalId: unfreeze.id, decision: "approve", actor: second, config }))).code,
      "FORBIDDEN",
    );
    await decideApproval({ approvalId: unfreeze.id, decision: "approve", actor: officer, config });
    const lifted = await prisma.profile.findUniqueOrThrow({ where: { id: listed.id } });
    assert.equal(lifted.frozenAt, null);
    assert.notEqual(lifted.state, "blocked");
    const audit = await prisma.auditEntry.findMany({
      where: { subjectId: { in: [caseId, listed.id] } },
      orderBy: { at: "asc" },
    });
    assert.deepEqual(
      audit.map((a) => a.action).filter((a) => a.startsWith("compliance") || a === "profile.unfreeze"),
      ["compliance.case.confirm", "profile.unfreeze"],
    );
  });

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

  it("C70 a case's match key is keyed, not the subject's plain SHA-256; the same hit twice still makes one case, also against a key written bare before", async () => {
    const prisma = await db();
    const listed = await profileOf({
      firstName: "Eric",
      lastName: "Badege",
      birthday: "1971-08-08",
      nationality: "CD",
    });
    const [caseId] = await screenProfile({ profileId: listed.id });
    assert.ok(caseId);
    const row = await prisma.complianceCase.findUniqueOrThrow({ where: { id: caseId } });
    const opened = await readCase(caseId);
    // What the key was made of: the subject as screened and the entry, as the case keeps them.
    const digest = canonicalDigest({ subject: opened.detail.subject, entry: opened.detail.entry });
    const base = row.matchKey.slice(0, row.matchKey.lastIndexOf(":"));
    assert.equal(row.matchKey.includes(digest), false, "the stored key is not the plain SHA-256");
    assert.equal(
      row.matchKey,
      caseMatchKeys(base, { subject: opened.detail.subject, entry: opened.detail.entry }).matchKey,
    );
    assert.doesNotMatch(row.matchKey, /:[0-9a-f]{64}$/);

    // The same hit twice makes one case; cleared, it is not opened again.
    assert.deepEqual(await screenProfile({ profileId: listed.id }), [caseId]);
    await clearCase({ caseId, reason: "Another person", actor: officer });
    assert.deepEqual(await screenProfile({ profileId: listed.id }), []);
    assert.equal(await prisma.complianceCase.count({ where: { profileId: listed.id } }), 1);

    // A cleared case as written before the digest was keyed: found by its bare key, so the hit opens nothing.
    const bare = `${base}:${digest}`;
    await prisma.$executeRaw`UPDATE "ComplianceCase" SET "matchKey" = ${bare} WHERE id = ${caseId}::uuid`;
    assert.ok((await countPlainRecords())[CASE_MATCH_KEY]! >= 1);
    assert.deepEqual(await screenProfile({ profileId: listed.id }), []);
    assert.equal(await prisma.complianceCase.count({ where: { profileId: listed.id } }), 1);

    // The sealing pass keys it in place, from the digest alone; the match is still the same one.
    await sealPlainRecords();
    assert.equal((await countPlainRecords())[CASE_MATCH_KEY], 0);
    assert.equal((await prisma.complianceCase.findUniqueOrThrow({ where: { id: caseId } })).matchKey, row.matchKey);
    assert.deepEqual(await screenProfile({ profileId: listed.id }), []);
    assert.equal(await prisma.complianceCase.count({ where: { profileId: listed.id } }), 1);
    const dump = (await prisma.$queryRawUnsafe<{ text: string }[]>(`SELECT t::text AS text FROM "ComplianceCase" t`))
      .map((r) => r.text)
      .join("\n");
    assert.equal(dump.includes(digest), false, "no case keeps the plain SHA-256");
  });
});
