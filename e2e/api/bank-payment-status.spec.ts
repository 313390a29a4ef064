import { randomBytes } from "node:crypto";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { orderEvents, redeemBody, type Order } from "../fixtures/orders.ts";
import { ISO20022_BANK } from "../fixtures/production-instance.ts";
import { startDemoInstance, stopServer, type DemoInstance } from "../fixtures/spawn-server.ts";
import { generatePain002 } from "../../server/bank/iso20022/testing/generate-pain002.ts";

/*
 * Issue 31 through HTTP: the bank rejects a whole payment information block of our payment file (PmtInfSts RJCT,
 * AM04) and lists no payment. The operator uploads that pain.002; the redeem's payout is rejected and its tokens
 * come back once, linked to the redeem order and announced (C50). The sandbox plays an ISO 20022 bank whose payment
 * files wait for an operator's release and which answers nothing by itself.
 */

type BankFileView = { id: string; direction: string; messageId: string; state: string };
type Upload = {
  file: { duplicate: boolean };
  entries: { result: string; identity: string; payoutId?: string; problem?: string }[];
};

let target: DemoInstance | undefined;
let operator: APIRequestContext | undefined;

test.afterAll(async () => {
  await operator?.dispose();
  if (target) await stopServer(target.server);
});

function pain002(originalMessageId: string, paymentInformationId: string): Buffer {
  return Buffer.from(
    generatePain002({
      messageId: `STS-${randomBytes(8).toString("hex")}`,
      createdAt: new Date().toISOString().replace(/\.\d{3}Z$/, "+00:00"),
      original: { messageId: originalMessageId },
      blocks: [{ paymentInformationId, status: "RJCT", reason: "AM04", information: "Insufficient funds" }],
    }),
  );
}

