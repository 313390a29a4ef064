import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { z } from "zod";
import { withPublic } from "./callers.ts";
import { AppError } from "../errors.ts";
import { created } from "../contract/reply.ts";
import type { RouteContext } from "./handler.ts";
import { scratchDir } from "../testing/scratch-dir.ts";

// The wrappers are framework-free: they take a web Request and return a Response, so they are exercised directly.
before(() => {
  process.env.TOKENRAIL_DATA_DIR = scratchDir("tokenrail-http-");
  process.env.LOG_LEVEL = "silent";
});

const ctx = (params: Record<string, string> = {}): RouteContext => ({ params: Promise.resolve(params) });
const post = (body: string, type = "application/json", headers: Record<string, string> = {}) =>
  new Request("http://test/api/things", { method: "POST", body, headers: { "content-type": type, ...headers } });

const echo = withPublic(
  { body: z.object({ name: z.string().min(2), nested: z.object({ amount: z.string().regex(/^\d+$/) }) }) },
  ({ body }) => Promise.resolve(created(body)),
);

describe("handler wrapper", () => {
  it("parses and validates a JSON body, answering with the handler's status and a JSON body", async () => {
    const res = await echo(post(JSON.stringify({ name: "ab", nested: { amount: "12" } })), ctx());
    assert.equal(res.status, 201);
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
    assert.deepEqual(await res.json(), { name: "ab", nested: { amount: "12" } });
  });

  it("C28: malformed JSON is a 400 in the spec's body", async () => {
    const res = await echo(post("{not json"), ctx());
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), { code: 400, status: "Bad Request", message: "Request body is not valid JSON" });
  });

  it("C28: a wrong content type is a 400", async () => {
    const res = await echo(post("name=ab", "application/x-www-form-urlencoded"), ctx());
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      code: 400,
      status: "Bad Request",
      message: "Content-Type must be application/json",
    });
  });

  it("reports every field problem keyed by dotted path", async () => {
    const res = await echo(post(JSON.stringify({ name: "a", nested: { amount: "1.5" } })), ctx());
    assert.equal(res.status, 400);
    const body = (await res.json()) as { message: string; errors: Record<string, string> };
    assert.equal(body.message, "Validation errors");
    assert.deepEqual(Object.keys(body.errors).sort(), ["name", "nested.amount"]);
  });

  it("refuses a body over the limit with 413 before reading it all", async () => {
    let pulled = 0;
    const chunk = new Uint8Array(64 * 1024).fill(32);
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1;
        controller.enqueue(chunk);
      },
    });
    const req = new Request("http://test/api/things", {
      method: "POST",
      body: endless,
      headers: { "content-type": "application/json" },
      duplex: "half",
    } as RequestInit);
    const res = await echo(req, ctx());
    assert.equal(res.status, 413);
    assert.equal(((await res.json()) as { code: number }).code, 413);
    assert.ok(pulled < 40, `stopped reading after ${pulled} chunks`);
  });

  it("maps AppError codes through the one status table, with extra headers", async () => {
    const limited = withPublic({}, () => {
      throw new AppError("TOO_MANY_REQUESTS", "Slow down", undefined, { "retry-after": "30" });
    });
    const res = await limited(new Request("http://test/api/x"), ctx());
    assert.equal(res.status, 429);
    assert.equal(res.headers.get("retry-after"), "30");
    assert.deepEqual(await res.json(), { code: 429, status: "Too Many Requests", message: "Slow down" });
  });

  it("turns an unexpected error into a 500 that names the request id and hides the details", async () => {
    const broken = withPublic({}, () => Promise.reject(new Error("database password is hunter2")));
    const res = await broken(new Request("http://test/api/x", { headers: { "x-request-id": "req-12345678" } }), ctx());
    assert.equal(res.status, 500);
    assert.equal(res.headers.get("x-request-id"), "req-12345678");
    const text = await res.text();
    assert.doesNotMatch(text, /hunter2/);
    assert.deepEqual(JSON.parse(text), {
      code: 500,
      status: "Internal Server Error",
      message: "Internal error; quote request id req-12345678 when reporting it",
    });
  });

  it("validates path parameters and query strings, repeated keys becoming arrays", async () => {
    const show = withPublic(
      { params: z.object({ id: z.string().uuid() }), query: z.object({ currency: z.array(z.string()) }) },
      ({ params, query }) => Promise.resolve({ id: params.id, currency: query.currency }),
    );
    const id = "4f079ef8-6d26-11eb-9bc8-acde48001122";
    const ok = await show(new Request("http://test/api/x?currency=eur&currency=gbp"), ctx({ id }));
    assert.deepEqual(await ok.json(), { id, currency: ["eur", "gbp"] });
    const bad = await show(new Request("http://test/api/x?currency=eur&currency=gbp"), ctx({ id: "nope" }));
    assert.equal(bad.status, 400);
    assert.deepEqual(((await bad.json()) as { errors: object }).errors, { id: "Invalid UUID" });
  });
});
