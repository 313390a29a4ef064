import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api, jsonOf, server } from "../fixtures/api.ts";
import { approvedCustomer } from "../fixtures/approved-customer.ts";
import { customerHeaders, linkedCustomer } from "../fixtures/customer.ts";
import { uploadDocument, V4_PERSONAL_DETAILS } from "../fixtures/kyc.ts";
import { waitForMail } from "../fixtures/mailbox.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { eurBalance, fundedCustomer, placed, redeemBody } from "../fixtures/orders.ts";

// Closing a profile and asking for erasure over HTTP (C71): the person's own token does it, an integrator's
// client-credentials token may not; the answer says erased at once or when the retention period ends.

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

type AuditEntry = { action: string; actor: { email: string }; before: unknown; after: unknown; reason: unknown };
async function auditOf(profile: string): Promise<AuditEntry[]> {
  const res = await operator.get(`/api/admin/audit?subject=${profile}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { entries: AuditEntry[] }).entries;
}

test("C71: a person who never became a customer asks for erasure and is erased at once; their token and profile are gone, and the log reads their request as erased", async ({
  request,
}) => {
  const customer = await linkedCustomer(request);
  const fileId = await uploadDocument(request, customer.partner);
  const details = await request.patch(api(`/profiles/${customer.profile}/details`), {
    headers: customer.partner,
    data: { personal: { ...V4_PERSONAL_DETAILS.personal, lastName: "Erasable" } },
  });
  expect(details.status()).toBe(202);
  const verification = await request.patch(api(`/profiles/${customer.profile}/verifications`), {
    headers: customer.partner,
    data: { personal: [{ kind: "idDocument", documents: [{ kind: "passport", fileId, side: "front" }] }] },
  });
  expect(verification.status()).toBe(202);
  const owner = await customerHeaders(request, customer.account);

  // An integrator's own token cannot end the person's relationship for them.
  const byPartner = await request.post(api(`/profiles/${customer.profile}/erasure-request`), {
    headers: customer.partner,
    data: {},
  });
  expect(byPartner.status()).toBe(403);

  const since = new Date();
  const res = await request.post(api(`/profiles/${customer.profile}/erasure-request`), {
    headers: owner,
    data: { reason: "I changed my mind" },
  });
  expect(res.status()).toBe(200);
  const body = (await jsonOf(res)) as { profileId: string; outcome: string; erasedAt: string };
  expect(body).toEqual({ profileId: customer.profile, outcome: "erased", erasedAt: expect.any(String) });

  const mail = await waitForMail({ to: customer.email, subject: /personal data is erased/, since });
  expect(mail.text).toContain("we erased your personal data and documents");
  // The account went with the data: the person's token no longer works, the integrator no longer sees the profile,
  // and the document is gone for the operator too.
  expect((await request.get(api(`/profiles/${customer.profile}`), { headers: owner })).status()).toBe(401);
  expect((await request.get(api(`/profiles/${customer.profile}`), { headers: customer.partner })).status()).toBe(404);
  expect((await operator.get(`/api/admin/files/${fileId}`)).status()).toBe(404);
  const audit = await auditOf(customer.profile);
  // Newest first: the erasure the instance made, then the request, whose actor the append-only log never named by
  // an address the erasure would have had to remove.
  expect(audit.map((e) => [e.action, e.actor.email])).toEqual([
    ["profile.erase", "system"],
    ["profile.erasure.request", "customer"],
  ]);
  // What the request's entry said of them (their words, the state before) was sealed under their own key, destroyed
  // by the erasure: the entry is still listed and reads as erased; the erasure's own entry names no one and reads.
  const [erased, request_] = audit;
  expect([request_?.before, request_?.after, request_?.reason]).toEqual([
    { erased: true },
    { erased: true },
    "[erased]",
  ]);
  expect(erased?.after).toMatchObject({ cause: "request" });
});

test("C71: an approved customer's erasure request closes the profile and is scheduled for the end of the retention period", async ({
  request,
}) => {
  const customer = await approvedCustomer(request, operator);
  const owner = await customerHeaders(request, customer.account);
  const since = new Date();
  const res = await request.post(api(`/profiles/${customer.profile}/erasure-request`), { headers: owner, data: {} });
  expect(res.status()).toBe(200);
  const body = (await jsonOf(res)) as { outcome: string; eraseAfter: string };
  expect(body.outcome).toBe("scheduled");
  const years = (Date.parse(body.eraseAfter) - since.getTime()) / (365.25 * 86_400_000);
  expect(years).toBeGreaterThan(4.99);
  expect(years).toBeLessThan(5.01);
  const mail = await waitForMail({ to: customer.email, subject: /erasure request is recorded/, since });
  expect(mail.text).toContain(body.eraseAfter.slice(0, 10));

  // Closed: shown as the spec's `blocked`, no IBAN, no submission, and a second request is refused.
  const profile = await request.get(api(`/profiles/${customer.profile}`), { headers: owner });
  expect(((await jsonOf(profile)) as { state: string }).state).toBe("blocked");
  const iban = await request.post(api("/ibans"), {
    headers: customer.partner,
    data: { address: customer.account.address, chain: "sepolia" },
  });
  expect(iban.status()).toBe(403);
  const again = await request.post(api(`/profiles/${customer.profile}/close`), { headers: owner, data: {} });
  expect(again.status()).toBe(409);
  const audit = await auditOf(customer.profile);
  expect(audit.map((e) => [e.action, e.actor.email])).toEqual([
    ["profile.erasure.request", "customer"],
    ["profile.approve", server.demo.operatorEmail],
  ]);
});

test("C71: a customer who closes their profile still redeems the tokens they hold", async ({ request }) => {
  const customer = await fundedCustomer(request, operator, "100");
  const owner = await customerHeaders(request, customer.account);
  const closed = await request.post(api(`/profiles/${customer.profile}/close`), { headers: owner, data: {} });
  expect(closed.status(), await closed.text()).toBe(200);

  // E-money is redeemable at any time, the end of the relationship included.
  const order = await placed(request, owner, await redeemBody(customer.account, "40"));
  expect(order.kind).toBe("redeem");
  const processed = await operator.post(`/api/admin/orders/${order.id}/process`, { data: {} });
  expect(processed.status(), await processed.text()).toBe(200);
  await expect.poll(() => eurBalance(request, customer), { timeout: 20_000 }).toBe("60.00");
});
