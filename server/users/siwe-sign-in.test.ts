import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage, generateSiweNonce } from "viem/siwe";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { issueSiweNonce, verifySiweSignIn } from "./siwe-sign-in.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";

// Sign-In with Ethereum into the web app (C17), on a real database with the linked address seeded directly.
const holder = privateKeyToAccount(generatePrivateKey());
let userId: string;
let email: string;

await setUpTestInstance("websiwe");

before(async () => {
  const prisma = await db();
  email = `holder-${randomBytes(4).toString("hex")}@example.com`;
  const user = await prisma.user.create({ data: { email } });
  await prisma.profile.create({
    data: {
      kind: "personal",
      members: { create: { userId: user.id, perms: ["read", "write"] } },
      addresses: { create: { address: holder.address, addressKey: holder.address.toLowerCase(), chain: "amoy" } },
    },
  });
  userId = user.id;
});

const NOW = new Date();
const at = (minutes: number) => () => new Date(NOW.getTime() + minutes * 60_000);

async function attempt(nonce: string, overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}, minutes = 0) {
  const config = getConfig();
  const message = createSiweMessage({
    domain: new URL(config.appUrl).host,
    address: holder.address,
    statement: "Sign in to Tokenrail",
    uri: `${config.appUrl}/sign-in`,
    version: "1",
    chainId: 80002,
    nonce,
    issuedAt: NOW,
    expirationTime: new Date(NOW.getTime() + 15 * 60_000),
    resources: [`${config.appUrl}/siwe`],
    ...overrides,
  });
  return verifySiweSignIn({ message, signature: await holder.signMessage({ message }), config, clock: at(minutes) });
}

describe("Sign-In with Ethereum into the web app", () => {
  it("a nonce we issued signs the holder of a linked address in, once", async () => {
    const nonce = await issueSiweNonce(at(0));
    assert.deepEqual(await attempt(nonce), { ok: true, userId, email, name: "" });
    assert.deepEqual(await attempt(nonce), { ok: false, reason: "the nonce is unknown, expired or already used" });
  });

  it("C17: refuses a nonce we never issued", async () => {
    assert.deepEqual(await attempt(generateSiweNonce()), {
      ok: false,
      reason: "the nonce is unknown, expired or already used",
    });
  });

  it("C17: refuses a nonce issued more than ten minutes ago", async () => {
    const nonce = await issueSiweNonce(at(0));
    assert.equal((await attempt(nonce, {}, 11)).ok, false);
  });

  it("C17: refuses a message for another domain, even with a fresh nonce", async () => {
    const result = await attempt(await issueSiweNonce(at(0)), { domain: "evil.example" });
    assert.deepEqual(result, { ok: false, reason: `domain must be ${new URL(getConfig().appUrl).host}` });
  });

  it("C17: refuses a chain the address is not linked on", async () => {
    const result = await attempt(await issueSiweNonce(at(0)), { chainId: 11155111 });
    assert.deepEqual(result, { ok: false, reason: "the address is not linked on sepolia" });
  });
});
