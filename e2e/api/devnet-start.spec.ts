import { spawn } from "node:child_process";
import { randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../fixtures/contract-test.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import type { Order } from "../fixtures/orders.ts";
import { waitFor } from "../fixtures/spawn-server.ts";

type Receipt = { status: string; to: string; transactionHash: string } | null;

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return ((await res.json()) as { result: unknown }).result;
}

// `npm start` with TOKENRAIL_DEVNET=true: local chains with the token contracts deployed, and the instance's EVM
// gateway against them. A sandbox payment mints with a real transaction: its hash is in the order, the chain has its
// receipt, and the balance the API reports is read from the token contract. The started instance always uses its own
// embedded database (the devnet refuses PostgreSQL), on either run of the suite.
test("issue 17: npm start with TOKENRAIL_DEVNET=true mints a sandbox payment with a real transaction on the local chain", async ({
  request,
}) => {
  test.setTimeout(180_000);
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-devnet-"));
  const demo = {
    codeClientId: randomUUID(),
    clientId: randomUUID(),
    clientSecret: randomBytes(24).toString("base64url"),
  };
  const operatorPassword = randomBytes(12).toString("base64url");
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      DATABASE_URL: undefined,
      PORT: String(port),
      TOKENRAIL_APP_URL: undefined,
      TOKENRAIL_DATA_DIR: dataDir,
      TOKENRAIL_DEVNET: "true",
      TOKENRAIL_DEMO_OPERATOR_PASSWORD: operatorPassword,
      TOKENRAIL_DEMO_CODE_CLIENT_ID: demo.codeClientId,
      TOKENRAIL_DEMO_CLIENT_ID: demo.clientId,
      TOKENRAIL_DEMO_CLIENT_SECRET: demo.clientSecret,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  try {
    const appUrl = `http://localhost:${port}`;
    await waitFor(`${appUrl}/readyz`, 120_000);
    await expect.poll(() => output, { timeout: 30_000 }).toContain("Chains:            local devnet");
    const sepolia = /sepolia \(chain id 11155111\) at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    expect(sepolia, output).toBeDefined();
    expect(fs.existsSync(path.join(dataDir, "devnet", "pglite"))).toBe(true);

    const target = { baseUrl: `${appUrl}/api`, demo };
    const operator = await operatorSession({ appUrl, operatorPassword });
    const customer = await customerWithIbanOn(request, target, operator).finally(() => operator.dispose());
    const { partner, iban } = customer;

    const payment = await request.post(`${target.baseUrl}/sandbox/payments`, {
      headers: partner,
      data: { iban, amount: "12.34" },
    });
    expect(payment.status(), await payment.text()).toBe(201);
    const order = (await payment.json()) as Order;
    expect(order.state).toBe("processed");
    const [hash] = order.meta.txHashes ?? [];
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);

    const receipt = (await rpc(sepolia!, "eth_getTransactionReceipt", [hash])) as Receipt;
    expect(receipt?.status).toBe("0x1");
    expect(receipt?.transactionHash).toBe(hash);
    const balances = await request.get(`${target.baseUrl}/balances/sepolia/${customer.account.address}`, {
      headers: partner,
    });
    expect(((await balances.json()) as { balances: { currency: string; amount: string }[] }).balances).toEqual(
      expect.arrayContaining([expect.objectContaining({ currency: "eur", amount: "12.34" })]),
    );
  } finally {
    child.kill("SIGTERM");
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