test("C50 a pain.002 rejecting the whole payment information block (AM04, no payment listed), uploaded by the operator, gives the redeem's tokens back once", async ({
  request,
}) => {
  test.setTimeout(180_000);
  target = await startDemoInstance(await freePort(), {
    ...ISO20022_BANK,
    TOKENRAIL_BANK_AUTO_RELEASE: "false",
    TOKENRAIL_BANK_PAYMENT_RUN_INTERVAL: "0",
    TOKENRAIL_SANDBOX_AUTO_PROCESS: "off",
    TOKENRAIL_IBAN_PROVISION_INTERVAL: "1",
  });
  const at = (path: string) => `${target!.baseUrl}${path}`;
  operator = await operatorSession(target);
  const customer = await customerWithIbanOn(request, target, operator);
  const headers = customer.partner;
  const balance = async () => {
    const res = await request.get(at(`/balances/sepolia/${customer.account.address}`), { headers });
    expect(res.status()).toBe(200);
    return ((await res.json()) as { balances: { amount: string }[] }).balances[0]!.amount;
  };
  const order = async (id: string) => {
    const res = await request.get(at(`/orders/${id}`), { headers });
    expect(res.status()).toBe(200);
    return (await res.json()) as Order & { meta: { paymentFile?: string } };
  };
  const upload = (bytes: Buffer) =>
    operator!.post("/api/admin/bank/files?name=pain002.xml", {
      headers: { "content-type": "application/xml" },
      data: bytes,
    });

  const paid = await request.post(at("/sandbox/payments"), { headers, data: { iban: customer.iban, amount: "10" } });
  expect(paid.status(), await paid.text()).toBe(201);
  await expect.poll(balance, { intervals: [250], timeout: 20_000 }).toBe("10.00");
  const placed = await request.post(at("/orders"), { headers, data: await redeemBody(customer.account, "4") });
  expect(placed.status(), await placed.text()).toBe(200);
  const redeem = (await placed.json()) as Order;
  const processing = await operator.post(`/api/admin/orders/${redeem.id}/process`);
  expect(processing.status(), await processing.text()).toBe(200);

  // The operator runs the payments; the file waits for the release; released, the redeem is processed and its
  // tokens are gone.
  const run = await operator.post("/api/admin/bank/payment-runs");
  expect(run.status(), await run.text()).toBe(201);
  let paymentFile: BankFileView | undefined;
  await expect
    .poll(
      async () => {
        const res = await operator!.get("/api/admin/bank/files?limit=100");
        paymentFile = ((await res.json()) as { files: BankFileView[] }).files.find((f) => f.direction === "outbound");
        return paymentFile?.state;
      },
      { intervals: [250], timeout: 20_000 },
    )
    .toBe("written");
  const released = await operator.post(`/api/admin/bank/files/${paymentFile!.id}/release`);
  expect(released.status(), await released.text()).toBe(200);
  expect((await order(redeem.id)).state).toBe("processed");
  expect(await balance()).toBe("6.00");

  // The bank rejects the block: our files have one, named by the file's message id.
  const rejection = pain002(paymentFile!.messageId, paymentFile!.messageId);
  const res = await upload(rejection);
  expect(res.status(), await res.text()).toBe(201);
  const report = (await res.json()) as Upload;
  const endToEndId = redeem.id.replaceAll("-", "");
  expect(report.entries).toEqual([
    expect.objectContaining({
      result: "payout_status",
      identity: `e2e:${endToEndId}`,
      problem: "payment information RJCT AM04: the payout is rejected",
    }),
  ]);

  // The tokens come back: an issue order of the redeem's amount, naming it, minted and announced once.
  await expect.poll(balance, { intervals: [250], timeout: 20_000 }).toBe("10.00");
  const listed = await request.get(at(`/orders?profile=${customer.profile}&limit=100`), { headers });
  const reissues = ((await listed.json()) as { orders: (Order & { memo: string })[] }).orders.filter(
    (o) => o.kind === "issue" && o.memo.includes(redeem.id),
  );
  expect(reissues).toHaveLength(1);
  expect(reissues[0]).toMatchObject({ amount: "4.00", state: "processed", address: customer.account.address });
  expect(reissues[0]!.memo).toContain("rejected by the bank (AM04)");
  const events = await orderEvents(operator, customer.profile, reissues[0]!.id);
  expect(events.created).toHaveLength(1);
  // The redeem order stays processed; its payout says why it failed.
  expect((await order(redeem.id)).state).toBe("processed");
  const detail = await operator.get(`/api/admin/bank/files/${paymentFile!.id}`);
  const { payouts } = (await detail.json()) as { payouts: { orderId: string; state: string; reasonCode: string }[] };
  expect(payouts).toEqual([expect.objectContaining({ orderId: redeem.id, state: "rejected", reasonCode: "AM04" })]);

  // The same file again is a duplicate; the same answer in another file changes nothing.
  expect(((await (await upload(rejection)).json()) as Upload).file.duplicate).toBe(true);
  const repeat = (await (await upload(pain002(paymentFile!.messageId, paymentFile!.messageId))).json()) as Upload;
  expect(repeat.entries.map((e) => e.problem)).toEqual([
    "payment information RJCT AM04: the payout is rejected (no change)",
  ]);
  // A report on a file that is not ours is refused, not filed as processed.
  const stranger = await upload(pain002("TR20261126-NOTOURS", "TR20261126-NOTOURS"));
  expect(stranger.status()).toBe(400);
  expect(await stranger.json()).toMatchObject({
    code: 400,
    errors: {
      "Document/CstmrPmtStsRpt/OrgnlGrpInfAndSts/OrgnlMsgId":
        "is TR20261126-NOTOURS: no payment file of ours has this message id",
    },
  });
  expect(await balance()).toBe("10.00");
  const after = await request.get(at(`/orders?profile=${customer.profile}&limit=100`), { headers });
  expect(
    ((await after.json()) as { orders: (Order & { memo: string })[] }).orders.filter((o) => o.memo.includes(redeem.id)),
  ).toHaveLength(1);
});
