import { randomUUID } from "node:crypto";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api, clientCredentialsToken, jsonOf, server, V2 } from "../fixtures/api.ts";
import { approvedCustomer } from "../fixtures/approved-customer.ts";
import { apiRoutesUnder } from "../fixtures/console-routes.ts";
import { linkedCustomer, siweTokens } from "../fixtures/customer.ts";
import { PERSONAL_FORM, uploadDocument, V4_PERSONAL_DETAILS } from "../fixtures/kyc.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { otherApplication } from "../fixtures/second-application.ts";
import { WebhookReceiver } from "../fixtures/webhook-receiver.ts";

/**
 * C36: webhook subscriptions belong to the application. Every route under `app/api/webhooks/` (read from the app's
 * files, so a route added later is covered too) answers a person's token with 403 on every method, and a delivery
 * carries only data of profiles the subscription's application may see.
 */

type Subscription = { id: string; url: string; types: string[]; state: string };
type DeliveryLog = { deliveries: { id: string }[] };

const EVERY_METHOD = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const FORBIDDEN = {
  code: 403,
  status: "Forbidden",
  message: "Only the application itself may do this: use an access token of its client-credentials client",
};
const UNAUTHENTICATED = { code: 401, status: "Unauthorized", message: "Not authenticated" };

let operator: APIRequestContext;
test.beforeAll(async () => {
  operator = await operatorSession();
});
test.afterAll(async () => {
  await operator.dispose();
});

