import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { describe, it } from "node:test";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { grantOperator } from "../operators/grant-operator.ts";
import { isCountryCode } from "../profiles/kyc-fields.ts";
import { setUpTestInstance } from "../testing/embedded-instance.ts";
import { mulberry32 } from "../testing/seeded-random.ts";
import { validate } from "../validate.ts";
import { COUNTRY_RISK_TIERS, setCountryRiskSchema, type CountryRiskTier } from "./countries.schemas.ts";
import { countryRisk, countryTiers, isHighRisk, isHighRiskTier } from "./country-risk.ts";
import { listCountries } from "./list-countries.ts";
import { setCountryRisk } from "./set-country-risk.ts";
import { openAuditEntry } from "../audit/audit-text.ts";

await setUpTestInstance("countries");

const SEED = Number(process.env.TOKENRAIL_TEST_SEED ?? 32_067);

async function admin(): Promise<{ userId: string }> {
  const prisma = await db();
  const user = await prisma.user.create({ data: { email: `admin-${randomUUID()}@tokenrail.test` } });
  await prisma.$transaction((tx) => grantOperator(tx, { userId: user.id, roles: ["admin"] }));
  return { userId: user.id };
}

async function auditOf(code: string) {
  const prisma = await db();
  const { id } = await prisma.country.findUniqueOrThrow({ where: { code } });
  const rows = await prisma.auditEntry.findMany({
    where: { subjectType: "country", subjectId: id },
    orderBy: { seq: "asc" },
  });
  return rows.map(openAuditEntry);
}

