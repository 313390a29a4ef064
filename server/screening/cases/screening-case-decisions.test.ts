import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { decideApproval } from "../../approvals/decide-approval.ts";
import { getConfig } from "../../config.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { decide, setBlocked } from "../../profiles/review-profile.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { openedEvents } from "../../testing/recorded-events.ts";
import { screenProfile } from "../screen-profile.ts";
import { clearCase, requestCaseConfirmation, requestUnfreeze } from "./decide-case.ts";
import { listCases, readCase } from "./list-cases.ts";
import { profileOf, refusal, screeningOperators, type Operator } from "./testing/case-fixtures.ts";

// C64, C66 on a real database (PGlite, or PostgreSQL when DATABASE_URL is set), against the real UN excerpt: a
// listed person's profile is held, cleared or confirmed (four eyes), frozen and unfrozen (four eyes).
await setUpTestInstance("screening_case_decisions");

let officer: Operator;
let second: Operator;
let reviewer: Operator;

before(async () => {
  ({ officer, second, reviewer } = await screeningOperators());
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
});
