import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { createPublicClient, createWalletClient, defineChain, http, parseAbi, parseEther, type Hex } from "viem";
import { startDevnetInstance } from "../fixtures/devnet-instance.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { redeemBody, type FundedCustomer, type Order } from "../fixtures/orders.ts";
import { EMBEDDED_ONLY } from "../fixtures/embedded-only.ts";

const TOKEN = parseAbi([
  "function transfer(address to, uint256 amount) returns (bool)",
  "function balanceOf(address) view returns (uint256)",
]);

// Issue 17: on the local EVM devnet, a holder's plain ERC-20 `transfer` (a real transaction the service did not
// send) is read from the token's Transfer events by the reconciliation job: the receiver's balance shows it through
// the API and the receiver redeems it with a real burn. The issuer's own mint is not counted twice.
test(
  "issue 17: a plain ERC-20 transfer between linked wallets on the devnet is reconciled and redeemable (C34)",
  EMBEDDED_ONLY,
  async ({ request }) => {
    test.setTimeout(240_000);
    const instance = await startDevnetInstance();
    let operator: APIRequestContext | undefined;
    try {
      operator = await operatorSession({ appUrl: instance.appUrl, operatorPassword: instance.operatorPassword });
      const alice = await customerWithIbanOn(request, instance, operator);
      const bob = await customerWithIbanOn(request, instance, operator);
      const at = (p: string) => `${instance.baseUrl}${p}`;
      const balance = async (c: FundedCustomer) => {
        const res = await request.get(at(`/balances/sepolia/${c.account.address}`), { headers: c.partner });
        return ((await res.json()) as { balances: { amount: string }[] }).balances[0]?.amount;
      };

      const payment = await request.post(at("/sandbox/payments"), {
        headers: alice.partner,
        data: { iban: alice.iban, amount: "12.34" },
      });
      expect(payment.status(), await payment.text()).toBe(201);
      const [mintHash] = ((await payment.json()) as Order).meta.txHashes ?? [];

      const chain = defineChain({
        id: 11155111,
        name: "devnet",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [instance.sepolia] } },
      });
      const reader = createPublicClient({ chain, transport: http(instance.sepolia), pollingInterval: 50 });
      const token = (await reader.getTransactionReceipt({ hash: mintHash as Hex })).to!;
      // Alice pays her own gas, as a holder would.
      const funded = await fetch(instance.sepolia, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          jsonrpc: "2.0",
          id: 1,
          method: "hardhat_setBalance",
          params: [alice.account.address, `0x${parseEther("1").toString(16)}`],
        }),
      });
      expect(((await funded.json()) as { error?: unknown }).error).toBeUndefined();
      const wallet = createWalletClient({ chain, transport: http(instance.sepolia), account: alice.account });
      const sent = await wallet.writeContract({
        address: token,
        abi: TOKEN,
        functionName: "transfer",
        args: [bob.account.address, parseEther("5.34")],
      });
      expect((await reader.waitForTransactionReceipt({ hash: sent })).status).toBe("success");

      await expect.poll(() => balance(bob), { intervals: [250], timeout: 20_000 }).toBe("5.34");
      expect(await balance(alice)).toBe("7.00");
      const ledger = await operator.get("/api/admin/ledger");
      expect(((await ledger.json()) as { consistent: boolean }).consistent).toBe(true);

      // Bob redeems what he received: a real burn from his address.
      const placedRes = await request.post(at("/orders"), {
        headers: bob.partner,
        data: await redeemBody(bob.account, "5.34"),
      });
      expect(placedRes.status(), await placedRes.text()).toBe(200);
      const order = (await placedRes.json()) as Order;
      const processed = await request.post(at(`/sandbox/orders/${order.id}/process`), { headers: bob.partner });
      expect(processed.status(), await processed.text()).toBe(200);
      expect(((await processed.json()) as Order).state).toBe("processed");
      const onChain = await reader.readContract({
        address: token,
        abi: TOKEN,
        functionName: "balanceOf",
        args: [bob.account.address],
      });
      expect(onChain).toBe(0n);
      expect(await balance(bob)).toBe("0.00");
      // The burn's own Transfer (to the zero address) is not reconciled a second time.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(await balance(bob)).toBe("0.00");
      expect(await balance(alice)).toBe("7.00");
      const after = await operator.get("/api/admin/ledger");
      expect(((await after.json()) as { consistent: boolean }).consistent).toBe(true);
    } finally {
      await operator?.dispose();
      await instance.stop();
    }
  },
);
