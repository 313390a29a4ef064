import type { Page } from "@playwright/test";
import { operatorCopy } from "../../components/copy/operator.ts";
import { expect, test, type APIRequestContext, type APIResponse } from "../fixtures/contract-test.ts";
import { server } from "../fixtures/api.ts";
import { bankCredit, camt054Of, UNKNOWN_IBAN } from "../fixtures/bank.ts";
import { freePort } from "../fixtures/free-port.ts";
import { customerWithIbanOn } from "../fixtures/instance-customer.ts";
import { operatorSession, roleOperatorEmail, roleOperatorSession } from "../fixtures/operator.ts";
import { redeemBody, type FundedCustomer, type Order } from "../fixtures/orders.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startDemoInstance, stopServer, type DemoInstance } from "../fixtures/spawn-server.ts";

/*
 * A sandbox with four eyes on above 100.00 (C59), and its demo operators: `operator@…` holds every role (the first
 * operator, A, below), `operator+treasurer@…`, `operator+admin@…` and `operator+reviewer@…` one role each (the second
 * operator, B, or one whose role does not cover the action). Its own instance: the shared one keeps four eyes off
 * for the tests that process orders with its single demo operator.
 */
test.describe.configure({ mode: "serial" });

type Approval = {
  id: string;
  action: string;
  state: string;
  subject: { type: string; id: string };
  requestedBy: { email: string };
  decidedBy: { email: string } | null;
};
type AuditEntry = { action: string; actor: { email: string }; subject: { type: string; id: string } };

const NOT_FOUND = { code: 404, status: "Not Found", message: "Not found" };

let target: DemoInstance;
let dropDatabase: (() => Promise<void>) | undefined;
let customer: FundedCustomer;
let first: APIRequestContext;
let treasurer: APIRequestContext;
let admin: APIRequestContext;
let reviewer: APIRequestContext;

test.beforeAll(async ({ request }) => {
  test.setTimeout(180_000);
  const database = await scratchDatabase("four_eyes");
  dropDatabase = database?.drop;
  target = await startDemoInstance(await freePort(), {
    ...database?.env,
    TOKENRAIL_FOUR_EYES_EUR: "100",
    TOKENRAIL_SANDBOX_AUTO_PROCESS: "off",
    TOKENRAIL_SANDBOX_AUTO_APPROVE: "off",
    TOKENRAIL_IBAN_PROVISION_INTERVAL: "1",
  });
  first = await operatorSession(target);
  treasurer = await roleOperatorSession("treasurer", target);
  admin = await roleOperatorSession("admin", target);
  reviewer = await roleOperatorSession("reviewer", target);
  customer = await customerWithIbanOn(request, target, first);
  const pay = await request.post(`${target.baseUrl}/sandbox/payments`, {
    headers: customer.partner,
    data: { iban: customer.iban, amount: "500.00" },
  });
  expect(pay.status(), await pay.text()).toBe(201);
});

test.afterAll(async () => {
  await Promise.all([first, treasurer, admin, reviewer].map((c) => c?.dispose()));
  if (target) await stopServer(target.server);
  await dropDatabase?.();
});

async function json<T>(res: APIResponse, status: number): Promise<T> {
  expect(res.status(), await res.text()).toBe(status);
  return (await res.json()) as T;
}

async function redeem(request: APIRequestContext, amount: string): Promise<Order> {
  const res = await request.post(`${target.baseUrl}/orders`, {
    headers: customer.partner,
    data: await redeemBody(customer.account, amount),
  });
  return json<Order>(res, 200);
}

function decide(operator: APIRequestContext, approval: Approval, decision: "approve" | "reject"): Promise<APIResponse> {
  return operator.post(`/api/admin/approvals/${approval.id}`, { data: { decision } });
}

async function audit(subject: string, reader: APIRequestContext = first): Promise<AuditEntry[]> {
  return (await json<{ entries: AuditEntry[] }>(await reader.get(`/api/admin/audit?subject=${subject}`), 200)).entries;
}

