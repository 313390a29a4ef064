import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { isValidIBAN } from "ibantools";
import { registerApplication } from "../applications/register-application.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import type { Caller } from "../oauth/caller.ts";
import { issueClientCredentialsToken } from "../oauth/issue-client-credentials-token.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { provisionRequestedIbans } from "./provision-ibans.ts";
import { requestIban } from "./request-iban.ts";
import { openedEvents } from "../testing/recorded-events.ts";
import { withIbanOpened } from "./iban-number.ts";

// Claiming and provisioning on a real database; the HTTP suite shows the rest through the front door.
await setUpTestInstance("ibans");

const CHAIN = "sepolia";

/** An application whose own profile (in `state`) has one linked address; its client-credentials caller. */
async function partner(state: "approved" | "pending"): Promise<{ caller: Caller; profile: string; address: string }> {
  const prisma = await db();
  const stamp = randomBytes(4).toString("hex");
  const owner = await prisma.user.create({ data: { email: `iban-${stamp}@example.com` } });
  const profile = await prisma.profile.create({ data: { kind: "corporate", name: `Partner ${stamp}`, state } });
  const app = await registerApplication({
    name: `Partner ${stamp}`,
    environment: "sandbox",
    profileId: profile.id,
    ownerId: owner.id,
    redirectUris: [],
  });
  const issued = await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret });
  const address = `0x${randomBytes(20).toString("hex")}`;
  await prisma.address.create({
    data: { profileId: profile.id, address, addressKey: address, chain: CHAIN, linkedAt: new Date() },
  });
  return { caller: await authenticateBearer(`Bearer ${issued.access_token}`), profile: profile.id, address };
}

const request = (caller: Caller, address: string, chain = CHAIN) =>
  requestIban({ caller, request: { address, chain, emailNotifications: true }, config: getConfig() });

const provisionRun = () => provisionRequestedIbans({ settings: getConfig().ibans });

async function ibanEvents(profileId: string) {
  const prisma = await db();
  return openedEvents(await prisma.domainEvent.findMany({ where: { profileId, type: "iban.updated" } }));
}

let approved: Awaited<ReturnType<typeof partner>>;
before(async () => {
  approved = await partner("approved");
});

describe("requesting and provisioning IBANs", () => {
  it("two provisioning runs at once provision a requested IBAN once, with one event carrying the IBAN object", async () => {
    const { caller, profile, address } = approved;
    assert.deepEqual(await request(caller, address.toUpperCase().replace("0X", "0x")), { requested: true });
    const runs = await Promise.all([provisionRun(), provisionRun(), provisionRun()]);
    const prisma = await db();
    const row = withIbanOpened(await prisma.iban.findUniqueOrThrow({ where: { profileId: profile } }));
    assert.equal(row.state, "approved");
    assert.ok(row.iban && isValidIBAN(row.iban), `${row.iban} is valid`);
    assert.equal(row.bic, getConfig().ibans.bic);
    assert.equal(runs.flat().filter((iban) => iban === row.iban).length, 1, "provisioned by exactly one run");
    const events = await ibanEvents(profile);
    assert.equal(events.length, 1);
    assert.deepEqual(events[0]?.data, {
      iban: row.iban.replace(/(.{4})(?!$)/g, "$1 "),
      name: (await prisma.profile.findUniqueOrThrow({ where: { id: profile } })).name,
      bic: row.bic,
      profile,
      address: row.address,
      chain: CHAIN,
      state: "approved",
      emailNotifications: true,
    });
    assert.deepEqual(await provisionRun(), [], "nothing left to provision");
  });

  it("asking again, even twice at once and for another chain, changes nothing: one IBAN per profile", async () => {
    const { caller, profile, address } = await partner("approved");
    const prisma = await db();
    await prisma.address.create({
      data: { profileId: profile, address, addressKey: address, chain: "chiado", linkedAt: new Date() },
    });
    const both = await Promise.all([request(caller, address), request(caller, address)]);
    assert.deepEqual(both.map((r) => r.requested).sort(), [false, true]);
    assert.deepEqual(await request(caller, address, "gnosis"), { requested: false });
    assert.equal(await prisma.iban.count({ where: { profileId: profile } }), 1);
  });

  it("a profile that is not approved may not ask; one that lost its approval waits for its number", async () => {
    const pending = await partner("pending");
    await assert.rejects(
      request(pending.caller, pending.address),
      (e: unknown) => e instanceof AppError && e.code === "FORBIDDEN" && /profile is pending/.test(e.message),
    );
    const later = await partner("approved");
    await request(later.caller, later.address);
    const prisma = await db();
    await prisma.profile.update({ where: { id: later.profile }, data: { state: "blocked" } });
    await provisionRun();
    assert.equal((await prisma.iban.findUniqueOrThrow({ where: { profileId: later.profile } })).state, "requested");
    await prisma.profile.update({ where: { id: later.profile }, data: { state: "approved" } });
    await provisionRun();
    assert.equal((await prisma.iban.findUniqueOrThrow({ where: { profileId: later.profile } })).state, "approved");
    assert.equal((await ibanEvents(later.profile)).length, 1);
  });

  it("an address of another owner is answered like an unlinked one, naming no profile", async () => {
    const other = await partner("approved");
    const refusal = (e: unknown) =>
      e instanceof AppError &&
      e.code === "VALIDATION" &&
      e.fields?.address === "is not linked on sepolia to a profile you may act on";
    await assert.rejects(request(approved.caller, other.address), refusal);
    await assert.rejects(request(approved.caller, `0x${"ab".repeat(20)}`), refusal);
    await assert.rejects(
      request(approved.caller, approved.address, "polygon"),
      (e: unknown) =>
        e instanceof AppError && e.fields?.address === "is not linked on amoy to a profile you may act on",
    );
    await assert.rejects(
      request(approved.caller, approved.address, "solana"),
      (e: unknown) => e instanceof AppError && e.fields?.chain === "solana is not a chain of this environment",
    );
  });
});
