import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "../fixtures/contract-test.ts";
import { V2 } from "../fixtures/api.ts";
import { linkedCustomer, siweTokens } from "../fixtures/customer.ts";
import { freePort } from "../fixtures/free-port.ts";
import { operatorSession } from "../fixtures/operator.ts";
import { scratchDatabase } from "../fixtures/scratch-database.ts";
import { startDemoInstance, stopServer, type DemoInstance } from "../fixtures/spawn-server.ts";
import type { Generated } from "../fuzz/generate-requests.ts";
import type { CallerKind } from "../../server/http/handler.ts";

const PER_OPERATION_AND_CALLER = 16;
const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

/** The generator, run as its own process (see e2e/fuzz/generate-requests.ts). */
function generateRequests(count: number, real: Record<string, string>) {
  const output = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "tokenrail-fuzz-")), "requests.json");
  execFileSync(
    process.execPath,
    ["--import", "tsx", "e2e/fuzz/generate-requests.ts", String(seed), String(count), JSON.stringify(real), output],
    { stdio: "inherit", env: { ...process.env, LOG_LEVEL: "silent" } },
  );
  const result = JSON.parse(fs.readFileSync(output, "utf8")) as {
    operations: {
      method: string;
      pattern: string;
      caller: CallerKind;
      generated: Generated[];
      hostileFields: Generated[];
    }[];
    unknownPaths: Generated[];
  };
  fs.rmSync(path.dirname(output), { recursive: true, force: true });
  return result;
}

/**
 * C44: requests generated from the schemas every API route parses with (the descriptions its caller wrapper
 * attaches), sent over HTTP to an instance of its own, as nobody, as a stranger with a made-up token, as the
 * application (client credentials), as a customer (authorization code) and as the operator; and C40/C42, the hostile
 * class (NUL, unpaired surrogates, bidi overrides, emoji, control characters, over-long text) in every string field
 * of every route, one at a time in an otherwise plausible request, as the callers the route serves. Whatever comes back:
 * never a 5xx, and every 4xx carries the spec's error body. The seed is printed; `FUZZ_SEED=n` replays a run.
 */

type Outcome = { status: number; request: string; body: string };

function badOutcome(outcome: Outcome): string | undefined {
  if (outcome.status >= 500) return "5xx";
  if (outcome.status < 400) return undefined;
  try {
    const body = JSON.parse(outcome.body) as Record<string, unknown>;
    if (body.code !== outcome.status) return "code differs from the status";
    if (typeof body.status !== "string" || typeof body.message !== "string") return "no status or message";
    if (body.errors !== undefined) {
      const errors = body.errors as Record<string, unknown>;
      if (typeof errors !== "object" || Object.values(errors).some((v) => typeof v !== "string")) return "bad errors";
    }
  } catch {
    return "not the JSON error body";
  }
  return undefined;
}

test.describe.configure({ mode: "serial" });

