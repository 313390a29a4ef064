import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { db } from "../db/client.ts";
import { SUBMISSION_DATA } from "../profiles/submission-data.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { countPlainRecords, sealPlainRecords } from "./seal-plain-records.ts";
import { isPlain, openValue, sealValue } from "./sealed-value.ts";

// Records of personal data sealed in place (C70), on a real database (PGlite, or PostgreSQL with DATABASE_URL).
await setUpTestInstance("seal_plain_records");

const details = (i: number) => ({
  firstName: `Erika${i}`,
  lastName: "Mustermann",
  birthday: "1964-08-12",
  address: "Heidestraße 17",
  city: "Köln",
  idNumber: `L01X00T4${i}`,
});

describe("personal data sealed at rest", () => {
  it("C70: KYC data written in plain text before sealing is sealed in place, counted to zero, and still reads the same", async () => {
    const prisma = await db();
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const profile = await prisma.profile.create({ data: { kind: "personal", name: `Erika${i} Mustermann` } });
      ids.push(profile.id);
      await prisma.profileSubmission.create({
        data: {
          profileId: profile.id,
          section: "details",
          state: "pending",
          data: details(i),
          submittedAt: new Date(),
        },
      });
    }
    assert.equal((await countPlainRecords())[SUBMISSION_DATA], 5);
    // The five submissions, and their five profiles' names (sealed too).
    assert.deepEqual(await sealPlainRecords(), { sealed: 10 });
    assert.deepEqual(await sealPlainRecords(), { sealed: 0 }, "running again resumes with nothing left");
    assert.equal((await countPlainRecords())[SUBMISSION_DATA], 0);
    const dump = await prisma.$queryRawUnsafe<{ text: string }[]>(`SELECT data::text AS text FROM "ProfileSubmission"`);
    for (const { text } of dump) {
      for (const value of ["Mustermann", "1964-08-12", "Heidestraße", "L01X00T4"]) {
        assert.equal(text.includes(value), false, `${value} is not in the table's dump`);
      }
    }
    for (const [i, profileId] of ids.entries()) {
      const row = await prisma.profileSubmission.findFirstOrThrow({ where: { profileId } });
      assert.equal(isPlain(row.data), false);
      assert.deepEqual(openValue(row.data, SUBMISSION_DATA), details(i));
    }
  });

  it("C70: a sealed value opens only for its own column, and not once altered", () => {
    const sealed = sealValue(details(9), SUBMISSION_DATA);
    assert.deepEqual(openValue(sealed, SUBMISSION_DATA), details(9));
    assert.throws(() => openValue(sealed, "Order.counterpart"));
    const parts = sealed.sealed.split(".");
    const body = Buffer.from(parts[4]!, "base64url");
    body[3] = body[3]! ^ 1;
    parts[4] = body.toString("base64url");
    assert.throws(() => openValue({ sealed: parts.join(".") }, SUBMISSION_DATA));
  });
});
