import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext, type APIResponse } from "../fixtures/contract-test.ts";
import { api, jsonOf, server } from "../fixtures/api.ts";
import { signedUpProfile } from "../fixtures/customer.ts";
import { V4_PERSONAL_DETAILS } from "../fixtures/kyc.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { fundedCustomer, placed, redeemBody, type Order } from "../fixtures/orders.ts";

type Entry = {
  id: string;
  at: string;
  actor: { id: string; email: string };
  action: string;
  subject: { type: string; id: string };
  before: unknown;
  after: unknown;
  reason: string | null;
  requestId: string | null;
};

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

async function audit(query: string): Promise<Entry[]> {
  const res = await operator.get(`/api/admin/audit${query}`);
  expect(res.status(), await res.text()).toBe(200);
  return ((await jsonOf(res)) as { entries: Entry[] }).entries;
}

/** An operator write carrying its own request id, so the test can find exactly its entries in a shared log. */
async function act(path: string, options: { data?: unknown; method?: "post" | "patch" } = {}) {
  const requestId = `audit-${randomUUID()}`;
  const res = await operator[options.method ?? "post"](path, {
    headers: { origin: server.appUrl, "x-request-id": requestId },
    ...(options.data !== undefined ? { data: options.data } : {}),
  });
  return { res, requestId };
}

const profileState = (state: string, sections: string) => ({
  state,
  details: sections,
  form: sections,
  verifications: [{ kind: "idDocument", state: sections }],
});

test("every operator action is in the audit log once, with who, what, the subject, before, after and the reason, newest first", async ({
  request,
}) => {
  // The operator approves the customer's profile (inside the fixture), then blocks and unblocks it.
  const customer = await fundedCustomer(request, operator, "100");
  const { profile } = customer;
  const block = await act(`/api/admin/profiles/${profile}/block`, { data: { reason: "Sanctions screening hit" } });
  expect(block.res.status()).toBe(200);
  // A refused action changes nothing and is not recorded.
  const blockAgain = await act(`/api/admin/profiles/${profile}/block`, { data: { reason: "Twice" } });
  expect(blockAgain.res.status()).toBe(409);
  const unblock = await act(`/api/admin/profiles/${profile}/unblock`);
  expect(unblock.res.status()).toBe(200);

  const toProcess = await placed(request, customer.partner, await redeemBody(customer.account, "10"));
  const toReject = await placed(request, customer.partner, await redeemBody(customer.account, "5"));
  const processed = await act(`/api/admin/orders/${toProcess.id}/process`);
  expect(processed.res.status()).toBe(200);
  const processedOrder = (await processed.res.json()) as Order;
  const rejected = await act(`/api/admin/orders/${toReject.id}/reject`, {
    data: { reason: "Payee name does not match the account" },
  });
  expect(rejected.res.status()).toBe(200);

  // The demo application's privileges, set to what they are: other tests share it, and an unchanged grant is still
  // an operator action.
  const { applications } = (await (await operator.get("/api/admin/applications")).json()) as {
    applications: { id: string; name: string; privileges: string[] }[];
  };
  const demo = applications.find((a) => a.name === "Demo application");
  expect(demo).toBeDefined();
  const privileges = await act(`/api/admin/applications/${demo?.id}`, {
    method: "patch",
    data: { privileges: demo?.privileges },
  });
  expect(privileges.res.status()).toBe(200);

  const actor = { id: expect.any(String), email: server.demo.operatorEmail };
  const entry = (fields: Record<string, unknown>) => ({
    id: expect.any(String),
    at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    actor,
    reason: null,
    ...fields,
  });

  // The profile's history, newest first: approval, block, unblock (the refused second block left nothing).
  expect(await audit(`?subject=${profile}`)).toEqual([
    entry({
      action: "profile.unblock",
      subject: { type: "profile", id: profile },
      before: profileState("blocked", "approved"),
      after: profileState("approved", "approved"),
      requestId: unblock.requestId,
    }),
    entry({
      action: "profile.block",
      subject: { type: "profile", id: profile },
      before: profileState("approved", "approved"),
      after: profileState("blocked", "approved"),
      reason: "Sanctions screening hit",
      requestId: block.requestId,
    }),
    entry({
      action: "profile.approve",
      subject: { type: "profile", id: profile },
      before: profileState("pending", "pending"),
      after: profileState("approved", "approved"),
      requestId: expect.any(String),
    }),
  ]);

  // The whole log, newest first: this test's writes appear once each, in the order they were made.
  const mine = new Set([block, blockAgain, unblock, processed, rejected, privileges].map((a) => a.requestId));
  const recent = (await audit("?limit=100")).filter((e) => e.requestId !== null && mine.has(e.requestId));
  expect(recent).toEqual([
    entry({
      action: "application.privileges",
      subject: { type: "application", id: demo?.id ?? "" },
      before: { privileges: demo?.privileges },
      after: { privileges: demo?.privileges },
      requestId: privileges.requestId,
    }),
    entry({
      action: "order.reject",
      subject: { type: "order", id: toReject.id },
      before: { state: "placed", txHashes: [], rejectedReason: null, processedAt: null },
      after: {
        state: "rejected",
        txHashes: [],
        rejectedReason: "Payee name does not match the account",
        processedAt: null,
      },
      reason: "Payee name does not match the account",
      requestId: rejected.requestId,
    }),
    entry({
      action: "order.process",
      subject: { type: "order", id: toProcess.id },
      before: { state: "placed", txHashes: [], rejectedReason: null, processedAt: null },
      after: {
        state: "processed",
        txHashes: processedOrder.meta.txHashes,
        rejectedReason: null,
        processedAt: processedOrder.meta.processedAt,
      },
      requestId: processed.requestId,
    }),
    expect.objectContaining({ action: "profile.unblock", requestId: unblock.requestId }),
    expect.objectContaining({ action: "profile.block", requestId: block.requestId }),
  ]);
  expect(processedOrder.meta.txHashes).toHaveLength(1);
  const at = recent.map((e) => e.at);
  expect([...at].sort().reverse()).toEqual(at);

  // Filtered by action.
  expect((await audit(`?subject=${profile}&action=profile.block`)).map((e) => e.requestId)).toEqual([block.requestId]);
});

