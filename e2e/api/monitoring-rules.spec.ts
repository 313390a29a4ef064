import { expect, test, type APIRequestContext } from "../fixtures/contract-test.ts";
import { jsonOf, server } from "../fixtures/api.ts";
import { roleOperatorSession } from "../fixtures/operator.ts";

// C67: the compliance operator reads the monitoring rules, dry-runs a change over the last 90 days and applies it
// only with that dry run; refusals name the field.

type Rule = { key: string; enabled: boolean; parameters: Record<string, unknown> };
type DryRun = { dryRunId: string; current: { count: number }; proposed: { count: number; parameters: unknown } };

let compliance: APIRequestContext;
test.beforeAll(async () => {
  compliance = await roleOperatorSession("compliance");
});
test.afterAll(async () => {
  await compliance.dispose();
});

const write = (path: string, method: "post" | "put", data: unknown) =>
  compliance[method](path, { headers: { origin: server.appUrl }, data });
const RULES = "/api/admin/monitoring/rules";

async function rule(key: string): Promise<Rule> {
  const res = await compliance.get(RULES);
  expect(res.status()).toBe(200);
  const { rules } = (await jsonOf(res)) as { rules: Rule[] };
  expect(rules.map((r) => r.key)).toEqual([
    "large-amount",
    "period-total",
    "structuring",
    "pass-through",
    "new-profile-volume",
    "high-risk-country",
  ]);
  return rules.find((r) => r.key === key)!;
}

async function dryRun(key: string, parameters: unknown): Promise<DryRun> {
  const res = await write(`${RULES}/${key}/dry-run`, "post", { parameters });
  expect(res.status(), await res.text()).toBe(200);
  return (await jsonOf(res)) as DryRun;
}

test("C67 a rule changes through its dry run only, and back", async () => {
  const before = await rule("period-total");
  const proposal = { threshold: "14000", windowDays: 20 };
  const run = await dryRun("period-total", proposal);
  expect(run.proposed.parameters).toEqual({ threshold: "14000.00", windowDays: 20 });
  expect(run.current.count).toBeGreaterThanOrEqual(0);

  const missing = await write(`${RULES}/period-total`, "put", { parameters: proposal });
  expect(missing.status()).toBe(400);
  expect(((await jsonOf(missing)) as { errors: Record<string, string> }).errors).toHaveProperty("dryRunId");
  const other = await write(`${RULES}/period-total`, "put", {
    parameters: { threshold: "13000.00", windowDays: 20 },
    dryRunId: run.dryRunId,
  });
  expect(other.status()).toBe(409);
  expect((await rule("period-total")).parameters).toEqual(before.parameters);

  const changed = await write(`${RULES}/period-total`, "put", { parameters: proposal, dryRunId: run.dryRunId });
  expect(changed.status(), await changed.text()).toBe(200);
  expect((await rule("period-total")).parameters).toEqual({ threshold: "14000.00", windowDays: 20 });
  expect((await write(`${RULES}/period-total`, "put", { parameters: proposal, dryRunId: run.dryRunId })).status()).toBe(
    409,
  );

  const back = await dryRun("period-total", before.parameters);
  const restored = await write(`${RULES}/period-total`, "put", {
    parameters: before.parameters,
    dryRunId: back.dryRunId,
  });
  expect(restored.status()).toBe(200);
  expect((await rule("period-total")).parameters).toEqual(before.parameters);
});

test("C67 bad parameters and unknown rules are refused with the field named, never a 500", async () => {
  const cases: [string, unknown, number, string | null][] = [
    ["large-amount", { parameters: { threshold: "10,000" } }, 400, "parameters.threshold"],
    ["large-amount", { parameters: { threshold: 10000.5 } }, 400, "parameters.threshold"],
    ["period-total", { parameters: { threshold: "1.00", windowDays: 0 } }, 400, "parameters.windowDays"],
    ["large-amount", { parameters: "high" }, 400, "parameters"],
    ["large-amount", { parameters: { threshold: "1.00" }, days: 1000 }, 400, "days"],
    ["large-amount", { parameters: { threshold: "1.00" }, extra: true }, 400, null],
    ["velocity", { parameters: {} }, 404, null],
    ["x".repeat(500), { parameters: {} }, 400, "key"],
  ];
  for (const [key, body, status, field] of cases) {
    const res = await write(`${RULES}/${key}/dry-run`, "post", body);
    const text = await res.text();
    expect(res.status(), `${key} ${JSON.stringify(body)}: ${text}`).toBe(status);
    if (field) expect((JSON.parse(text) as { errors: Record<string, string> }).errors).toHaveProperty([field]);
  }
});
