import { randomUUID } from "node:crypto";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { jsonOf, server } from "../fixtures/api.ts";
import { operatorSession, roleOperatorSession } from "../fixtures/operator.ts";
import { fundedCustomer, payIn, placed, redeemBody, type FundedCustomer } from "../fixtures/orders.ts";

// C67: a credit and a redeem order over the large-amount threshold (lowered through the admin API, with its dry run)
// each open one monitoring case in the compliance queue, found by kind, holding nothing; placing the same order
// again opens no second case.

type CaseRow = {
  id: string;
  kind: string;
  state: string;
  profileId: string | null;
  subjectKind: string;
  subjectName: string;
  holds: string;
  explanation: string | null;
};
type CaseDetail = CaseRow & {
  detail: { rule: { key: string }; amount: string; movement: { kind: string; orderId: string } };
};

const RULE = "/api/admin/monitoring/rules/large-amount";

let setup: APIRequestContext;
let operator: APIRequestContext;
let compliance: APIRequestContext;
test.beforeAll(async () => {
  setup = await playwrightRequest.newContext();
  operator = await operatorSession();
  compliance = await roleOperatorSession("compliance");
});
test.afterAll(async () => {
  await compliance.dispose();
  await operator.dispose();
  await setup.dispose();
});

async function setLargeAmount(parameters: Record<string, unknown>): Promise<void> {
  const run = await compliance.post(`${RULE}/dry-run`, { headers: { origin: server.appUrl }, data: { parameters } });
  expect(run.status(), await run.text()).toBe(200);
  const { dryRunId } = (await jsonOf(run)) as { dryRunId: string };
  const res = await compliance.put(RULE, { headers: { origin: server.appUrl }, data: { parameters, dryRunId } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Every open case of `kind` (all pages), as the queue lists them. */
async function openCases(kind: string): Promise<CaseRow[]> {
  const all: CaseRow[] = [];
  for (let page = 1; ; page += 1) {
    const res = await compliance.get(`/api/admin/screening/cases?state=open&kind=${kind}&page=${page}`);
    expect(res.status(), await res.text()).toBe(200);
    const body = (await jsonOf(res)) as { cases: CaseRow[]; pages: number };
    all.push(...body.cases);
    if (page >= body.pages) return all;
  }
}

test("C67 a credit and a redeem over the threshold each open one monitoring case, listed by kind, holding nothing", async () => {
  test.setTimeout(90_000);
  const rules = (await jsonOf(await compliance.get("/api/admin/monitoring/rules"))) as {
    rules: { key: string; parameters: Record<string, unknown> }[];
  };
  const before = rules.rules.find((r) => r.key === "large-amount")!.parameters;
  let customer: FundedCustomer | undefined;
  try {
    customer = await fundedCustomer(setup, operator, "0");
    await setLargeAmount({ threshold: "300.00" });
    const credit = await payIn(setup, customer, "450");
    const body = { ...(await redeemBody(customer.account, "320")), id: randomUUID() };
    const order = await placed(setup, customer.partner, body);
    // The same request again is the same order (a repeat), evaluated no second time.
    expect((await placed(setup, customer.partner, body)).id).toBe(order.id);
    // A movement under the threshold opens nothing.
    await placed(setup, customer.partner, await redeemBody(customer.account, "10"));

    const profile = customer.profile;
    // Only this rule's cases: other specs may change the other rules or the countries' tiers meanwhile.
    const mine = async () =>
      (await openCases("monitoring")).filter((c) => c.profileId === profile && c.subjectKind === "large-amount");
    await expect.poll(async () => (await mine()).length, { intervals: [250], timeout: 20_000 }).toBe(2);
    const cases = await mine();
    for (const c of cases) {
      expect(c).toMatchObject({ kind: "monitoring", state: "open", subjectKind: "large-amount", holds: "" });
      expect(c.subjectName).toBe("Large amount");
      expect(c.explanation).toMatch(/at or above the threshold of 300\.00 EUR/);
    }
    const details = await Promise.all(
      cases.map(async (c) => {
        const res = await compliance.get(`/api/admin/screening/cases/${c.id}`);
        expect(res.status()).toBe(200);
        return (await jsonOf(res)) as CaseDetail;
      }),
    );
    expect(details.map((d) => [d.detail.movement.kind, d.detail.movement.orderId, d.detail.amount]).sort()).toEqual(
      [
        ["credit", credit.id, "450.00"],
        ["order", order.id, "320.00"],
      ].sort(),
    );
    // The screening queue does not list them; a wrong kind is the spec's 400.
    expect((await openCases("screening")).some((c) => c.profileId === profile)).toBe(false);
    const wrong = await compliance.get("/api/admin/screening/cases?kind=alerts");
    expect(wrong.status()).toBe(400);
    expect(((await jsonOf(wrong)) as { errors: Record<string, string> }).errors).toHaveProperty("kind");
    // Still two a moment later: nothing evaluated twice.
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await mine()).length).toBe(2);
  } finally {
    await setLargeAmount(before);
  }
});