/** Who did what, oldest first: the request, the decision and the action itself. */
async function trail(approval: Approval): Promise<string[][]> {
  const entries = [...(await audit(approval.id)), ...(await audit(approval.subject.id))];
  return entries
    .filter((e) => e.action !== "profile.approve")
    .map((e) => [e.action, e.actor.email])
    .sort();
}

/** A second operator must decide; whoever asked cannot, nor one whose role does not cover the action. */
async function refusedToRequesterAndWrongRole(approval: Approval, wrongRole: APIRequestContext): Promise<void> {
  const own = await decide(first, approval, "approve");
  expect(own.status()).toBe(403);
  expect(((await own.json()) as { message: string }).message).toMatch(/a second operator/);
  const role = await decide(wrongRole, approval, "approve");
  expect(role.status()).toBe(403);
  expect(((await role.json()) as { message: string }).message).toMatch(/Your role does not allow this/);
}

test("C59 a redeem order above the amount waits for a second treasurer, who processes it once; below it one suffices", async ({
  request,
}) => {
  test.setTimeout(90_000);
  const large = await redeem(request, "150.00");
  const asked = await json<{ approval: Approval }>(await first.post(`/api/admin/orders/${large.id}/process`), 202);
  const approval = asked.approval;
  expect(approval).toMatchObject({
    action: "order.process",
    state: "pending",
    subject: { type: "order", id: large.id },
    requestedBy: { email: server.demo.operatorEmail },
  });
  // Asking again while it waits does not make a second request; the order is not processed meanwhile.
  expect((await first.post(`/api/admin/orders/${large.id}/process`)).status()).toBe(409);
  const open = await json<{ orders: Order[] }>(await first.get("/api/admin/orders"), 200);
  expect(open.orders.find((o) => o.id === large.id)?.state).toBe("placed");
  const pending = await json<{ approvals: Approval[] }>(await reviewer.get("/api/admin/approvals"), 200);
  expect(pending.approvals.map((a) => a.id)).toContain(approval.id);

  await refusedToRequesterAndWrongRole(approval, reviewer);
  const approved = await json<Approval>(await decide(treasurer, approval, "approve"), 200);
  expect(approved).toMatchObject({ state: "approved", decidedBy: { email: roleOperatorEmail("treasurer") } });
  expect((await decide(admin, approval, "approve")).status()).toBe(409);
  expect((await first.post(`/api/admin/orders/${large.id}/process`)).status()).toBe(409);
  const processed = await json<{ orders: (Order & { meta: { txHashes?: string[] } })[] }>(
    await first.get("/api/admin/orders?state=processed"),
    200,
  );
  // Burned once (one transaction), paid out once.
  expect(processed.orders.find((o) => o.id === large.id)?.meta.txHashes).toHaveLength(1);
  expect(await trail(approval)).toEqual(
    [
      ["approval.request", server.demo.operatorEmail],
      ["approval.approve", roleOperatorEmail("treasurer")],
      ["order.process", roleOperatorEmail("treasurer")],
    ].sort(),
  );

  const small = await redeem(request, "20.00");
  const done = await json<Order>(await first.post(`/api/admin/orders/${small.id}/process`), 200);
  expect(done.state).toBe("processed");
});

