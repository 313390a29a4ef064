import assert from "node:assert/strict";
import { randomBytes, randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { registerApplication } from "../applications/register-application.ts";
import { sandboxChain } from "../chains/configured-gateway.ts";
import { CHAINS } from "../chains/registry.ts";
import { getConfig } from "../config.ts";
import { db } from "../db/client.ts";
import { countPlainRecords, sealPlainRecords } from "../keys/seal-plain-records.ts";
import { isSealed } from "../keys/sealed-value.ts";
import { recordMint } from "../ledger/movements.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import type { Caller } from "../oauth/caller.ts";
import { issueClientCredentialsToken } from "../oauth/issue-client-credentials-token.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { LINK_MESSAGE, linkAddress } from "../addresses/link-address.ts";
import { listSafeSignatures } from "../sandbox/list-safe-signatures.ts";
import { listPendingSignatures } from "../signatures/list-pending-signatures.ts";
import type { PendingSignatureList } from "../signatures/signature.responses.ts";
import { completeOrderSignatures, SIGNATURE_EXPIRED_REASON } from "./complete-order-signatures.ts";
import { orderMessage } from "./order-message.ts";
import { placeOrderSchema } from "./order.schemas.ts";
import { placeOrder } from "./place-order.ts";
import { openedEvents } from "../testing/recorded-events.ts";

// The wait for a Safe's on-chain signature, with the clock moved: the HTTP suite cannot move a job's clock.
await setUpTestInstance("order-signatures");

const sepolia = CHAINS.find((c) => c.name === "sepolia")!;
const IBAN = "GR1601101250000000012300695";

/** An approved application profile with a linked Safe address holding 100.00 EUR in the ledger. */
async function safeOwner(): Promise<{ caller: Caller; profile: string; safe: `0x${string}` }> {
  const prisma = await db();
  const stamp = randomBytes(4).toString("hex");
  const owner = await prisma.user.create({ data: { email: `safe-${stamp}@example.com` } });
  const profile = await prisma.profile.create({
    data: { kind: "corporate", name: `Safe ${stamp}`, state: "approved" },
  });
  const app = await registerApplication({
    name: `Safe ${stamp}`,
    environment: "sandbox",
    profileId: profile.id,
    ownerId: owner.id,
    redirectUris: [],
  });
  const issued = await issueClientCredentialsToken({ clientId: app.clientId, clientSecret: app.clientSecret });
  const safe = `0x${randomBytes(20).toString("hex")}` as const;
  await prisma.address.create({ data: { profileId: profile.id, address: safe, addressKey: safe, chain: "sepolia" } });
  const wallet = { chain: "sepolia", currency: "eur", addressKey: safe, profileId: profile.id };
  await prisma.$transaction((tx) =>
    recordMint(tx, { wallet, amountMinor: 10_000n, orderId: randomUUID(), at: new Date() }),
  );
  return { caller: await authenticateBearer(`Bearer ${issued.access_token}`), profile: profile.id, safe };
}

async function safeOrder(caller: Caller, safe: string, amount: string, at: Date) {
  const message = orderMessage({
    currency: "eur",
    amountText: amount,
    counterpart: { standard: "iban", iban: IBAN },
    at,
  });
  const request = placeOrderSchema.parse({
    kind: "redeem",
    address: safe,
    chain: "sepolia",
    currency: "eur",
    amount,
    counterpart: { identifier: { standard: "iban", iban: IBAN }, details: { name: "Payee" } },
    message,
    signature: "0x",
  });
  return { message, ...(await placeOrder({ caller, request, config: getConfig(), clock: () => at })) };
}

async function freeBalance(safe: string): Promise<bigint> {
  const prisma = await db();
  const account = await prisma.ledgerAccount.findUnique({
    where: { kind_chain_currency_addressKey: { kind: "wallet", chain: "sepolia", currency: "eur", addressKey: safe } },
  });
  return account?.balanceMinor ?? 0n;
}

describe("orders awaiting a Safe's on-chain signature", () => {
  it("a signed order becomes ready once; an unsigned one is rejected after five days and its tokens come back", async () => {
    const config = getConfig();
    const { caller, safe } = await safeOwner();
    const now = new Date();
    const signedLater = await safeOrder(caller, safe, "30.00", now);
    const neverSigned = await safeOrder(caller, safe, "45.00", new Date(now.getTime() + 1000));
    assert.equal(signedLater.signature, "awaited");
    assert.equal(await freeBalance(safe), 2_500n);

    await sandboxChain(config)!.emitSignMsg(sepolia, safe, signedLater.message);
    const inADay = () => new Date(now.getTime() + 24 * 3600_000);
    assert.deepEqual(await completeOrderSignatures({ config, clock: inADay }), { signed: 1, expired: 0 });
    assert.deepEqual(await completeOrderSignatures({ config, clock: inADay }), { signed: 0, expired: 0 });

    const inSixDays = () => new Date(now.getTime() + 6 * 24 * 3600_000);
    assert.deepEqual(await completeOrderSignatures({ config, clock: inSixDays }), { signed: 0, expired: 1 });
    assert.deepEqual(await completeOrderSignatures({ config, clock: inSixDays }), { signed: 0, expired: 0 });

    const prisma = await db();
    const [ready, lapsed] = await Promise.all([
      prisma.order.findUniqueOrThrow({ where: { id: signedLater.order.id } }),
      prisma.order.findUniqueOrThrow({ where: { id: neverSigned.order.id } }),
    ]);
    assert.equal(ready.state, "placed");
    assert.ok(ready.signedAt);
    assert.equal(lapsed.state, "rejected");
    assert.equal(lapsed.rejectedReason, SIGNATURE_EXPIRED_REASON);
    // The lapsed order's 45.00 is free again; the signed one's 30.00 stays held until it is processed.
    assert.equal(await freeBalance(safe), 7_000n);
    const events = openedEvents(await prisma.domainEvent.findMany({ where: { type: "order.updated" } })).filter(
      (e) => (e.data as { id: string }).id === lapsed.id,
    );
    assert.equal(events.length, 1);
  });
});

describe("C70: the text a Safe must sign sealed at rest", () => {
  /** Every pending signature as text, as a dump shows it. */
  async function dump(): Promise<string> {
    const prisma = await db();
    const rows = await prisma.$queryRawUnsafe<{ text: string }[]>(`SELECT t::text AS text FROM "PendingSignature" t`);
    return rows.map((r) => r.text).join("\n");
  }

  /** The texts shown for `orderIds`: by GET /signatures (to the application) and by the simulator (to an operator). */
  async function shown(caller: Caller, safe: string, orderIds: string[]) {
    const config = getConfig();
    const reply = await listPendingSignatures({ caller, query: {}, config });
    const api = (reply.body as PendingSignatureList).pending;
    const simulator = await listSafeSignatures({
      input: { chain: "sepolia", address: safe },
      actor: { kind: "person", userId: randomUUID(), operator: true, requestId: "test" },
      config,
    });
    return orderIds.map((id) => ({
      api: api.find((p) => p.id === id)?.message,
      simulator: simulator.find((p) => p.order?.id === id)?.message,
    }));
  }

  it("C70: the pending row keeps the text sealed, the API and the simulator show it, the chain's signature still completes it, and a text kept plain before is sealed by the pass", async () => {
    const config = getConfig();
    const prisma = await db();
    const { caller, safe } = await safeOwner();
    const now = new Date();
    const first = await safeOrder(caller, safe, "12.00", now);
    const second = await safeOrder(caller, safe, "13.00", new Date(now.getTime() + 1000));
    const row = await prisma.pendingSignature.findUniqueOrThrow({ where: { orderId: first.order.id } });
    assert.equal(isSealed(row.message), true);
    let text = await dump();
    assert.equal(
      text.includes(first.message) || text.includes(IBAN),
      false,
      "neither the text nor its IBAN is in the dump",
    );

    // The second order's row as one written before sealing began: the text a JSON string.
    await prisma.$executeRawUnsafe(
      `UPDATE "PendingSignature" SET "message" = to_jsonb($1::text) WHERE "orderId" = $2::uuid`,
      second.message,
      second.order.id,
    );
    const expected = [
      { api: first.message, simulator: first.message },
      { api: second.message, simulator: second.message },
    ];
    assert.deepEqual(await shown(caller, safe, [first.order.id, second.order.id]), expected);
    assert.ok((await countPlainRecords())["PendingSignature.message"]! >= 1);

    await sealPlainRecords();
    assert.equal((await countPlainRecords())["PendingSignature.message"], 0);
    const resealed = await prisma.pendingSignature.findUniqueOrThrow({ where: { orderId: second.order.id } });
    assert.equal(isSealed(resealed.message), true);
    text = await dump();
    assert.equal(text.includes(IBAN), false, "no text's IBAN is in the dump");
    assert.deepEqual(await shown(caller, safe, [first.order.id, second.order.id]), expected);

    // A Safe's address link waits for its signature the same way, its text sealed too.
    const other = `0x${randomBytes(20).toString("hex")}`;
    await linkAddress({ caller, request: { address: other, chain: "sepolia", signature: "0x" }, config });
    const link = await prisma.pendingSignature.findFirstOrThrow({ where: { addressKey: other, kind: "linkAddress" } });
    assert.equal(isSealed(link.message), true);
    const [waiting] = await listSafeSignatures({
      input: { chain: "sepolia", address: other },
      actor: { kind: "person", userId: randomUUID(), operator: true, requestId: "test" },
      config,
    });
    assert.equal(waiting?.message, LINK_MESSAGE);

    // The chain is asked about the plain hash, so a sealed text is completed as before.
    await sandboxChain(config)!.emitSignMsg(sepolia, safe, second.message);
    await completeOrderSignatures({ config, only: { chain: "sepolia", addressKey: safe } });
    const signed = await prisma.order.findUniqueOrThrow({ where: { id: second.order.id } });
    assert.ok(signed.signedAt, "the signed order is ready");
  });
});
