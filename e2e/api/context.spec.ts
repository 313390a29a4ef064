import { expect, test } from "../fixtures/contract-test.ts";
import { api, clientCredentialsToken, jsonOf, server, V2 } from "../fixtures/api.ts";

const NOT_AUTHENTICATED = { code: 401, status: "Unauthorized", message: "Not authenticated" };

test.describe("GET /auth/context", () => {
  for (const [title, authorization] of [
    ["no Authorization header", undefined],
    ["an empty Authorization header", ""],
    ["an unknown token", "Bearer aW52YWxpZC10b2tlbi1ub3QtaXNzdWVkLWJ5LXVz"],
    [
      "another scheme",
      `Basic ${Buffer.from(`${server.demo.clientId}:${server.demo.clientSecret}`).toString("base64")}`,
    ],
    ["a malformed bearer", "Bearer"],
  ] as const) {
    test(`401 with exactly the spec's body: ${title}`, async ({ request }) => {
      const res = await request.get(api("/auth/context"), {
        headers: authorization === undefined ? { accept: V2 } : { accept: V2, authorization },
      });
      expect(res.status()).toBe(401);
      expect(await res.text()).toBe(JSON.stringify(NOT_AUTHENTICATED));
    });
  }

  test("a client-credentials token reads its application's context", async ({ request }) => {
    const token = await clientCredentialsToken(request);
    const tokenRes = await request.post(api("/auth/token"), {
      form: {
        grant_type: "client_credentials",
        client_id: server.demo.clientId,
        client_secret: server.demo.clientSecret,
      },
    });
    const issued = (await tokenRes.json()) as { profile: string; userId: string };
    const res = await request.get(api("/auth/context"), { headers: { authorization: `Bearer ${token}`, accept: V2 } });
    expect(res.status()).toBe(200);
    // Other tests sign customers up through the demo application: its own profile comes first, theirs follow.
    const body = (await jsonOf(res)) as { profiles: unknown[] };
    expect({ ...body, profiles: body.profiles.slice(0, 1) }).toEqual({
      userId: issued.userId,
      email: "developer@tokenrail.local",
      name: "Demo Developer",
      roles: [],
      auth: { method: "apikey", subject: server.demo.clientId, verified: true },
      defaultProfile: issued.profile,
      profiles: [
        {
          id: issued.profile,
          kind: "corporate",
          name: "Demo Integrator Ltd",
          state: "approved",
          perms: ["read", "write"],
        },
      ],
    });
  });

  test("C28: an Accept header asking for another API version gets 406 in the spec's body", async ({ request }) => {
    const token = await clientCredentialsToken(request);
    const res = await request.get(api("/auth/context"), {
      headers: { authorization: `Bearer ${token}`, accept: "application/vnd.monerium.api-v1+json" },
    });
    expect(res.status()).toBe(406);
    expect(await jsonOf(res)).toEqual({
      code: 406,
      status: "Not Acceptable",
      message:
        "This API serves version 2 only: send Accept: application/vnd.tokenrail.api-v2+json (or application/json)",
    });
  });
});
