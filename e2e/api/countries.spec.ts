import { randomUUID } from "node:crypto";
import { Ajv2020 } from "ajv/dist/2020.js";
import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { api, jsonOf, server } from "../fixtures/api.ts";
import { operatorSession, roleOperatorSession } from "../fixtures/operator.ts";

type Country = { name: string; code: string; nationality: string; residency: string };
type CountryList = { countries: Country[]; total: number };

/*
 * `GET /countries` as the reference OpenAPI (openapi-current.yml, `get-countries`) declares its 200 body, copied
 * here: every answer is also checked against the instance's own document by the contract fixture, and this keeps
 * that document's shape honest to the reference's.
 */
const TIERS = ["low", "medium", "high", "restricted", "prohibited"];
const REFERENCE_SCHEMA = {
  type: "object",
  properties: {
    countries: {
      type: "array",
      items: {
        type: "object",
        required: ["name", "code", "nationality", "residency"],
        properties: {
          name: { type: "string" },
          code: { type: "string" },
          nationality: { type: "string", enum: TIERS },
          residency: { type: "string", enum: TIERS },
        },
      },
    },
    total: { type: "integer" },
  },
};
const matchesReference = new Ajv2020({ strict: false, allErrors: true }).compile(REFERENCE_SCHEMA);

async function countries(request: APIRequestContext): Promise<CountryList> {
  const res = await request.get(api("/countries"));
  expect(res.status(), await res.text()).toBe(200);
  return (await jsonOf(res)) as CountryList;
}

// A country no other test's customer uses, set back to its default after the test.
const CODE = "AQ";
const restore = { nationality: "low", residency: "low", reason: "Back to the default after the countries test" };

let admin: APIRequestContext;
test.beforeAll(async () => {
  admin = await operatorSession();
});
test.afterAll(async () => {
  await admin.patch(api(`/admin/countries/${CODE}`), { data: restore });
  await admin.dispose();
});

test.describe("GET /countries", () => {
  test("countries: every country with its tiers, in the reference's shape, and total counts them — without a token", async ({
    request,
  }) => {
    for (const authorization of [undefined, "", "Bearer not-a-token"]) {
      const res = await request.get(
        api("/countries"),
        authorization === undefined ? {} : { headers: { authorization } },
      );
      expect(res.status()).toBe(200);
      const body = (await jsonOf(res)) as CountryList;
      expect(matchesReference(body), JSON.stringify(matchesReference.errors)).toBe(true);
      expect(Object.keys(body).sort()).toEqual(["countries", "total"]);
      expect(body.total).toBe(body.countries.length);
      expect(body.total).toBe(250);
      expect(new Set(body.countries.map((c) => c.code)).size).toBe(body.total);
      for (const country of body.countries) expect(country.code).toMatch(/^[A-Z]{2}$/);
      expect(body.countries.find((c) => c.code === "FR")).toEqual({
        name: "France",
        code: "FR",
        nationality: "low",
        residency: "low",
      });
      expect(body.countries.find((c) => c.code === "KP")).toMatchObject({
        nationality: "prohibited",
        residency: "prohibited",
      });
    }
  });
});

test.describe("PATCH /admin/countries/{code}", () => {
  test("countries: an admin changes a tier with a reason; GET /countries shows it at once and the audit log records it", async ({
    request,
  }) => {
    const requestId = `countries-${randomUUID()}`;
    const res = await admin.patch(api(`/admin/countries/${CODE.toLowerCase()}`), {
      headers: { origin: server.appUrl, "x-request-id": requestId },
      data: { residency: "high", reason: "Internal assessment: research stations only" },
    });
    expect(res.status(), await res.text()).toBe(200);
    expect(await jsonOf(res)).toEqual({ name: "Antarctica", code: CODE, nationality: "low", residency: "high" });
    const listed = (await countries(request)).countries.find((c) => c.code === CODE);
    expect(listed).toEqual({ name: "Antarctica", code: CODE, nationality: "low", residency: "high" });

    const audit = await admin.get(api("/admin/audit?action=country.risk&limit=100"));
    expect(audit.status()).toBe(200);
    const { entries } = (await jsonOf(audit)) as {
      entries: {
        action: string;
        subject: { type: string };
        before: unknown;
        after: unknown;
        reason: string;
        requestId: string;
      }[];
    };
    const entry = entries.find((e) => e.requestId === requestId);
    expect(entry).toMatchObject({
      action: "country.risk",
      subject: { type: "country" },
      before: { code: CODE, nationality: "low", residency: "low" },
      after: { code: CODE, nationality: "low", residency: "high" },
      reason: "Internal assessment: research stations only",
    });
  });

  test("countries: a change needs a known country, a known tier and a reason (400 or 404 in the error body)", async () => {
    const cases: [string, unknown, number, string | undefined][] = [
      ["ZZ", { residency: "high", reason: "r" }, 404, undefined],
      [CODE, { residency: "extreme", reason: "r" }, 400, "residency"],
      [CODE, { residency: "high" }, 400, "reason"],
      [CODE, { reason: "nothing to change" }, 400, "nationality"],
      [CODE, { residency: "high", reason: "x".repeat(501) }, 400, "reason"],
    ];
    for (const [code, data, status, field] of cases) {
      const res = await admin.patch(api(`/admin/countries/${code}`), { data });
      expect(res.status(), JSON.stringify(data)).toBe(status);
      const body = (await jsonOf(res)) as { code: number; errors?: Record<string, string> };
      expect(body.code).toBe(status);
      if (field) expect(Object.keys(body.errors ?? {})).toContain(field);
    }
  });

  test("countries: no session, a non-admin operator and a customer's token are refused, and nothing changes", async ({
    request,
  }) => {
    const before = (await countries(request)).countries.find((c) => c.code === "NZ");
    const change = { data: { nationality: "prohibited", reason: "not allowed" } };
    const anonymous = await request.patch(api("/admin/countries/NZ"), {
      headers: { origin: server.appUrl },
      ...change,
    });
    expect(anonymous.status()).toBe(404);
    const bearer = await request.patch(api("/admin/countries/NZ"), {
      headers: { origin: server.appUrl, authorization: "Bearer not-a-token" },
      ...change,
    });
    expect(bearer.status()).toBe(404);
    for (const role of ["reviewer", "treasurer"] as const) {
      const operator = await roleOperatorSession(role);
      try {
        const res = await operator.patch(api("/admin/countries/NZ"), change);
        expect(res.status(), role).toBe(404);
      } finally {
        await operator.dispose();
      }
    }
    // An admin's change sent from another site is refused too.
    const foreign = await admin.patch(api("/admin/countries/NZ"), {
      headers: { origin: "https://attacker.example" },
      ...change,
    });
    expect(foreign.status()).toBe(403);
    expect((await countries(request)).countries.find((c) => c.code === "NZ")).toEqual(before);
  });
});
