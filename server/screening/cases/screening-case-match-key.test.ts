import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { db } from "../../db/client.ts";
import { countPlainRecords, sealPlainRecords } from "../../keys/seal-plain-records.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { canonicalDigest } from "../canonical-json.ts";
import { screenProfile } from "../screen-profile.ts";
import { clearCase } from "./decide-case.ts";
import { readCase } from "./list-cases.ts";
import { CASE_MATCH_KEY, caseMatchKeys } from "./match-key.ts";
import { profileOf, screeningOperators, type Operator } from "./testing/case-fixtures.ts";

// C70 on a real database (PGlite, or PostgreSQL when DATABASE_URL is set), against the real UN excerpt: the key that
// finds a case again for the same hit is keyed, not a plain digest of the person.
await setUpTestInstance("screening_case_match_key");

let officer: Operator;

before(async () => {
  ({ officer } = await screeningOperators());
});

describe("C64 C66 screening cases", () => {
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
