import assert from "node:assert/strict";
import { beforeEach, describe, it } from "node:test";
import { ApiProblem, demoApi, SessionEnded } from "./demo-api.ts";
import { loadTokens, saveTokens } from "./demo-session.ts";

// The demo integrator's client in isolation: the tab's storage and the network are stand-ins that record what the
// client does, so token handling can be checked without a browser (the browser test covers the real round trip).

const settings = { clientId: "client-1", redirectUri: "http://localhost:3000/demo/callback", baseUrl: "http://t/api" };
const storage = new Map<string, string>();
type Call = { url: string; body: string; authorization: string };
let calls: Call[] = [];
let answer: (call: Call) => Response;

Object.assign(globalThis, {
  sessionStorage: {
    getItem: (k: string) => storage.get(k) ?? null,
    setItem: (k: string, v: string) => void storage.set(k, v),
    removeItem: (k: string) => void storage.delete(k),
  },
  fetch: async (url: string, init: RequestInit) => {
    const headers = (init.headers ?? {}) as Record<string, string>;
    const body =
      typeof init.body === "string" ? init.body : init.body instanceof URLSearchParams ? init.body.toString() : "";
    const call = { url, body, authorization: headers.authorization ?? "" };
    calls.push(call);
    await new Promise((r) => setTimeout(r, 5));
    return answer(call);
  },
});

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
const tokens = (n: number) => ({ access_token: `access-${n}`, refresh_token: `refresh-${n}`, expires_in: 3600 });

beforeEach(() => {
  storage.clear();
  calls = [];
});

describe("the demo integrator's API client", () => {
  it("refreshes an expired token once for requests made together (a refresh token is single-use)", async () => {
    saveTokens({ accessToken: "access-0", refreshToken: "refresh-0", expiresAt: Date.now() - 1 });
    answer = (call) => (call.url.endsWith("/auth/token") ? json(200, tokens(1)) : json(200, { ok: call.url }));
    const api = demoApi(settings);
    await Promise.all([api.get("/auth/context"), api.get("/ibans"), api.get("/orders")]);
    const refreshes = calls.filter((c) => c.url.endsWith("/auth/token"));
    assert.equal(refreshes.length, 1);
    assert.equal(
      new URLSearchParams(refreshes[0]!.body).toString(),
      "client_id=client-1&grant_type=refresh_token&refresh_token=refresh-0",
    );
    assert.deepEqual(
      calls.filter((c) => !c.url.endsWith("/auth/token")).map((c) => c.authorization),
      ["Bearer access-1", "Bearer access-1", "Bearer access-1"],
    );
    assert.equal(loadTokens()?.refreshToken, "refresh-1");
  });

  it("after a 401 it refreshes and asks again; a refused refresh ends the session and forgets the tokens", async () => {
    saveTokens({ accessToken: "access-0", refreshToken: "refresh-0", expiresAt: Date.now() + 3_600_000 });
    answer = (call) =>
      call.url.endsWith("/auth/token")
        ? json(200, tokens(2))
        : call.authorization === "Bearer access-2"
          ? json(200, { ok: true })
          : json(401, { code: 401, status: "Unauthorized", message: "Token expired" });
    assert.deepEqual(await demoApi(settings).get("/auth/context"), { ok: true });

    answer = (call) =>
      call.url.endsWith("/auth/token")
        ? json(400, { code: 400, status: "Bad Request", message: "Invalid refresh token", error: "invalid_grant" })
        : json(401, { code: 401, status: "Unauthorized", message: "Token expired" });
    await assert.rejects(demoApi(settings).get("/auth/context"), SessionEnded);
    assert.equal(loadTokens(), undefined);
  });

  it("turns the spec's error body into an ApiProblem with its field errors", async () => {
    saveTokens({ accessToken: "access-0", refreshToken: "refresh-0", expiresAt: Date.now() + 3_600_000 });
    answer = () =>
      json(400, {
        code: 400,
        status: "Bad Request",
        message: "Validation errors",
        errors: { "counterpart.identifier.iban": "is not a valid IBAN" },
      });
    const problem = await demoApi(settings)
      .post("/orders", {})
      .catch((e: unknown) => e);
    assert.ok(problem instanceof ApiProblem);
    assert.equal(problem.code, 400);
    assert.deepEqual(problem.errors, { "counterpart.identifier.iban": "is not a valid IBAN" });
    assert.equal(problem.summary, "Validation errors (counterpart.identifier.iban: is not a valid IBAN)");
  });
});
