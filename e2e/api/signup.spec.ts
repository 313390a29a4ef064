import { randomUUID } from "node:crypto";
import { expect, test } from "../fixtures/contract-test.ts";
import { api, clientCredentialsToken, jsonOf, V2 } from "../fixtures/api.ts";
import { uniqueEmail } from "../fixtures/callback.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

test.describe("POST /auth/signup (extra privileges)", () => {
  test("creates a person and profile the application may act on at once; a second time is 304", async ({ request }) => {
    const headers = { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
    const email = uniqueEmail("signup");
    const res = await request.post(api("/auth/signup"), { headers, data: { email } });
    expect(res.status()).toBe(201);
    const body = (await jsonOf(res)) as { email: string; profile: string };
    expect(body).toEqual({ email, profile: expect.stringMatching(UUID) as unknown });

    const context = (await (await request.get(api("/auth/context"), { headers })).json()) as {
      profiles: { id: string; kind: string; state: string }[];
    };
    expect(context.profiles).toContainEqual(
      expect.objectContaining({ id: body.profile, kind: "personal", state: "created" }),
    );

    const again = await request.post(api("/auth/signup"), { headers, data: { email: email.toUpperCase() } });
    expect(again.status()).toBe(304);
  });

  test("refuses a malformed email with the field named, and callers without a token", async ({ request }) => {
    const headers = { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
    const bad = await request.post(api("/auth/signup"), { headers, data: { email: "not-an-email" } });
    expect(bad.status()).toBe(400);
    expect(await jsonOf(bad)).toEqual({
      code: 400,
      status: "Bad Request",
      message: "Validation errors",
      errors: { email: "Enter a valid email address" },
    });
    const anonymous = await request.post(api("/auth/signup"), { data: { email: uniqueEmail("anon") } });
    expect(anonymous.status()).toBe(401);
  });
});

test.describe("POST /profiles (extra privileges)", () => {
  test("creates a profile with or without a chosen id; an existing id is 409", async ({ request }) => {
    const headers = { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
    const plain = await request.post(api("/profiles"), { headers, data: { kind: "corporate" } });
    expect(plain.status()).toBe(201);
    expect(await jsonOf(plain)).toEqual({
      id: expect.stringMatching(UUID) as unknown,
      kind: "corporate",
      name: "",
      state: "created",
      details: { state: "incomplete" },
      form: { state: "incomplete" },
      verifications: [{ kind: "beneficialOwnership", state: "incomplete" }],
    });
    const id = randomUUID();
    const chosen = await request.post(api("/profiles"), { headers, data: { kind: "personal", id } });
    expect(chosen.status()).toBe(201);
    expect(((await chosen.json()) as { id: string }).id).toBe(id);
    const again = await request.post(api("/profiles"), { headers, data: { kind: "personal", id } });
    expect(again.status()).toBe(409);
    expect(await jsonOf(again)).toEqual({ code: 409, status: "Conflict", message: "Profile already exists" });
  });

  test("issue 15: a chosen id must be a version-4 UUID (as the real service's schema says); anything else is a 400 naming the field", async ({
    request,
  }) => {
    const headers = { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
    const hex = randomUUID().replaceAll("-", "");
    const uuid = (version: string, variant: string) =>
      `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${version}${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20)}`;
    for (const id of [
      "00000000-0000-0000-0000-000000000000",
      "ffffffff-ffff-ffff-ffff-ffffffffffff",
      uuid("1", "8"),
      uuid("7", "b"),
      uuid("4", "c"),
      uuid("4", "7"),
      hex,
    ]) {
      const res = await request.post(api("/profiles"), { headers, data: { kind: "personal", id } });
      expect(res.status(), id).toBe(400);
      expect(await jsonOf(res), id).toEqual({
        code: 400,
        status: "Bad Request",
        message: "Validation errors",
        errors: { id: "must be a version-4 UUID" },
      });
    }
    const id = uuid("4", "a").toUpperCase();
    const chosen = await request.post(api("/profiles"), { headers, data: { kind: "personal", id } });
    expect(chosen.status()).toBe(201);
    expect(((await chosen.json()) as { id: string }).id).toBe(id.toLowerCase());
  });

  test("refuses an unknown kind", async ({ request }) => {
    const headers = { authorization: `Bearer ${await clientCredentialsToken(request)}`, accept: V2 };
    const res = await request.post(api("/profiles"), { headers, data: { kind: "robot" } });
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { errors: Record<string, string> }).errors).toHaveProperty("kind");
  });
});
