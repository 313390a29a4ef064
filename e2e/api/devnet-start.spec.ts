import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures/contract-test.ts";
import { startDevnetInstance } from "../fixtures/devnet-instance.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import type { Order } from "../fixtures/orders.ts";
import { EMBEDDED_ONLY } from "../fixtures/embedded-only.ts";

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
test(
  "issue 17: npm start with TOKENRAIL_DEVNET=true mints a sandbox payment with a real transaction on the local chain",
  EMBEDDED_ONLY,
  async ({ request }) => {
    test.setTimeout(180_000);
    const devnet = await startDevnetInstance();
    try {
      const { appUrl, operatorPassword, sepolia, dataDir } = devnet;
      expect(fs.existsSync(path.join(dataDir, "devnet", "pglite"))).toBe(true);

      const target = { baseUrl: devnet.baseUrl, demo: devnet.demo };
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

      const receipt = (await rpc(sepolia, "eth_getTransactionReceipt", [hash])) as Receipt;
      expect(receipt?.status).toBe("0x1");
      expect(receipt?.transactionHash).toBe(hash);
      const balances = await request.get(`${target.baseUrl}/balances/sepolia/${customer.account.address}`, {
        headers: partner,
      });
      expect(((await balances.json()) as { balances: { currency: string; amount: string }[] }).balances).toEqual(
        expect.arrayContaining([expect.objectContaining({ currency: "eur", amount: "12.34" })]),
      );
    } finally {
      await devnet.stop();
    }
  },
);
