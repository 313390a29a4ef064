import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { claimHolder, db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { mulberry32 } from "../../testing/seeded-random.ts";
import { setUpTestInstance } from "../../testing/embedded-instance.ts";
import { currentIndex } from "../current-index.ts";
import { TEST_LIST } from "../list-entry.ts";
import { TEST_ENTRIES, TEST_UPDATES } from "../sandbox/test-entries.ts";
import { publishTestListUpdate, seedTestList, testListVersions } from "../sandbox/test-list.ts";
import { runRescreens } from "./rescreen-job.ts";
import { versionDelta } from "./rescreen-version.ts";

// C65 on a real database (PGlite, or PostgreSQL when DATABASE_URL is set): a list version re-screens every customer
// against what it added and changed, opens cases only for those it can affect, once; the sandbox's test list is
// screened against in the sandbox only.
await setUpTestInstance("rescreen");

const officer = { userId: "", email: "compliance@example.com" };
const run = async () => runRescreens({ environment: "sandbox", threshold: 0.85, holder: await claimHolder() });

async function personal(name: [string, string], state: "created" | "pending" | "approved" = "approved") {
  const prisma = await db();
  return prisma.profile.create({
    data: {
      kind: "personal",
      name: name.join(" "),
      state,
      submissions: {
        create: {
          section: "details",
          state: state === "approved" ? "approved" : "pending",
          data: { firstName: name[0], lastName: name[1], birthday: "1980-01-01", nationality: "DE", country: "DE" },
          submittedAt: new Date(),
        },
      },
    },
  });
}

async function casesOf(profileId: string) {
  const prisma = await db();
  return prisma.complianceCase.findMany({ where: { profileId }, orderBy: { seq: "asc" } });
}

async function rescreenOf(versionId: string) {
  const prisma = await db();
  return prisma.sanctionsRescreen.findUniqueOrThrow({ where: { versionId } });
}

before(async () => {
  const prisma = await db();
  officer.userId = (await prisma.user.create({ data: { email: officer.email } })).id;
});

describe("C65 re-screening after a list update", () => {
  it("C65 only customers a version can affect get a case: approved ones holding nothing, ones in review their approval", async () => {
    const listedFirst = await personal(["Sanctioned", "Testperson"]);
    const seeded = await seedTestList({ environment: "sandbox" });
    assert.ok(seeded && !seeded.duplicate);
    assert.equal(await run(), 1);
    assert.deepEqual(
      (await casesOf(listedFirst.id)).map((c) => [c.listRef, c.holds]),
      [["TR-TEST-1", ""]],
    );
    const done = await rescreenOf(seeded.version.id);
    assert.deepEqual([done.state, done.profilesScreened, done.casesOpened], ["done", 1, 1]);

    // Customers who arrive after the first version; the next versions add Alpha, then Bravo Listupdate.
    const alpha = await personal(["Alpha", "Listupdate"]);
    const bravo = await personal(["Bravo", "Listupdate"], "pending");
    const stranger = await personal(["Greta", "Gärtner"]);
    // Matches the first version's entry, not the update's: the update's re-screening must leave them alone.
    const lateListed = await personal(["Listed", "Testdirector"]);
    const prisma = await db();
    const linked = await prisma.address.create({
      data: {
        profileId: stranger.id,
        address: TEST_UPDATES[0]!.walletAddresses[0]!.address,
        addressKey: TEST_UPDATES[0]!.walletAddresses[0]!.address.toLowerCase(),
        chain: "sepolia",
      },
    });

    const v2 = await publishTestListUpdate({ environment: "sandbox", actor: officer });
    assert.deepEqual([v2.version.number, v2.version.added, v2.version.changed], [2, 1, 0]);
    assert.equal(await run(), 1);
    assert.deepEqual(
      (await casesOf(alpha.id)).map((c) => [c.subjectKind, c.listRef, c.holds]),
      [["person", "TR-TEST-U1", ""]],
    );
    assert.deepEqual(await casesOf(bravo.id), []);
    assert.deepEqual(await casesOf(lateListed.id), []);
    assert.deepEqual(
      (await casesOf(stranger.id)).map((c) => [c.subjectKind, c.holds, c.holdsId, c.listRef]),
      [["address", "", linked.id, "TR-TEST-U1"]],
    );
    const second = await rescreenOf(v2.version.id);
    assert.deepEqual(
      [second.state, second.profilesScreened, second.addressesScreened, second.casesOpened],
      ["done", 5, 1, 2],
    );

    const v3 = await publishTestListUpdate({ environment: "sandbox", actor: officer });
    assert.equal(await run(), 1);
    assert.deepEqual(
      (await casesOf(bravo.id)).map((c) => [c.listRef, c.holds]),
      [["TR-TEST-U2", "approval"]],
    );
    assert.equal((await rescreenOf(v3.version.id)).casesOpened, 1);
    assert.equal((await casesOf(alpha.id)).length, 1);
  });

  it("C65 a re-screening run again, or taken over from a holder that is gone, opens nothing twice", async () => {
    const prisma = await db();
    const versions = await prisma.sanctionsRescreen.count();
    // As if each had been interrupted: claimed by a holder no instance holds any more, its cursor at the start.
    const interrupt = () =>
      prisma.sanctionsRescreen.updateMany({
        data: {
          state: "running",
          phase: "profiles",
          cursor: null,
          claimedBy: 2_000_000_000,
          claimedUntil: new Date(Date.now() + 3_600_000),
          profilesScreened: 0,
          addressesScreened: 0,
          casesOpened: 0,
        },
      });
    await interrupt();
    // The first version now also finds the customer who came after it ("Listed Testdirector"): once.
    assert.equal(await run(), versions);
    const after = await prisma.complianceCase.count();
    await interrupt();
    assert.equal(await run(), versions);
    assert.equal(await prisma.complianceCase.count(), after);
    for (const rescreen of await prisma.sanctionsRescreen.findMany()) {
      assert.deepEqual([rescreen.state, rescreen.casesOpened, rescreen.claimedBy], ["done", 0, null]);
    }
    // A claim its live holder still has is nobody else's.
    const holder = await claimHolder();
    await prisma.sanctionsRescreen.updateMany({
      data: { state: "running", claimedBy: holder.current()!, claimedUntil: new Date(Date.now() + 3_600_000) },
    });
    const other = await prisma.$queryRaw<{ versionId: string }[]>`
      SELECT "versionId" FROM "SanctionsRescreen" WHERE state <> 'done' AND ("claimedBy" IS NULL
        OR "claimedBy" NOT IN (SELECT h FROM "live_claim_holders"() AS h))`;
    assert.deepEqual(other, []);
    await prisma.sanctionsRescreen.updateMany({ data: { state: "done", claimedBy: null } });
  });

  it("C65 a version that adds or changes nothing is re-screened as it is made", async () => {
    const prisma = await db();
    const again = await seedTestList({ environment: "sandbox" });
    assert.equal(again?.duplicate, true);
    const versions = await prisma.sanctionsListVersion.count({ where: { source: TEST_LIST } });
    assert.equal(versions, 3);
  });
});

describe("C64 C65 the sandbox test list", () => {
  it("C64 its names and addresses hit in the sandbox, whatever the casing, script or legal form", async () => {
    const index = await currentIndex("sandbox");
    for (const name of ["Sanctioned Testperson", "TESTPERSON, Sanctioned", "Санкционный Тестперсон"]) {
      assert.equal(index.screenName({ name, kind: "person" })[0]?.entry.ref, "TR-TEST-1", name);
    }
    assert.equal(
      index.screenName({ name: "Tokenrail Test Sanctioned Company GmbH", kind: "entity" })[0]?.entry.ref,
      "TR-TEST-3",
    );
    const random = mulberry32(65);
    for (const { address } of TEST_ENTRIES.flatMap((e) => e.walletAddresses)) {
      for (let i = 0; i < 8; i++) {
        const cased = `0x${[...address.slice(2)].map((c) => (random() < 0.5 ? c.toUpperCase() : c.toLowerCase())).join("")}`;
        assert.equal(index.screenAddress(cased)[0]?.entry.ref, "TR-TEST-4", cased);
      }
    }
    assert.deepEqual(index.screenName({ name: "Greta Gärtner", kind: "person" }), []);
  });

  it("C64 C65 production never screens against it, never seeds it and cannot publish it", async () => {
    const prisma = await db();
    const production = await currentIndex("production");
    assert.deepEqual(production.screenName({ name: "Sanctioned Testperson", kind: "person" }), []);
    assert.deepEqual(production.screenAddress(TEST_ENTRIES[3]!.walletAddresses[0]!.address), []);
    const version = await prisma.sanctionsListVersion.findFirstOrThrow({ where: { source: TEST_LIST } });
    assert.deepEqual(await versionDelta(version.id, "production"), []);
    assert.ok((await versionDelta(version.id, "sandbox")).length > 0);

    const before = await prisma.sanctionsListVersion.count();
    assert.equal(await seedTestList({ environment: "production" }), undefined);
    const refused = await publishTestListUpdate({ environment: "production", actor: officer }).catch((e: unknown) => e);
    assert.ok(refused instanceof AppError && refused.code === "NOT_FOUND");
    const hidden = await testListVersions("production").catch((e: unknown) => e);
    assert.ok(hidden instanceof AppError && hidden.code === "NOT_FOUND");
    assert.equal((await testListVersions("sandbox")).versions.length, 3);
    assert.equal(await prisma.sanctionsListVersion.count(), before);
  });
});
