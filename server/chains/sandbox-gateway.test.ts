import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { concat, hashMessage } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { CHAINS } from "./registry.ts";
import { safeMessageHash, SandboxChainGateway } from "./sandbox-gateway.ts";
import { sandboxSafeAddress } from "./sandbox-safe-address.ts";

await setUpTestInstance("sandbox-chain");

const sepolia = CHAINS.find((c) => c.name === "sepolia")!;
const amoy = CHAINS.find((c) => c.name === "amoy")!;
const gateway = new SandboxChainGateway();
const fresh = () => privateKeyToAccount(generatePrivateKey());
const EURE = 10n ** 18n;

describe("the sandbox chain", () => {
  it("mints and burns per chain and currency; a burn beyond the balance fails and changes nothing", async () => {
    const holder = fresh().address;
    await gateway.mint(sepolia, "eur", holder, 5n * EURE);
    await gateway.mint(sepolia, "eur", holder, 2n * EURE);
    assert.deepEqual(await gateway.balanceOf(sepolia, "eur", holder), { units: 7n * EURE, decimals: 18 });
    assert.deepEqual(await gateway.balanceOf(amoy, "eur", holder), { units: 0n, decimals: 18 });
    assert.deepEqual(await gateway.balanceOf(sepolia, "gbp", holder), { units: 0n, decimals: 18 });
    const { txHash } = await gateway.burn(sepolia, "eur", holder, 3n * EURE);
    assert.match(txHash, /^0x[0-9a-f]{64}$/);
    await assert.rejects(gateway.burn(sepolia, "eur", holder, 5n * EURE), /exceeds the balance/);
    assert.equal((await gateway.balanceOf(sepolia, "eur", holder)).units, 4n * EURE);
  });

  it("concurrent burns never take a balance below zero", async () => {
    const holder = fresh().address;
    await gateway.mint(sepolia, "usd", holder, 10n);
    const results = await Promise.allSettled(Array.from({ length: 8 }, () => gateway.burn(sepolia, "usd", holder, 3n)));
    assert.equal(results.filter((r) => r.status === "fulfilled").length, 3);
    assert.equal((await gateway.balanceOf(sepolia, "usd", holder)).units, 1n);
  });

  it("ERC-1271: distinct owners' signatures over the SafeMessage hash, at least the threshold; no code is never valid", async () => {
    const [alice, bob, carol] = [fresh(), fresh(), fresh()];
    const safe = fresh().address;
    await gateway.registerSmartAccount(sepolia, safe, [alice.address, bob.address, carol.address], 2);
    const data = hashMessage("I hereby declare that I am the address owner.");
    const hash = safeMessageHash(sepolia, safe, data);
    const [a, b] = [await alice.sign({ hash }), await bob.sign({ hash })];
    assert.equal(await gateway.isValidSignature(sepolia, safe, data, concat([a, b])), true);
    assert.equal(await gateway.isValidSignature(sepolia, safe, data, a), false);
    assert.equal(await gateway.isValidSignature(sepolia, safe, data, concat([a, a])), false);
    assert.equal(await gateway.isValidSignature(sepolia, safe, data, concat([a, await fresh().sign({ hash })])), false);
    // The same signatures mean nothing on another chain (the chain id is in the hash) or for another account.
    assert.equal(await gateway.isValidSignature(amoy, safe, data, concat([a, b])), false);
    assert.equal(await gateway.isValidSignature(sepolia, alice.address, data, concat([a, b])), false);
    assert.equal(await gateway.isValidSignature(sepolia, safe, data, "0x"), false);
  });

  it("SignMsg: not signed until the account emits it, for that message hash only", async () => {
    const safe = fresh().address;
    await gateway.registerSmartAccount(sepolia, safe, [fresh().address], 1);
    const msgHash = await gateway.safeMessageHash(sepolia, safe, "hello");
    assert.equal(await gateway.hasSignedMessage(sepolia, safe, msgHash), false);
    assert.equal(await gateway.emitSignMsg(sepolia, safe, "hello"), msgHash);
    assert.equal(await gateway.hasSignedMessage(sepolia, safe, msgHash), true);
    assert.equal(
      await gateway.hasSignedMessage(sepolia, safe, await gateway.safeMessageHash(sepolia, safe, "bye")),
      false,
    );
  });

  it("C38: deploys a smart account only where nothing is in use; its deployer may change its owners", async () => {
    const safe = fresh().address;
    assert.equal(await gateway.registerSmartAccount(sepolia, safe, [fresh().address], 1), "deployed");
    assert.equal(await gateway.registerSmartAccount(sepolia, safe, [fresh().address], 1), "changed");
    // Tokens on any chain mean someone holds the address there, and so everywhere.
    const holder = fresh().address;
    await gateway.mint(amoy, "eur", holder, 1n);
    assert.equal(await gateway.registerSmartAccount(sepolia, holder, [fresh().address], 1), "in use");
    assert.equal(await gateway.isValidSignature(sepolia, holder, hashMessage("hi"), "0x"), false);
  });

  it("derives a Safe's address from its owners, threshold and salt nonce, whatever the owners' spelling", () => {
    const owners = [fresh().address, fresh().address];
    const at = sandboxSafeAddress(owners, 2, 1n);
    assert.match(at, /^0x[0-9a-fA-F]{40}$/);
    assert.equal(
      sandboxSafeAddress(
        owners.map((o) => o.toLowerCase() as typeof o),
        2,
        1n,
      ),
      at,
    );
    const others = [
      sandboxSafeAddress(owners, 2, 2n),
      sandboxSafeAddress(owners, 1, 1n),
      sandboxSafeAddress([owners[0]!], 2, 1n),
    ];
    assert.equal(new Set([at, ...others]).size, 4);
  });
});
