import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { before, describe, it } from "node:test";
import { getAddress, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { sandboxChain } from "../chains/configured-gateway.ts";
import { reconcileTransfers } from "../chains/reconcile-transfers.ts";
import { resolveChain } from "../chains/registry.ts";
import { loadConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { recordMint } from "../ledger/movements.ts";
import { PERSON_IN_APP, type Caller } from "../oauth/caller.ts";
import { caseSubjectName } from "../screening/cases/case-text.ts";
import { publishTestListUpdate, seedTestList } from "../screening/sandbox/test-list.ts";
import { mulberry32 } from "../testing/seeded-random.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { completePendingLinks } from "./complete-pending-links.ts";
import { LINK_MESSAGE, linkAddress } from "./link-address.ts";

// C64 on a real database (PGlite, or PostgreSQL when DATABASE_URL is set), against the sandbox's test list: an
// address a list names is refused at linking (directly, or when its on-chain signature arrives) and opens a case;
// a transfer from it to a customer opens one case per transfer.
await setUpTestInstance("address_screening");

const config = loadConfig({ ...process.env, TOKENRAIL_CHAIN_GATEWAY: undefined });
const gateway = sandboxChain(config)!;
const sepolia = resolveChain("sepolia", config.environment)!;
/** The test list's keys (docs/compliance.md, "Sandbox test names"): 0x…01 is listed from the first version. */
const key = (n: number): Hex => `0x${n.toString(16).padStart(64, "0")}`;
const LISTED = privateKeyToAccount(key(1));
const BRAVO = privateKeyToAccount(key(5)); // listed from the test list's third version
const officer = { userId: "", email: "compliance@example.com" };

async function customer(): Promise<{ caller: Caller; profileId: string }> {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `c-${randomBytes(4).toString("hex")}@example.com` } });
  const profile = await prisma.profile.create({ data: { kind: "personal", name: "Customer", state: "approved" } });
  await prisma.profileMember.create({ data: { profileId: profile.id, userId: user.id, perms: ["read", "write"] } });
  const caller: Caller = {
    tokenId: "test",
    clientId: "test",
    applicationId: "00000000-0000-0000-0000-000000000000",
    userId: user.id,
    profileId: profile.id,
    grantType: PERSON_IN_APP,
  };
  return { caller, profileId: profile.id };
}

async function casesOf(profileId: string) {
  const prisma = await db();
  return prisma.complianceCase.findMany({ where: { profileId }, orderBy: { seq: "asc" } });
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
  await seedTestList({ environment: "sandbox" });
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: officer.email } });
  officer.userId = user.id;
});