test("a decision on one section is audited as a section decision, with the section states before and after", async ({
  request,
}) => {
  const { profile, partner } = await signedUpProfile(request);
  const details = await request.patch(api(`/profiles/${profile}/details`), {
    headers: partner,
    data: V4_PERSONAL_DETAILS,
  });
  expect(details.status()).toBe(202);
  const decision = await act(`/api/admin/profiles/${profile}/decision`, {
    data: { decision: "reject", section: "details", reason: "The name does not match the passport" },
  });
  expect(decision.res.status()).toBe(200);
  const sections = (state: string, detailsState: string) => ({
    state,
    details: detailsState,
    form: "incomplete",
    verifications: [{ kind: "idDocument", state: "incomplete" }],
  });
  expect(await audit(`?subject=${profile}`)).toEqual([
    {
      id: expect.any(String),
      at: expect.any(String),
      actor: { id: expect.any(String), email: server.demo.operatorEmail },
      action: "profile.section.reject",
      subject: { type: "profile", id: profile },
      before: sections("pending", "pending"),
      after: sections("rejected", "rejected"),
      reason: "The name does not match the passport",
      requestId: decision.requestId,
    },
  ]);
});

test("the audit log pages newest first with X-Next-Cursor and Link headers; bad paging is 400", async ({ request }) => {
  const customer = await fundedCustomer(request, operator, "0");
  const { profile } = customer;
  for (const step of ["block", "unblock"]) {
    const { res } = await act(`/api/admin/profiles/${profile}/${step}`, {
      ...(step === "block" ? { data: { reason: "Document review" } } : {}),
    });
    expect(res.status()).toBe(200);
  }
  const seen: string[] = [];
  let path: string | undefined = `/api/admin/audit?subject=${profile}&limit=1`;
  while (path) {
    const res: APIResponse = await operator.get(path);
    expect(res.status()).toBe(200);
    const { entries } = (await res.json()) as { entries: Entry[] };
    expect(entries).toHaveLength(1);
    seen.push(entries[0]?.action ?? "");
    const cursor = res.headers()["x-next-cursor"];
    const link: string | undefined = res.headers().link;
    if (cursor) {
      expect(link).toBe(`</api/admin/audit?subject=${profile}&limit=1&cursor=${cursor}>; rel="next"`);
      path = /^<([^>]+)>; rel="next"$/.exec(link ?? "")?.[1];
    } else {
      expect(link).toBeUndefined();
      path = undefined;
    }
  }
  expect(seen).toEqual(["profile.unblock", "profile.block", "profile.approve"]);

  for (const query of ["?cursor=bm90LWEtY3Vyc29y", "?limit=0", "?limit=101", "?subject=not-a-uuid"]) {
    expect((await operator.get(`/api/admin/audit${query}`)).status(), query).toBe(400);
  }
});

test("the audit log is for the operator's session only: anyone else finds nothing there (404)", async ({ request }) => {
  const customer = await fundedCustomer(request, operator, "0");
  expect((await request.get(`${server.appUrl}/api/admin/audit`)).status()).toBe(404);
  // An application's bearer token is no operator session.
  expect((await request.get(`${server.appUrl}/api/admin/audit`, { headers: customer.partner })).status()).toBe(404);
  expect((await operator.get(`/api/admin/audit?subject=${customer.profile}`)).status()).toBe(200);
});
