import assert from "node:assert/strict";
import { createHash, randomBytes } from "node:crypto";
import { before, describe, it } from "node:test";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { createSiweMessage, generateSiweNonce } from "viem/siwe";
import { registerApplication, type RegisteredApplication } from "../applications/register-application.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { issueToken } from "./issue-token.ts";
import { startAuthorization } from "./start-authorization.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";

// C17 on a real database: the linked address is seeded directly (address linking is its own feature).
const REDIRECT = "http://127.0.0.1:8765/callback";
const DOMAIN = "127.0.0.1:8765";
const owner = privateKeyToAccount(generatePrivateKey());
const stranger = privateKeyToAccount(generatePrivateKey());
let app: RegisteredApplication;
let profileId: string;

await setUpTestInstance("siwe");

before(async () => {
  const prisma = await db();
  const stamp = randomBytes(4).toString("hex");
  const dev = await prisma.user.create({ data: { email: `dev-${stamp}@example.com` } });
  const devProfile = await prisma.profile.create({ data: { kind: "corporate", name: "Integrator" } });
  app = await registerApplication({
    name: "Wallet",
    environment: "sandbox",
    profileId: devProfile.id,
    ownerId: dev.id,
    redirectUris: [REDIRECT],
  });
  const user = await prisma.user.create({ data: { email: `holder-${stamp}@example.com` } });
  const profile = await prisma.profile.create({
    data: {
      kind: "personal",
      name: "Holder",
      members: { create: { userId: user.id, perms: ["read", "write"] } },
      addresses: { create: { address: owner.address, addressKey: owner.address.toLowerCase(), chain: "sepolia" } },
    },
  });
  profileId = profile.id;
});

const NOW = new Date();
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);

function message(overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {}) {
  return createSiweMessage({
    domain: DOMAIN,
    address: owner.address,
    statement: "Allow Wallet to access my data on Tokenrail",
    uri: REDIRECT,
    version: "1",
    chainId: 11155111,
    nonce: generateSiweNonce(),
    issuedAt: NOW,
    expirationTime: minutes(5),
    resources: [`${getConfig().appUrl}/siwe`, "https://wallet.example/privacy"],
    ...overrides,
  });
}

async function siwe(text: string, signer = owner) {
  const verifier = randomBytes(32).toString("base64url");
  const outcome = await startAuthorization({
    request: {
      client_id: app.codeClientId,
      redirect_uri: REDIRECT,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      authentication_method: "siwe",
      message: text,
      signature: await signer.signMessage({ message: text }),
      state: "siwe-state",
    },
    config: getConfig(),
    clock: () => NOW,
  });
  assert.equal(outcome.kind, "redirect");
  assert.equal(outcome.kind === "redirect" && outcome.status, 302);
  const back = new URL(outcome.kind === "redirect" ? outcome.location : "");
  assert.equal(`${back.origin}${back.pathname}`, REDIRECT);
  assert.equal(back.searchParams.get("state"), "siwe-state");
  return { params: back.searchParams, verifier };
}

async function refused(text: string, reason: RegExp, signer = owner) {
  const { params } = await siwe(text, signer);
  assert.equal(params.get("error"), "invalid_request");
  assert.match(params.get("error_description") ?? "", reason);
  assert.equal(params.get("code"), null);
}

describe("Sign-In with Ethereum on /auth", () => {
  it("a valid message from a linked address gets a code at once (302), which buys tokens for its profile", async () => {
    const { params, verifier } = await siwe(message());
    const code = params.get("code");
    assert.ok(code);
    const tokens = await issueToken({
      request: {
        grant_type: "authorization_code",
        client_id: app.codeClientId,
        code,
        code_verifier: verifier,
        redirect_uri: REDIRECT,
      },
    });
    assert.equal(tokens.profile, profileId);
  });

  it("C17: a nonce works once", async () => {
    const text = message();
    assert.ok((await siwe(text)).params.get("code"));
    await refused(text, /nonce has already been used/);
  });

  it("C17: the production chain id stands for its testnet in the sandbox (the SDK may sign with it)", async () => {
    assert.ok((await siwe(message({ chainId: 1 }))).params.get("code"));
  });

  const cases: [string, Partial<Parameters<typeof createSiweMessage>[0]>, RegExp][] = [
    ["a wrong domain", { domain: "evil.example" }, /domain must be 127\.0\.0\.1:8765/],
    ["a chain the address is not linked on", { chainId: 80002 }, /not linked on amoy/],
    ["an unknown chain", { chainId: 424242 }, /not a chain of this sandbox/],
    ["an expired message", { issuedAt: minutes(-10), expirationTime: minutes(-1) }, /expired/],
    [
      "a message issued in the future",
      { issuedAt: minutes(5), expirationTime: minutes(10) },
      /Issued At is in the future/,
    ],
    ["a message without Expiration Time", { expirationTime: undefined }, /Expiration Time is required/],
    ["another redirect URI", { uri: "https://wallet.example/cb" }, /URI must be the redirect_uri/],
    ["missing resources", { resources: ["https://wallet.example/privacy"] }, /Resources must include/],
  ];
  for (const [title, overrides, reason] of cases) {
    it(`C17: refuses ${title}`, async () => {
      await refused(message(overrides), reason);
    });
  }

  it("C17: refuses a signature by another key, and an unlinked address", async () => {
    await refused(message(), /signature does not match/, stranger);
    await refused(message({ address: stranger.address }), /not linked on sepolia/, stranger);
  });
});