describe("C64 addresses on a list", () => {
  it("C64 a listed address is refused at linking however it is written, with one case that holds it", async () => {
    const { caller, profileId } = await customer();
    const signature = await LISTED.signMessage({ message: LINK_MESSAGE });
    // Checksummed, lower case, upper-case hex: one address, refused alike, the same case every time.
    for (const address of [
      LISTED.address,
      LISTED.address.toLowerCase(),
      `0x${LISTED.address.slice(2).toUpperCase()}`,
    ]) {
      const error = await refusal(
        linkAddress({ caller, request: { address: address, chain: "sepolia", signature }, config }),
      );
      assert.equal(error.code, "FORBIDDEN");
      // Tipping-off: nothing says a list, a sanction or a case.
      assert.equal(error.message, "This address cannot be linked");
      assert.equal(error.fields, undefined);
    }
    const prisma = await db();
    assert.equal(await prisma.address.count({ where: { profileId } }), 0);
    const cases = await casesOf(profileId);
    assert.equal(cases.length, 1);
    assert.deepEqual(
      [cases[0]!.subjectKind, cases[0]!.holds, cases[0]!.holdsId, cases[0]!.listSource, cases[0]!.listRef],
      ["address", "address", LISTED.address.toLowerCase(), "sandbox", "TR-TEST-4"],
    );
    // The on-chain path (a Safe signs later) is refused at the request too.
    const pending = await refusal(
      linkAddress({ caller, request: { address: LISTED.address, chain: "sepolia", signature: "0x" }, config }),
    );
    assert.equal(pending.message, "This address cannot be linked");
    assert.equal((await casesOf(profileId)).length, 1);
  });

  it("C64 an address no list names links as before", async () => {
    const { caller, profileId } = await customer();
    const owner = privateKeyToAccount(generatePrivateKey());
    const signature = await owner.signMessage({ message: LINK_MESSAGE });
    const outcome = await linkAddress({
      caller,
      request: { address: owner.address, chain: "sepolia", signature },
      config,
    });
    assert.equal(outcome.kind, "linked");
    assert.deepEqual(await casesOf(profileId), []);
  });

  it("C64 an on-chain link whose address is listed meanwhile is closed unlinked when its signature arrives", async () => {
    const { caller, profileId } = await customer();
    await gateway.registerSmartAccount(sepolia, BRAVO.address, [privateKeyToAccount(generatePrivateKey()).address], 1);
    const outcome = await linkAddress({
      caller,
      request: { address: BRAVO.address, chain: "sepolia", signature: "0x" },
      config,
    });
    assert.equal(outcome.kind, "pending");
    await publishTestListUpdate({ environment: "sandbox", actor: officer }); // v2: Alpha
    await publishTestListUpdate({ environment: "sandbox", actor: officer }); // v3: Bravo
    await gateway.emitSignMsg(sepolia, BRAVO.address, LINK_MESSAGE);
    assert.equal(await completePendingLinks({ config }), 0);
    assert.equal(await completePendingLinks({ config }), 0);
    const prisma = await db();
    assert.equal(await prisma.address.count({ where: { profileId } }), 0);
    const waiting = await prisma.pendingSignature.findFirst({ where: { profileId } });
    assert.notEqual(waiting?.completedAt, null);
    const cases = await casesOf(profileId);
    assert.deepEqual(
      cases.map((c) => [c.holds, c.holdsId, c.listRef]),
      [["address", BRAVO.address.toLowerCase(), "TR-TEST-U2"]],
    );
  });

  it("C64 each transfer from a listed address to a customer opens one case on the receiver, holding nothing", async () => {
    const { profileId } = await customer();
    const receiver = privateKeyToAccount(generatePrivateKey()).address;
    const prisma = await db();
    await prisma.address.create({
      data: { profileId, address: receiver, addressKey: receiver.toLowerCase(), chain: "sepolia" },
    });
    const unit = 10n ** 16n;
    // Tokens reach the senders from a customer's minted wallet, as on a real chain (the ledger's external side).
    const feeder = await customer();
    const feederAddress = privateKeyToAccount(generatePrivateKey()).address;
    const wallet = { chain: "sepolia", currency: "eur", addressKey: feederAddress.toLowerCase() } as const;
    await prisma.address.create({
      data: { profileId: feeder.profileId, address: feederAddress, addressKey: wallet.addressKey, chain: "sepolia" },
    });
    await gateway.mint(sepolia, "eur", feederAddress, 200n * unit);
    await prisma.$transaction((tx) =>
      recordMint(tx, {
        wallet: { ...wallet, profileId: feeder.profileId },
        amountMinor: 200n,
        orderId: randomUUID(),
        at: new Date(),
      }),
    );
    const stranger = privateKeyToAccount(generatePrivateKey()).address;
    await gateway.transfer(sepolia, "eur", feederAddress, LISTED.address, 100n * unit);
    await gateway.transfer(sepolia, "eur", feederAddress, stranger, 100n * unit);
    const first = await gateway.transfer(sepolia, "eur", LISTED.address, receiver, 10n * unit);
    // The sender as the chain may write it: in lower case.
    const second = await gateway.transfer(sepolia, "eur", LISTED.address.toLowerCase() as Hex, receiver, 5n * unit);
    await gateway.transfer(sepolia, "eur", stranger, receiver, 5n * unit);
    await reconcileTransfers({ config });
    // The same logs read again (the cursor set back): no second case for a transfer.
    await prisma.chainTransferCursor.updateMany({ data: { position: 0n } });
    await Promise.all([reconcileTransfers({ config }), reconcileTransfers({ config })]);
    const cases = await casesOf(profileId);
    assert.equal(cases.length, 2);
    assert.deepEqual(cases.map((c) => [c.subjectKind, caseSubjectName(c), c.holds, c.listRef]).sort(), [
      ["address", LISTED.address.toLowerCase(), "", "TR-TEST-4"],
      ["address", LISTED.address.toLowerCase(), "", "TR-TEST-4"],
    ]);
    assert.deepEqual(
      cases.map((c) => c.holdsId?.split(":")[1]).sort(),
      [first, second].map((h) => h?.toLowerCase()).sort(),
    );
  });

  it("C64 randomised: every casing of a listed address is refused; a one-digit neighbour is not", async () => {
    const random = mulberry32(64);
    const { caller } = await customer();
    const signature = await LISTED.signMessage({ message: LINK_MESSAGE });
    for (let i = 0; i < 12; i++) {
      const hex = [...LISTED.address.slice(2)].map((c) => (random() < 0.5 ? c.toLowerCase() : c.toUpperCase()));
      const error = await refusal(
        linkAddress({ caller, request: { address: `0x${hex.join("")}`, chain: "sepolia", signature }, config }),
      );
      assert.equal(error.code, "FORBIDDEN");
    }
    // A neighbour differs in one digit: not listed (the signature, of another key, is what fails then).
    const neighbour = getAddress(`${LISTED.address.slice(0, -1)}${LISTED.address.endsWith("f") ? "e" : "f"}`);
    const error = await refusal(
      linkAddress({ caller, request: { address: neighbour, chain: "sepolia", signature }, config }),
    );
    assert.equal(error.code, "VALIDATION");
  });
});