async function subscribe(
  request: APIRequestContext,
  headers: Record<string, string>,
  receiver: WebhookReceiver,
): Promise<Subscription> {
  const res = await request.post(api("/webhooks"), {
    headers,
    data: { url: await receiver.start(), secret: receiver.secret, types: ["profile.updated", "order.updated"] },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as Subscription;
}

/** A person's tokens through the demo application: the code exchange's access token, and the one its refresh buys. */
async function personTokens(request: APIRequestContext): Promise<{ code: string; refreshed: string }> {
  const customer = await linkedCustomer(request);
  const first = await siweTokens(request, customer.account);
  const refreshed = await request.post(api("/auth/token"), {
    form: { grant_type: "refresh_token", client_id: server.demo.codeClientId, refresh_token: first.refresh_token },
  });
  expect(refreshed.status()).toBe(200);
  const second = (await refreshed.json()) as { access_token: string };
  return { code: first.access_token, refreshed: second.access_token };
}

test("C36: a person's token, from a code or refreshed, gets 403 on every /webhooks route and method; none gets 401", async ({
  request,
}) => {
  test.setTimeout(60_000);
  const receiver = new WebhookReceiver();
  const partner = { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
  const subscription = await subscribe(request, partner, receiver);
  try {
    const person = await personTokens(request);
    // The person's tokens are good ones: they read the person's context.
    for (const token of [person.code, person.refreshed]) {
      const context = await request.get(api("/auth/context"), { headers: { authorization: `Bearer ${token}` } });
      expect(context.status()).toBe(200);
    }
    const routes = apiRoutesUnder("webhooks");
    expect(routes.length).toBeGreaterThanOrEqual(5);
    const callers = [
      ["a person's token from a code", { authorization: `Bearer ${person.code}` }, 403, FORBIDDEN],
      ["a person's refreshed token", { authorization: `Bearer ${person.refreshed}` }, 403, FORBIDDEN],
      ["no token", {}, 401, UNAUTHENTICATED],
    ] as const;
    for (const route of routes) {
      // The application's own subscription: a refusal here is about the caller, not a missing subscription.
      const path = route.file
        .replace(/^app\/api/, "")
        .replace(/\/route\.ts$/, "")
        .replace("[subscription]", subscription.id)
        .replace("[delivery]", randomUUID());
      for (const method of EVERY_METHOD) {
        for (const [who, headers, status, body] of callers) {
          const what = `${method} ${path} with ${who}`;
          const res = await request.fetch(api(path), {
            method,
            headers: { ...headers, accept: V2, "content-type": "application/json" },
            data: ["POST", "PUT", "PATCH"].includes(method)
              ? { url: subscription.url, secret: receiver.secret, state: "inactive" }
              : undefined,
          });
          expect(res.status(), what).toBe(status);
          if (method !== "HEAD") expect(await jsonOf(res), what).toEqual(body);
        }
      }
    }
    // Nothing the person tried changed anything: the application still has its one subscription, active.
    const mine = await request.get(api(`/webhooks/${subscription.id}`), { headers: partner });
    expect(mine.status()).toBe(200);
    expect(await mine.json()).toEqual(subscription);
    const listed = (await (await request.get(api("/webhooks"), { headers: partner })).json()) as {
      subscriptions: Subscription[];
    };
    expect(listed.subscriptions.filter((s) => s.url === subscription.url)).toEqual([subscription]);
  } finally {
    await request.delete(api(`/webhooks/${subscription.id}`), { headers: partner });
    await receiver.stop();
  }
});

test("C36: a delivery never carries data of a profile the subscription's application has not been granted", async ({
  request,
}) => {
  test.setTimeout(90_000);
  const other = await otherApplication(request, operator, {
    name: "Other tenant",
    privileges: ["sign_up", "submit_kyc"],
  });
  const demoPartner = { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
  const demoReceiver = new WebhookReceiver();
  const otherReceiver = new WebhookReceiver();
  const demoSubscription = await subscribe(request, demoPartner, demoReceiver);
  const otherSubscription = await subscribe(request, other.partner, otherReceiver);
  try {
    // The demo application's customer, approved by the operator.
    const demoCustomer = await approvedCustomer(request, operator);
    // The other application's own customer, approved too.
    const signUp = await request.post(api("/auth/signup"), {
      headers: other.partner,
      data: { email: `other-${randomUUID()}@example.com` },
    });
    expect(signUp.status()).toBe(201);
    const otherProfile = ((await signUp.json()) as { profile: string }).profile;
    const fileId = await uploadDocument(request, other.partner);
    for (const [section, data] of [
      ["details", V4_PERSONAL_DETAILS],
      ["form", PERSONAL_FORM],
      [
        "verifications",
        { personal: [{ kind: "idDocument", documents: [{ kind: "passport", fileId, side: "front" }] }] },
      ],
    ] as const) {
      const res = await request.patch(api(`/profiles/${otherProfile}/${section}`), { headers: other.partner, data });
      expect(res.status(), section).toBe(202);
    }
    const decision = await operator.post(`/api/admin/profiles/${otherProfile}/decision`, {
      data: { decision: "approve" },
      headers: { origin: server.appUrl },
    });
    expect(decision.status()).toBe(200);

    // Each application hears of its own customer's approval.
    const approvalOf = (receiver: WebhookReceiver, profile: string) =>
      receiver
        .of("profile.updated")
        .filter((d) => JSON.stringify(d.data).includes(profile))
        .map((d) => (d.data as { state: string }).state);
    await expect.poll(() => approvalOf(demoReceiver, demoCustomer.profile), { timeout: 20_000 }).toContain("approved");
    await expect.poll(() => approvalOf(otherReceiver, otherProfile), { timeout: 20_000 }).toContain("approved");

    // Every delivery written for a subscription (its log holds them from the moment the event fanned out, sent or
    // not) is about its own application's profiles only.
    const payloads = async (headers: Record<string, string>, subscription: Subscription) => {
      const log = (await (
        await request.get(api(`/webhooks/${subscription.id}/deliveries?limit=100`), { headers })
      ).json()) as DeliveryLog;
      return Promise.all(
        log.deliveries.map(async (d) => {
          const one = await request.get(api(`/webhooks/${subscription.id}/deliveries/${d.id}`), { headers });
          return ((await one.json()) as { payload: string }).payload;
        }),
      );
    };
    const demoPayloads = await payloads(demoPartner, demoSubscription);
    const otherPayloads = await payloads(other.partner, otherSubscription);
    expect(otherPayloads.some((p) => p.includes(otherProfile))).toBe(true);
    expect(otherPayloads.filter((p) => p.includes(demoCustomer.profile))).toEqual([]);
    expect(otherReceiver.deliveries.filter((d) => d.body.includes(demoCustomer.profile))).toEqual([]);
    expect(demoPayloads.some((p) => p.includes(demoCustomer.profile))).toBe(true);
    expect(demoPayloads.filter((p) => p.includes(otherProfile))).toEqual([]);
    expect(demoReceiver.deliveries.filter((d) => d.body.includes(otherProfile))).toEqual([]);
  } finally {
    await request.delete(api(`/webhooks/${demoSubscription.id}`), { headers: demoPartner });
    await request.delete(api(`/webhooks/${otherSubscription.id}`), { headers: other.partner });
    await demoReceiver.stop();
    await otherReceiver.stop();
  }
});