test("C44 C40 C42: thousands of generated bad requests over every API route and caller, the hostile class in every string field: no 5xx, every 4xx in the error body", async ({
  request,
}) => {
  test.setTimeout(600_000);
  const database = await scratchDatabase("tokenrail_e2e_fuzz");
  const instance: DemoInstance = await startDemoInstance(await freePort(), {
    ...database?.env,
    ...(database ? { TOKENRAIL_SECRET: randomBytes(32).toString("base64url") } : {}),
    TOKENRAIL_TEST_CLOCK: "true",
    TOKENRAIL_SANDBOX_AUTO_APPROVE: "off",
    TOKENRAIL_SANDBOX_AUTO_PROCESS: "off",
    LOG_LEVEL: "error",
  });
  try {
    // Real callers on that instance, and real ids to put in paths beside made-up ones.
    const customer = await linkedCustomer(request, { target: instance });
    const personToken = (await siweTokens(request, customer.account, instance)).access_token;
    const operator = await operatorSession({ appUrl: instance.appUrl, operatorPassword: instance.operatorPassword });
    const cookie = (await operator.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const real = {
      profile: customer.profile,
      address: customer.account.address,
      chain: "sepolia",
      client: instance.demo.clientId,
      uuid: "6f1a3f0e-8c5e-4c1a-9d7e-2b4a1c3d5e99",
    };
    const callers: Record<string, Record<string, string>> = {
      nobody: { accept: V2 },
      stranger: { accept: V2, authorization: `Bearer ${randomBytes(32).toString("base64url")}` },
      application: { ...customer.partner },
      customer: { accept: V2, authorization: `Bearer ${personToken}` },
      operator: { accept: V2, cookie, origin: instance.appUrl },
    };

    const { operations: ops, unknownPaths } = generateRequests(PER_OPERATION_AND_CALLER * 5, real);
    const jobs: { method: string; headers: Record<string, string>; generated: Generated }[] = [];
    ops.forEach(({ method, generated }) => {
      Object.values(callers).forEach((headers, c) => {
        for (const one of generated.slice(c * PER_OPERATION_AND_CALLER, (c + 1) * PER_OPERATION_AND_CALLER)) {
          jobs.push({ method, headers, generated: one });
        }
      });
    });
    // The hostile class in each string field of each route, as the callers the route serves (so it gets past the
    // authentication to the fields), and as the application.
    const servedBy: Record<CallerKind, (keyof typeof callers)[]> = {
      public: ["nobody"],
      "oauth-client": ["nobody"],
      bearer: ["application", "customer"],
      application: ["application"],
      "sandbox-bearer": ["application", "customer"],
      operator: ["operator"],
    };
    let hostileFieldRequests = 0;
    for (const { method, caller, hostileFields } of ops) {
      for (const name of servedBy[caller]) {
        for (const generated of hostileFields) jobs.push({ method, headers: callers[name]!, generated });
        hostileFieldRequests += hostileFields.length;
      }
    }
    // And paths no route serves, with hostile segments.
    for (const generated of unknownPaths) jobs.push({ method: "GET", headers: callers.application!, generated });

    const outcomes: Outcome[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      while (next < jobs.length) {
        const { method, headers, generated } = jobs[next++]!;
        const url = `${instance.baseUrl}${generated.path}${generated.query}`;
        const request = `${method} ${url.slice(0, 300)} ${(generated.body ?? "").slice(0, 300)}`;
        let res: Response;
        try {
          res = await fetch(url, {
            method,
            headers: generated.contentType ? { ...headers, "content-type": generated.contentType } : headers,
            body: generated.body,
            redirect: "manual",
          });
        } catch (error) {
          // No answer at all (the connection closed, the server gone): a finding like a 5xx, with the server's last
          // words, and the run goes on.
          const cause = error instanceof Error ? `${error.message} (${String(error.cause)})` : String(error);
          const said = instance.server.output().slice(-1_000);
          outcomes.push({ status: 599, request, body: `no answer: ${cause}; server output: ${said}` });
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
          continue;
        }
        const body = await res.text();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        const outcome = { status: res.status, request, body };
        if (badOutcome(outcome)) outcomes.push(outcome);
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));

    const summary = [...statuses.entries()]
      .sort(([a], [b]) => a - b)
      .map(([s, n]) => `${s}×${n}`)
      .join(" ");
    console.log(
      `C44 fuzz: seed ${seed}, ${jobs.length} requests over ${ops.length} operations ` +
        `(${hostileFieldRequests} with one hostile field): ${summary}`,
    );
    expect(jobs.length).toBeGreaterThanOrEqual(5_000);
    expect(
      outcomes.slice(0, 10).map((o) => `${badOutcome(o)}: ${o.status} ← ${o.request} → ${o.body.slice(0, 300)}`),
      `seed ${seed}`,
    ).toEqual([]);
  } finally {
    await stopServer(instance.server);
    await database?.drop();
  }
});
