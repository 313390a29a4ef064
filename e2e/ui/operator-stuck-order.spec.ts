import { expect, test, type APIRequestContext } from "@playwright/test";
import type { Hex } from "viem";
import { startDevnetInstance, type DevnetInstance } from "../fixtures/devnet-instance.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { signInAsOperator } from "../fixtures/operator-page.ts";
import type { Order } from "../fixtures/orders.ts";

type QueueItem = Order & { stuck: boolean; chainError: string | null };

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

// Issue 17: a chain transaction that keeps failing is surfaced to the operator, never silently stuck. On the local
// EVM devnet the token contract starts refusing every call (its code replaced by one that reverts): a sandbox
// payment's mint is tried a bounded number of times, then the operator's order queue shows the order stuck on chain
// with the chain's error, and processing it again says a new attempt is queued.
test("issue 17: the operator's orders view shows a given-up mint stuck on chain with its error", async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  let instance: DevnetInstance | undefined;
  let operator: APIRequestContext | undefined;
  try {
    instance = await startDevnetInstance();
    operator = await operatorSession(instance);
    const customer = await customerWithIbanOn(request, instance, operator);
    const pay = (amount: string) =>
      request.post(`${instance!.baseUrl}/sandbox/payments`, {
        headers: customer.partner,
        data: { iban: customer.iban, amount },
      });
    const first = await pay("1");
    expect(first.status(), await first.text()).toBe(201);
    const [hash] = ((await first.json()) as Order).meta.txHashes ?? [];
    const receipt = (await rpc(instance.sepolia, "eth_getTransactionReceipt", [hash])) as { to: Hex };
    // PUSH1 0, PUSH1 0, REVERT: the token now refuses everything.
    await rpc(instance.sepolia, "hardhat_setCode", [receipt.to, "0x60006000fd"]);

    await pay("2.5");
    let stuck: QueueItem | undefined;
    await expect
      .poll(
        async () => {
          const res = await operator!.get("/api/admin/orders");
          const orders = ((await res.json()) as { orders: QueueItem[] }).orders;
          stuck = orders.find((o) => o.profile === customer.profile && o.amount === "2.50");
          return stuck?.stuck ?? false;
        },
        { intervals: [1_000], timeout: 60_000 },
      )
      .toBe(true);
    expect(stuck?.chainError).toMatch(/^The mint failed 3 time\(s\); the last error: /);

    await signInAsOperator(page, `/operator/orders?filter=open&profile=${customer.profile}`, instance);
    const row = page.getByRole("row", { name: `Order ${stuck!.id}` });
    await expect(row).toContainText("stuck on chain");
    await expect(row.getByRole("note")).toHaveText(`Chain transaction failed: ${stuck!.chainError!}`);
    await row.getByRole("button", { name: "Process" }).click();
    await expect(
      page.getByText("Its chain transactions were given up on: processing it queues a new attempt."),
    ).toBeVisible();
  } finally {
    await operator?.dispose();
    await instance?.stop();
  }
});
