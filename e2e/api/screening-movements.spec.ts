import fs from "node:fs";
import path from "node:path";
import { expect, test } from "../fixtures/contract-test.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { PAYEE, uniqueNow, type Order } from "../fixtures/orders.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startDemoInstance, stopServer } from "../fixtures/spawn-server.ts";

/**
 * C64 and C66 through the front door, on an instance of its own (its lists are nobody else's): a credit from a
 * listed payer is held as an exception and a redeem to a listed payee is not processed while their cases are open;
 * clearing lets them go on; a confirmed hit, with two officers, freezes the profile: no orders, credits to exceptions.
 */

type Case = { id: string; number: number; subjectKind: string; holds: string; holdsId: string | null; state: string };
type Exception = { id: string; debtorName: string | null; problem: string | null; outcome: string };

const OFAC = fs.readFileSync(path.resolve("server/screening/lists/fixtures/ofac-sdn.xml"));

test("C64 C66: listed payers and payees wait for compliance; a confirmed hit freezes the profile", async ({
  request,
}) => {
  test.setTimeout(240_000);
  const database = await scratchDatabase("tokenrail_e2e_screening_movements");
  const instance = await startDemoInstance(await freePort(), { ...database?.env });
  const officer = await operatorSession(instance, "operator+compliance@tokenrail.local");
  const second = await operatorSession(instance);
  try {
    const listed = await officer.post("/api/admin/screening/lists?name=sdn.xml", {
      headers: { "content-type": "application/xml" },
      data: OFAC,
    });
    expect(listed.status(), await listed.text()).toBe(201);
    const customer = await customerWithIbanOn(request, instance, second);
    const at = (p: string) => `${instance.baseUrl}${p}`;
    const pay = (amount: string, debtor = "Erika Mustermann") =>
      request.post(at("/sandbox/payments"), {
        headers: customer.partner,
        data: { iban: customer.iban, amount, debtor: { name: debtor } },
      });
    const cases = async (state = "open") =>
      ((await (await officer.get(`/api/admin/screening/cases?state=${state}`)).json()) as { cases: Case[] }).cases;
    const exceptions = async () =>
      ((await (await second.get("/api/admin/bank/exceptions?limit=100")).json()) as { exceptions: Exception[] })
        .exceptions;

    // A payer on the list: not minted, an exception whose reason names no list, and a case holding it.
    const held = await pay("40", "Aerocaribbean Airlines");
    expect(held.status(), await held.text()).toBe(400);
    expect(JSON.stringify(await held.json())).not.toMatch(/sanction|list|OFAC/i);
    const credit = (await exceptions()).find((e) => e.debtorName === "Aerocaribbean Airlines")!;
    expect(credit).toMatchObject({ outcome: "unmatched", problem: "the payment is held for review" });
    const debtorCase = (await cases()).find((c) => c.subjectKind === "debtor")!;
    expect(debtorCase).toMatchObject({ holds: "credit", holdsId: credit.id });
    const assign = () =>
      second.post(`/api/admin/bank/exceptions/${credit.id}/assign`, { data: { iban: customer.iban } });
    const early = await assign();
    expect(early.status()).toBe(409);
    expect(((await early.json()) as { message: string }).message).toContain(`case ${debtorCase.number}`);
    const sentBack = await second.post(`/api/admin/bank/exceptions/${credit.id}/return`, {
      data: { reason: "Payer asked for it back" },
    });
    expect(sentBack.status(), "a held credit is not sent back to a listed payer either").toBe(409);

    // Money from anyone else mints as before.
    const paid = await pay("100");
    expect(paid.status(), await paid.text()).toBe(201);
    expect(((await paid.json()) as Order).state).toBe("processed");

    // A redeem to a listed payee is placed, then held: processing opens a case and is refused while it is open.
    const redeem = async (details: Record<string, string>) => {
      const message = `Send EUR 10 to ${PAYEE.identifier.iban} at ${uniqueNow().toISOString()}`;
      const res = await request.post(at("/orders"), {
        headers: customer.partner,
        data: {
          kind: "redeem",
          address: customer.account.address,
          chain: "sepolia",
          currency: "eur",
          amount: "10",
          counterpart: { identifier: PAYEE.identifier, details },
          message,
          signature: await customer.account.signMessage({ message }),
        },
      });
      return res;
    };
    const placed = await redeem({ firstName: "Dawood", lastName: "Ibrahim", country: "IN" });
    expect(placed.status(), await placed.text()).toBe(200);
    const order = (await placed.json()) as Order;
    const process = () => second.post(`/api/admin/orders/${order.id}/process`, { data: {} });
    const refused = await process();
    expect(refused.status(), await refused.text()).toBe(409);
    const orderCase = (await cases()).find((c) => c.subjectKind === "counterpart")!;
    expect(orderCase).toMatchObject({ holds: "order", holdsId: order.id });
    expect(((await refused.json()) as { message: string }).message).toContain(`case ${orderCase.number}`);
    expect((await process()).status(), "screened again, the same case still holds it").toBe(409);
    expect((await cases()).filter((c) => c.subjectKind === "counterpart")).toHaveLength(1);

    // Cleared as a false positive: the order is processed, and the same match does not open again.
    const cleared = await officer.post(`/api/admin/screening/cases/${orderCase.id}/clear`, {
      data: { reason: "Payee is a namesake: different date of birth on the invoice" },
    });
    expect(cleared.status(), await cleared.text()).toBe(200);
    const processed = await process();
    expect(processed.status(), await processed.text()).toBe(200);
    expect(((await processed.json()) as Order).state).not.toBe("placed");

    // Confirmed by two officers: the debtor's hit freezes the profile.
    const asked = await officer.post(`/api/admin/screening/cases/${debtorCase.id}/confirm`, {
      data: { reason: "Payer is the listed airline" },
    });
    expect(asked.status(), await asked.text()).toBe(202);
    const approval = ((await asked.json()) as { approval: { id: string } }).approval;
    const own = await officer.post(`/api/admin/approvals/${approval.id}`, { data: { decision: "approve" } });
    expect(own.status(), "the officer who asked cannot approve it").toBe(403);
    const approved = await second.post(`/api/admin/approvals/${approval.id}`, { data: { decision: "approve" } });
    expect(approved.status(), await approved.text()).toBe(200);
    expect((await cases("confirmed")).map((c) => c.id)).toContain(debtorCase.id);
    expect((await assign()).status(), "never minted past a confirmed hit").toBe(409);

    const profile = await request.get(at(`/profiles/${customer.profile}`), { headers: customer.partner });
    const shown = (await profile.json()) as { state: string };
    expect(shown.state).toBe("blocked");
    expect(JSON.stringify(shown)).not.toMatch(/sanction|frozen|case/i);
    const noOrder = await redeem({ firstName: "Erika", lastName: "Mustermann", country: "DE" });
    expect(noOrder.status(), await noOrder.text()).toBe(403);
    const frozenCredit = await pay("25");
    expect(frozenCredit.status(), await frozenCredit.text()).toBe(400);
    expect((await exceptions()).filter((e) => e.debtorName === "Erika Mustermann")).toHaveLength(1);

    // Unfreezing needs two officers too; then the profile takes money again, and its held credit stays held.
    const unfreeze = await officer.post(`/api/admin/screening/profiles/${customer.profile}/unfreeze`, {
      data: { reason: "Court order lifted the designation for this customer" },
    });
    expect(unfreeze.status(), await unfreeze.text()).toBe(202);
    const unfreezing = ((await unfreeze.json()) as { approval: { id: string } }).approval;
    expect(
      (await officer.post(`/api/admin/approvals/${unfreezing.id}`, { data: { decision: "approve" } })).status(),
    ).toBe(403);
    const lifted = await second.post(`/api/admin/approvals/${unfreezing.id}`, { data: { decision: "approve" } });
    expect(lifted.status(), await lifted.text()).toBe(200);
    const after = await request.get(at(`/profiles/${customer.profile}`), { headers: customer.partner });
    expect(((await after.json()) as { state: string }).state).toBe("approved");
    expect((await pay("5")).status()).toBe(201);
    expect((await assign()).status(), "the confirmed payer's credit is never minted").toBe(409);
  } finally {
    await officer.dispose();
    await second.dispose();
    await stopServer(instance.server);
    await database?.drop();
  }
});
