import { createPublicKey, randomInt, verify } from "node:crypto";
import { expect, test } from "../fixtures/contract-test.ts";
import { api, jsonOf, server } from "../fixtures/api.ts";
import { camt053Of } from "../fixtures/bank.ts";
import { operatorSession } from "../fixtures/operator.ts";

type Jwks = { keys: { kty: string; crv: string; x: string; kid: string; alg: string }[] };
type Reserves = {
  reserves: {
    issuer: string;
    days: { date: string; currency: string; safeguarded: string | null }[];
    next: string | null;
  };
  jws: string;
};

/** What any reader does with the published key, with nothing of Tokenrail's code: RFC 7515 compact, EdDSA. */
function verified(jws: string, jwks: Jwks): unknown {
  const [header, payload, signature] = jws.split(".") as [string, string, string];
  const { alg, kid } = JSON.parse(Buffer.from(header, "base64url").toString()) as { alg: string; kid: string };
  const jwk = jwks.keys.find((k) => k.kid === kid);
  if (alg !== "EdDSA" || !jwk) return undefined;
  const key = createPublicKey({ key: { kty: "OKP", crv: "Ed25519", x: jwk.x }, format: "jwk" });
  const ok = verify(null, Buffer.from(`${header}.${payload}`), key, Buffer.from(signature, "base64url"));
  return ok ? (JSON.parse(Buffer.from(payload, "base64url").toString()) as unknown) : undefined;
}

test.describe("proof of reserves (C69)", () => {
  test("C69 GET /reserves shows a day's safeguarded balance, signed: it verifies against GET /reserves/jwks, a tampered one does not", async ({
    request,
  }) => {
    // A statement day of its own, far back, so no other test's statement shares it.
    const date = `2019-${String(randomInt(1, 13)).padStart(2, "0")}-${String(randomInt(1, 29)).padStart(2, "0")}`;
    const operator = await operatorSession();
    const upload = await operator.post("/api/admin/bank/files?name=reserves-statement.xml", {
      headers: { "content-type": "application/xml" },
      data: Buffer.from(camt053Of({ date, openingMinor: 0n, closingMinor: 500_00n })),
    });
    expect(upload.status(), await upload.text()).toBe(201);
    const next = new Date(Date.parse(date) + 86_400_000).toISOString().slice(0, 10);

    // No token: public.
    const res = await request.get(api(`/reserves?before=${next}&limit=1`));
    expect(res.status()).toBe(200);
    const body = (await jsonOf(res)) as Reserves;
    expect(body.reserves.issuer).toBe(server.baseUrl);
    expect(body.reserves.days).toEqual([
      { date, currency: "eur", chains: [], outstanding: "0.00", safeguarded: "500.00", difference: "500.00" },
    ]);

    const jwksRes = await request.get(api("/reserves/jwks"));
    expect(jwksRes.status()).toBe(200);
    const jwks = (await jsonOf(jwksRes)) as Jwks;
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: "OKP", crv: "Ed25519", alg: "EdDSA" });
    expect(verified(body.jws, jwks)).toEqual(body.reserves);

    // One figure changed in the signed payload: the signature no longer holds.
    const [header, payload, signature] = body.jws.split(".") as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, "base64url").toString()) as Reserves["reserves"];
    claims.days[0]!.safeguarded = "5000.00";
    const forged = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    expect(verified(forged, jwks)).toBeUndefined();

    // The public page shows the same day, without signing in.
    const page = await request.get(`${server.appUrl}/reserves?before=${next}`);
    expect(page.status()).toBe(200);
    const html = await page.text();
    expect(html).toContain("Proof of reserves");
    expect(html).toContain(`data-day="${date}/eur"`);
    await operator.dispose();
  });

  test("C69 GET /reserves refuses a query it cannot read with the spec's error body", async ({ request }) => {
    const res = await request.get(api("/reserves?before=yesterday&limit=0"));
    expect(res.status()).toBe(400);
    const body = (await jsonOf(res)) as { code: number; errors: Record<string, string> };
    expect(body.code).toBe(400);
    expect(Object.keys(body.errors).sort()).toEqual(["before", "limit"]);
  });
});
