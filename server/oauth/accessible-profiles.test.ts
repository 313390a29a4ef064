import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, it } from "node:test";
import fc from "fast-check";
import { db } from "../db/client.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { PROFILE_NAME } from "../keys/people-columns.ts";
import { sealValue } from "../keys/sealed-value.ts";
import { profileForCaller } from "../profiles/profile-access.ts";
import { listProfiles } from "../profiles/list-profiles.ts";
import { accessibleProfiles, mayWriteProfile } from "./accessible-profiles.ts";
import { CLIENT_CREDENTIALS, PERSON_IN_APP, type Caller } from "./caller.ts";

// Domain-level, on a real database: the write rule as SQL (`writableBySql`, used inside the sandbox bank's queries)
// against the list `accessibleProfiles` gives, for every kind of caller, on random memberships and grants.
await setUpTestInstance("accessible_profiles");

const USERS = 3;
const PROFILES = 5;
const APPLICATIONS = 2;
const users = Array.from({ length: USERS }, () => randomUUID());
const profiles = Array.from({ length: PROFILES }, () => randomUUID());
const applications = Array.from({ length: APPLICATIONS }, () => randomUUID());

before(async () => {
  const prisma = await db();
  await prisma.user.createMany({ data: users.map((id) => ({ id, email: `${id}@example.com` })) });
  await prisma.profile.createMany({ data: profiles.map((id) => ({ id, kind: "personal" as const })) });
  await prisma.application.createMany({
    data: applications.map((id, i) => ({
      id,
      name: `app ${i}`,
      environment: "sandbox" as const,
      profileId: profiles[i]!,
      ownerId: users[i]!,
    })),
  });
});

const member = fc.record({
  user: fc.nat(USERS - 1),
  profile: fc.nat(PROFILES - 1),
  perms: fc.subarray(["read", "write"]),
});
const grant = fc.record({
  application: fc.nat(APPLICATIONS - 1),
  profile: fc.nat(PROFILES - 1),
  revoked: fc.boolean(),
});
const caller = fc.record({
  kind: fc.constantFrom(CLIENT_CREDENTIALS, PERSON_IN_APP, "authorization_code"),
  user: fc.nat(USERS - 1),
  application: fc.nat(APPLICATIONS - 1),
});

describe("who may write a profile", () => {
  it("C38: the SQL rule agrees with accessibleProfiles for applications, their people and people in the app", async () => {
    const prisma = await db();
    await fc.assert(
      fc.asyncProperty(
        fc.array(member, { maxLength: 8 }),
        fc.array(grant, { maxLength: 6 }),
        caller,
        async (m, g, c) => {
          await prisma.profileMember.deleteMany({});
          await prisma.applicationGrant.deleteMany({});
          const members = new Map(m.map((x) => [`${x.user}:${x.profile}`, x]));
          await prisma.profileMember.createMany({
            data: [...members.values()].map((x) => ({
              userId: users[x.user]!,
              profileId: profiles[x.profile]!,
              perms: x.perms,
            })),
          });
          const grants = new Map(g.map((x) => [`${x.application}:${x.profile}`, x]));
          await prisma.applicationGrant.createMany({
            data: [...grants.values()].map((x) => ({
              applicationId: applications[x.application]!,
              profileId: profiles[x.profile]!,
              userId: users[0]!,
              revokedAt: x.revoked ? new Date() : null,
            })),
          });
          const who: Caller = {
            tokenId: randomUUID(),
            clientId: randomUUID(),
            applicationId: applications[c.application]!,
            userId: users[c.user]!,
            profileId: profiles[c.application]!,
            grantType: c.kind,
          };
          const listed = new Set(
            (await accessibleProfiles(who)).filter((p) => p.perms.includes("write")).map((p) => p.id),
          );
          for (const profile of profiles) {
            assert.equal(await mayWriteProfile(who, profile), listed.has(profile), `${c.kind} on profile ${profile}`);
          }
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("the names of the profiles a caller may access", () => {
  it("C70 each sealed name is opened only when it is read: one profile's access is checked without the others'", async () => {
    const prisma = await db();
    await prisma.profileMember.deleteMany({});
    await prisma.applicationGrant.deleteMany({});
    const [own, granted, unreadable] = [profiles[0]!, profiles[1]!, profiles[2]!];
    await prisma.applicationGrant.createMany({
      data: [granted, unreadable].map((profileId) => ({
        applicationId: applications[0]!,
        profileId,
        userId: users[0]!,
      })),
    });
    // A sealed name no key opens: reading it fails, so whatever reads it shows.
    const unopenable = {
      sealed:
        "v1.gone.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.AAAAAAAAAAAAAAAA.AAAA",
    };
    await prisma.profile.update({ where: { id: unreadable }, data: { name: unopenable } });
    await prisma.profile.update({ where: { id: granted }, data: { name: sealValue("Ada Lovelace", PROFILE_NAME) } });
    await prisma.profile.update({ where: { id: own }, data: { kind: "corporate", name: "Partner" } });
    const who: Caller = {
      tokenId: randomUUID(),
      clientId: randomUUID(),
      applicationId: applications[0]!,
      userId: users[0]!,
      profileId: own,
      grantType: CLIENT_CREDENTIALS,
    };
    try {
      const listed = await accessibleProfiles(who);
      assert.deepEqual(listed.map((p) => p.id).sort(), [own, granted, unreadable].sort());
      const checked = await profileForCaller(who, granted, "write");
      assert.equal(checked.name, "Ada Lovelace");
      assert.throws(() => listed.find((p) => p.id === unreadable)!.name);
      // The list filtered before its names are read: the corporate one only.
      const corporate = await listProfiles({ caller: who, kind: "corporate" });
      assert.deepEqual(
        corporate.profiles.map((p) => [p.id, p.name]),
        [[own, "Partner"]],
      );
      await assert.rejects(listProfiles({ caller: who }));
    } finally {
      await prisma.profile.updateMany({ where: { id: { in: profiles } }, data: { kind: "personal", name: "" } });
    }
  });
});