test("C59 returning an unmatched credit waits for a second operator; declined, it stays open", async () => {
  const toReturn = bankCredit(UNKNOWN_IBAN, "30.00", { debtorName: "Jonas Weber" });
  const toDecline = bankCredit(UNKNOWN_IBAN, "40.00");
  const upload = await first.post(`/api/admin/bank/files?name=four-eyes.xml`, {
    headers: { "content-type": "application/xml" },
    data: Buffer.from(camt054Of([toReturn, toDecline])),
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const exceptions = await json<{ exceptions: { id: string; endToEndId: string; outcome: string }[] }>(
    await first.get("/api/admin/bank/exceptions?status=open&limit=100"),
    200,
  );
  const entryOf = (e2e: string) => exceptions.exceptions.find((e) => e.endToEndId === e2e)!.id;
  const [back, kept] = [entryOf(toReturn.endToEndId), entryOf(toDecline.endToEndId)];

  const { approval } = await json<{ approval: Approval }>(
    await first.post(`/api/admin/bank/exceptions/${back}/return`, { data: { reason: "No customer of ours" } }),
    202,
  );
  expect(approval).toMatchObject({ action: "bank.exception.return", subject: { type: "bank-entry", id: back } });
  await refusedToRequesterAndWrongRole(approval, admin);
  await json<Approval>(await decide(treasurer, approval, "approve"), 200);
  const resolved = await json<{ exceptions: { id: string; outcome: string; payoutId: string | null }[] }>(
    await first.get("/api/admin/bank/exceptions?status=resolved&limit=100"),
    200,
  );
  expect(resolved.exceptions.find((e) => e.id === back)).toMatchObject({ outcome: "returned" });
  expect((await decide(treasurer, approval, "approve")).status()).toBe(409);
  expect(await trail(approval)).toEqual(
    [
      ["approval.request", server.demo.operatorEmail],
      ["approval.approve", roleOperatorEmail("treasurer")],
      ["bank.exception.return", roleOperatorEmail("treasurer")],
    ].sort(),
  );

  const declined = await json<{ approval: Approval }>(
    await first.post(`/api/admin/bank/exceptions/${kept}/return`, { data: { reason: "Unknown sender" } }),
    202,
  );
  expect((await json<Approval>(await decide(treasurer, declined.approval, "reject"), 200)).state).toBe("rejected");
  const stillOpen = await json<{ exceptions: { id: string }[] }>(
    await first.get("/api/admin/bank/exceptions?status=open&limit=100"),
    200,
  );
  expect(stillOpen.exceptions.map((e) => e.id)).toContain(kept);
});

type OperatorRow = { id: string; email: string; roles: string[]; enabled: boolean; pendingRoles: string[] | null };

async function operatorNamed(email: string): Promise<OperatorRow> {
  const list = await json<{ operators: OperatorRow[] }>(await admin.get("/api/admin/operators"), 200);
  return list.operators.find((o) => o.email === email)!;
}

test("C59 changing an operator's roles waits for a second admin", async () => {
  const person = await operatorNamed(roleOperatorEmail("reviewer"));
  expect(person.roles).toEqual(["reviewer"]);
  const { approval } = await json<{ approval: Approval }>(
    await first.post(`/api/admin/operators/${person.id}/roles`, { data: { roles: ["reviewer", "treasurer"] } }),
    202,
  );
  expect(await operatorNamed(person.email)).toMatchObject({
    roles: ["reviewer"],
    pendingRoles: ["reviewer", "treasurer"],
  });
  await refusedToRequesterAndWrongRole(approval, treasurer);
  await json<Approval>(await decide(admin, approval, "approve"), 200);
  expect(await operatorNamed(person.email)).toMatchObject({ roles: ["reviewer", "treasurer"], pendingRoles: null });
  // The new role takes effect at once on the operator's existing session.
  expect((await reviewer.get("/api/admin/orders")).status()).toBe(200);
  expect(await trail(approval)).toEqual(
    [
      ["approval.request", server.demo.operatorEmail],
      ["approval.approve", roleOperatorEmail("admin")],
      ["operator.roles", roleOperatorEmail("admin")],
    ].sort(),
  );
});

/** Signs `email` in to the console of the instance in this browser page, on the page asked for. */
async function signIn(page: Page, email: string, next: string): Promise<void> {
  await page.goto(`${target.appUrl}/sign-in?next=${encodeURIComponent(next)}`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(target.operatorPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).toHaveURL(`${target.appUrl}${next}`);
}

test("C59 in the console: the order awaits a second operator, who approves it on the Approvals page", async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const text = operatorCopy.approvals;
  const order = await redeem(request, "120.00");
  await signIn(page, server.demo.operatorEmail, "/operator/orders");
  const row = page.getByRole("row", { name: `Order ${order.id}` });
  await row.getByRole("button", { name: "Process" }).click();
  await page.getByRole("button", { name: "Yes, process" }).click();
  await expect(page.getByRole("main").getByRole("status")).toHaveText(operatorCopy.orders.awaitingApproval(order.id));
  await page.reload();
  await expect(row).toContainText(text.awaiting);

  // Whoever asked is told a second operator decides, and offered no button.
  await page.goto(`${target.appUrl}/operator/approvals`);
  const asked = page.getByRole("row", { name: "Process redeem order of 120.00 EUR" });
  await expect(asked).toContainText(text.yours);
  await expect(asked.getByRole("button")).toHaveCount(0);

  const second = await browser.newContext();
  try {
    const other = await second.newPage();
    await signIn(other, roleOperatorEmail("treasurer"), "/operator/approvals");
    await other
      .getByRole("row", { name: "Process redeem order of 120.00 EUR" })
      .getByRole("button", { name: text.approve })
      .click();
    await expect(other.getByRole("main").getByRole("status")).toHaveText(text.approved);
    await expect(other.getByRole("row", { name: "Process redeem order of 120.00 EUR" })).toHaveCount(0);
  } finally {
    await second.close();
  }
  const processed = await json<{ orders: Order[] }>(await first.get("/api/admin/orders?state=processed"), 200);
  expect(processed.orders.map((o) => o.id)).toContain(order.id);
});

test("C58 the last admin cannot demote, disable or remove themselves; a disabled operator is signed out and their session reaches nothing", async () => {
  const demo = await operatorNamed(server.demo.operatorEmail);
  const self = await operatorNamed(roleOperatorEmail("admin"));
  // Disabling takes effect at once: the demo operator's signed-in session meets the hidden 404 everywhere.
  expect((await json<OperatorRow>(await admin.post(`/api/admin/operators/${demo.id}/disable`), 200)).enabled).toBe(
    false,
  );
  for (const path of ["/api/admin/orders", "/api/admin/operators", "/api/admin/approvals", "/api/admin/profiles"]) {
    const res = await first.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.json(), path).toEqual(NOT_FOUND);
  }
  // Disabling signed them out everywhere (C55): the console page sends the old session to sign in.
  const page = await first.get("/operator/approvals", { maxRedirects: 0 });
  expect(page.status()).toBe(307);
  expect(page.headers()["location"]).toMatch(/\/sign-in\?next=/);
  // Signing in again while disabled reaches nothing either.
  const again = await operatorSession(target);
  expect((await again.get("/api/admin/orders")).status()).toBe(404);
  expect((await again.get("/operator/approvals", { maxRedirects: 0 })).status()).toBe(404);

  // Now the one admin left: neither a demotion (asked for, even under four eyes) nor disabling themselves.
  const lastAdmin = /last admin/;
  const demote = await admin.post(`/api/admin/operators/${self.id}/roles`, { data: { roles: ["reviewer"] } });
  expect(demote.status()).toBe(409);
  expect(((await demote.json()) as { message: string }).message).toMatch(lastAdmin);
  const disable = await admin.post(`/api/admin/operators/${self.id}/disable`);
  expect(disable.status()).toBe(409);
  expect(((await disable.json()) as { message: string }).message).toMatch(lastAdmin);
  expect(await operatorNamed(self.email)).toMatchObject({ roles: ["admin"], enabled: true });

  // Enabled again, a session signed in while disabled works at once; the one that was signed out stays so. The audit
  // log has both changes.
  await json<OperatorRow>(await admin.post(`/api/admin/operators/${demo.id}/enable`), 200);
  expect((await again.get("/api/admin/orders")).status()).toBe(200);
  expect((await first.get("/api/admin/orders")).status()).toBe(404);
  await again.dispose();
  expect((await audit(demo.id, admin)).map((e) => [e.action, e.actor.email])).toEqual([
    ["operator.enable", self.email],
    ["operator.disable", self.email],
  ]);
});