describe("countries", () => {
  it("countries the seed holds exactly the codes the KYC questionnaire accepts, each once with an English name", async () => {
    const { countries, total } = await listCountries();
    assert.equal(total, countries.length);
    const accepted: string[] = [];
    for (let a = 65; a <= 90; a++) {
      for (let b = 65; b <= 90; b++) {
        const code = String.fromCharCode(a, b);
        if (isCountryCode(code)) accepted.push(code);
      }
    }
    assert.deepEqual(countries.map((c) => c.code).sort(), accepted);
    assert.equal(total, 250, "the 249 ISO 3166-1 countries and Kosovo (XK)");
    for (const country of countries) {
      assert.match(country.name, /^\S.*\S$/, country.code);
      assert.doesNotMatch(country.name, /&|\bSt\. /, country.code);
    }
    // Listed by name, as a person looks for one.
    const names = countries.map((c) => c.name);
    assert.deepEqual(names, [...names].sort(new Intl.Collator("en", { sensitivity: "base" }).compare));
    assert.deepEqual(names.slice(0, 3), ["Afghanistan", "Åland Islands", "Albania"]);
    assert.deepEqual(await countryRisk("fr"), { name: "France", code: "FR", nationality: "low", residency: "low" });
  });

  it("C67 the default tiers follow the documented sources: FATF's call for action, the sanctions on Russia and Belarus, FATF's and the EU's high-risk lists, the EU tax list", async () => {
    const expect: [string, CountryRiskTier, CountryRiskTier][] = [
      ["KP", "prohibited", "prohibited"],
      ["IR", "prohibited", "prohibited"],
      ["MM", "restricted", "restricted"],
      ["RU", "restricted", "prohibited"],
      ["BY", "restricted", "prohibited"],
      ["SY", "high", "high"], // FATF grey list and EU list
      ["BA", "high", "high"], // FATF grey list, June 2026
      ["ZA", "high", "high"], // EU high-risk third country
      ["PA", "medium", "medium"], // EU tax list, Annex I
      ["DE", "low", "low"],
      ["XK", "low", "low"],
    ];
    for (const [code, nationality, residency] of expect) {
      const country = await countryRisk(code);
      assert.deepEqual([country?.nationality, country?.residency], [nationality, residency], code);
    }
    const tiers = [...(await countryTiers()).values()];
    assert.equal(tiers.filter((t) => isHighRiskTier(t.residency)).length, 38);
  });

  it("C67 high, restricted and prohibited count as high risk, for nationality and residency apart; unknown codes do not", async () => {
    assert.deepEqual(
      COUNTRY_RISK_TIERS.map((tier) => isHighRiskTier(tier)),
      [false, false, true, true, true],
    );
    assert.equal(await isHighRisk("IR", "nationality"), true);
    assert.equal(await isHighRisk("ru", "residency"), true);
    assert.equal(await isHighRisk("FR", "residency"), false);
    assert.equal(await isHighRisk("PA", "nationality"), false);
    for (const code of ["", "ZZ", "FRA", "E1", "💶"]) {
      assert.equal(await isHighRisk(code, "nationality"), false, code);
      assert.equal(await countryRisk(code), null, code);
    }
  });

  it("C67 an admin's change applies at the next read, for the kind changed only, and is audited with before, after and reason", async () => {
    const actor = await admin();
    const changed = await setCountryRisk({
      code: "nz",
      change: validate(setCountryRiskSchema, { residency: "high", reason: "Internal risk assessment 2026-11" }),
      actor,
    });
    assert.deepEqual(changed, { name: "New Zealand", code: "NZ", nationality: "low", residency: "high" });
    assert.equal(await isHighRisk("NZ", "residency"), true);
    assert.equal(await isHighRisk("NZ", "nationality"), false);
    const listed = (await listCountries()).countries.find((c) => c.code === "NZ");
    assert.equal(listed?.residency, "high");
    const [entry, ...more] = await auditOf("NZ");
    assert.equal(more.length, 0);
    assert.equal(entry?.action, "country.risk");
    assert.equal(entry?.actorUserId, actor.userId);
    assert.deepEqual(entry?.before, { code: "NZ", nationality: "low", residency: "low" });
    assert.deepEqual(entry?.after, { code: "NZ", nationality: "low", residency: "high" });
    assert.equal(entry?.reason, "Internal risk assessment 2026-11");
    // The same tiers again change nothing and record nothing.
    await setCountryRisk({ code: "NZ", change: { residency: "high", reason: "again" }, actor });
    assert.equal((await auditOf("NZ")).length, 1);
  });

  it("countries a change names a known country, at least one tier and a reason", async () => {
    const actor = await admin();
    for (const code of ["ZZ", "", "EUR", "x".repeat(100)]) {
      await assert.rejects(
        setCountryRisk({ code, change: { nationality: "high", reason: "r" }, actor }),
        (e: unknown) => e instanceof AppError && e.code === "NOT_FOUND",
        code,
      );
    }
    const fieldsOf = (input: unknown) => {
      try {
        validate(setCountryRiskSchema, input);
        return undefined;
      } catch (error) {
        return error instanceof AppError ? error.fields : error;
      }
    };
    assert.deepEqual(Object.keys(fieldsOf({ reason: "r" }) ?? {}), ["nationality"]);
    assert.deepEqual(Object.keys(fieldsOf({ nationality: "extreme", reason: "r" }) ?? {}), ["nationality"]);
    assert.deepEqual(Object.keys(fieldsOf({ residency: "low", reason: "  " }) ?? {}), ["reason"]);
    assert.deepEqual(Object.keys(fieldsOf({ residency: "low" }) ?? {}), ["reason"]);
  });

  it(`C67 randomized (seed ${SEED}): after any sequence of changes, every reader agrees with the last tiers set, and each effective change has one audit entry`, async () => {
    const random = mulberry32(SEED);
    const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
    const actor = await admin();
    const codes = ["AR", "BR", "CL", "PE", "UY"];
    const expected = new Map<string, { nationality: CountryRiskTier; residency: CountryRiskTier }>();
    for (const code of codes) {
      const c = (await countryRisk(code))!;
      expected.set(code, { nationality: c.nationality, residency: c.residency });
    }
    const effective = new Map(codes.map((code) => [code, 0]));
    for (let step = 0; step < 40; step++) {
      const code = pick(codes);
      const which = pick(["nationality", "residency", "both"] as const);
      const tier = pick(COUNTRY_RISK_TIERS);
      const change = {
        ...(which !== "residency" ? { nationality: tier } : {}),
        ...(which !== "nationality" ? { residency: pick(COUNTRY_RISK_TIERS) } : {}),
        reason: `step ${step}`,
      };
      const before = expected.get(code)!;
      const after = { ...before, ...change };
      delete (after as { reason?: string }).reason;
      if (after.nationality !== before.nationality || after.residency !== before.residency) {
        effective.set(code, effective.get(code)! + 1);
      }
      expected.set(code, { nationality: after.nationality, residency: after.residency });
      await setCountryRisk({ code: code.toLowerCase(), change, actor });
      const tiers = await countryTiers();
      const listed = (await listCountries()).countries;
      for (const c of codes) {
        const want = expected.get(c)!;
        assert.deepEqual(tiers.get(c), want, `${c} at step ${step}`);
        const row = listed.find((l) => l.code === c)!;
        assert.deepEqual({ nationality: row.nationality, residency: row.residency }, want);
        for (const kind of ["nationality", "residency"] as const) {
          assert.equal(await isHighRisk(c, kind), isHighRiskTier(want[kind]), `${c} ${kind} at step ${step}`);
        }
      }
    }
    for (const code of codes) assert.equal((await auditOf(code)).length, effective.get(code), code);
  });
});
