import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import {
  generateCamt054,
  syntheticCredits,
  type GeneratedCredit,
} from "../server/bank/iso20022/testing/generate-camt054.ts";
import { startApp, type AppServer } from "./app-server.ts";
import { cpuMs, processesNamed, processTree } from "./cpu.ts";
import { fundedCustomers, operatorCookie, type FundedCustomer } from "./customer.ts";
import { benchDatabase, connect, type BenchDatabase } from "./database.ts";
import { percentile } from "./load.ts";
import { serverDied, stopAll } from "./processes.ts";
import { int, printTable } from "./report.ts";
import { CONNECTIONS, machine, writeResult, type BenchContext } from "./settings.ts";
import { memoryLeg } from "./p8-memory.ts";

/**
 * Benchmark P8: money in through a bank file. In one run, on one `next start`:
 *
 * 1. Sandbox payments through the API, as an integrator makes them: `POST /sandbox/payments` one payment per request,
 *    `BENCH_CONNECTIONS` (10) in flight, for `BENCH_P8_SECONDS` (20); each answers once its issue order is minted.
 * 2. A camt.054 of `BENCH_P8_CREDITS` (10,000) credits to the same customers' IBANs, uploaded by the operator
 *    (`POST /admin/bank/files`) and imported end to end: the clock runs from the upload until every credit's order
 *    is processed, its ledger mint and its events written (the ledger's issuance in `/metrics` reaches the file's
 *    total and no mint is left in the chain queue).
 *
 * Ratio: credits per second of the file ÷ sandbox payments per second; target ≥ 3 (a bank file is one batch, and
 * should be treated as one). Where the file's time goes is printed by phase, with each process's CPU.
 *
 * 3. Memory (P8m, bench/p8-memory.ts): a camt.054 of about 50 MB (31,000 credits) imported as the server imports a
 *    large file, in the import process with its heap capped; that process's RSS high-water mark (the kernel's, not
 *    a sample): target < 300 MB, with its figures stage by stage. On PostgreSQL only.
 */

export const P8_TARGET = 3;
export const P8_MEMORY_TARGET_MB = 300;
const CREDITS = Number(process.env.BENCH_P8_CREDITS ?? 10_000);
const PAYMENT_SECONDS = Number(process.env.BENCH_P8_SECONDS ?? 20);
const CUSTOMERS = 10;
/** The sandbox bank's master account (server/bank/bank-settings.ts): statements of any other are refused. */
const SANDBOX_MASTER_IBAN = "DE02100100100006820101";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Payments = {
  count: number;
  seconds: number;
  rps: number;
  bad: number;
  firstBad?: string;
  p50Ms: number;
  p99Ms: number;
};

/** Sandbox payments for `seconds`, `CONNECTIONS` in flight, each to the next customer's IBAN. */
async function sandboxPayments(app: AppServer, customers: FundedCustomer[], seconds: number): Promise<Payments> {
  const partner = customers[0]!.partner;
  const headers = { ...partner, "content-type": "application/json" };
  const times: number[] = [];
  let bad = 0;
  let firstBad: string | undefined;
  let n = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const worker = async () => {
    while (performance.now() < deadline) {
      const customer = customers[n++ % customers.length]!;
      const sent = performance.now();
      const response = await fetch(`${app.api}/sandbox/payments`, {
        method: "POST",
        headers,
        body: JSON.stringify({ iban: customer.iban, amount: "0.01", memo: "Benchmark P8" }),
      });
      const text = await response.text();
      times.push(performance.now() - sent);
      const processed = response.status === 201 && (JSON.parse(text) as { state?: string }).state === "processed";
      if (!processed) {
        bad++;
        firstBad ??= `${response.status} ${text.slice(0, 300)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  const elapsed = (performance.now() - started) / 1000;
  times.sort((a, b) => a - b);
  const count = times.length - bad;
  return {
    count,
    seconds: elapsed,
    rps: count / elapsed,
    bad,
    firstBad,
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
  };
}

/**
 * POSTs a body and answers the status and text, with no time limit: fetch gives up on a response that takes more
 * than five minutes to start, and an import of thousands of credits on a busy machine can.
 */
function post(url: string, headers: Record<string, string>, body: Buffer): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", headers: { ...headers, "content-length": body.length } });
    request.on("response", (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, text }));
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end(body);
  });
}

/** One series of the Prometheus text (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    if (!line.startsWith(`${name}{`)) continue;
    const have = line.slice(name.length + 1, line.indexOf("}")).split(",");
    if (wanted.every((w) => have.includes(w))) return Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return 0;
}

async function ledgerState(app: AppServer): Promise<{ issuedMinor: number; queued: number }> {
  const text = await (await fetch(`${app.url}/metrics`)).text();
  const issuance = sample(text, "tokenrail_ledger_balance_minor", {
    chain: "sepolia",
    currency: "eur",
    kind: "issuance",
  });
  const open = ["queued", "signed", "sent"].reduce(
    (sum, state) => sum + sample(text, "tokenrail_chain_transactions", { state }),
    0,
  );
  return { issuedMinor: -issuance, queued: open };
}

type Phase = { name: string; seconds: number; cpu: Record<string, number> };

/** CPU of the server, the database (PostgreSQL's processes; the embedded one is inside the server) and this process. */
function meter(app: AppServer) {
  return () => ({
    server: cpuMs(processTree(app.child.pid)),
    PostgreSQL: cpuMs(processesNamed("postgres")),
    "bench (uploader, poller)": (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  });
}

/** The file of `CREDITS` credits to the customers in turn (distinct references and amounts of 0.01 to 100.00). */
function creditFile(customers: FundedCustomer[]): { bytes: Uint8Array; totalMinor: number; messageId: string } {
  const credits: GeneratedCredit[] = [];
  let totalMinor = 0;
  let i = 0;
  for (const synthetic of syntheticCredits(CREDITS)) {
    const cents = (i % 10_000) + 1;
    totalMinor += cents;
    credits.push({
      ...synthetic,
      amount: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`,
      accountServicerReference: `P8${randomBytes(4).toString("hex").toUpperCase()}${String(i).padStart(8, "0")}`,
      // The API shows IBANs in groups of four; a bank file carries them in electronic format.
      creditorIban: customers[i % customers.length]!.iban.replace(/\s+/g, ""),
    });
    i++;
  }
  const messageId = `P8-${randomBytes(8).toString("hex")}`;
  const bytes = generateCamt054({
    messageId,
    createdAt: new Date().toISOString().slice(0, 19),
    accountIban: SANDBOX_MASTER_IBAN,
    credits,
  });
  return { bytes, totalMinor, messageId };
}

/** The file uploaded and imported, then every order minted: phases with their time and CPU. */
async function importFile(app: AppServer, customers: FundedCustomer[]) {
  const { bytes, totalMinor, messageId } = creditFile(customers);
  const operator = await operatorCookie(app);
  const before = await ledgerState(app);
  const measure = meter(app);
  const phases: Phase[] = [];
  let mark = { at: performance.now(), cpu: measure() };
  const phase = (name: string) => {
    const now = { at: performance.now(), cpu: measure() };
    const cpu = Object.fromEntries(
      Object.entries(now.cpu).map(([k, v]) => [k, v - mark.cpu[k as keyof typeof mark.cpu]]),
    );
    phases.push({ name, seconds: (now.at - mark.at) / 1000, cpu });
    mark = now;
  };
  const started = performance.now();
  const startedAt = Date.now();
  const answer = await post(
    `${app.url}/api/admin/bank/files?name=p8.xml`,
    { cookie: operator, "content-type": "application/xml" },
    Buffer.from(bytes),
  );
  if (answer.status !== 201) throw new Error(`the upload answered ${answer.status}: ${answer.text.slice(0, 500)}`);
  const report = JSON.parse(answer.text) as { counts: Record<string, number> };
  if (report.counts.minted !== CREDITS) throw new Error(`the import minted ${JSON.stringify(report.counts)}`);
  phase("until the upload answered");
  for (;;) {
    const died = serverDied();
    if (died) throw new Error(`Aborted: ${died}`);
    const state = await ledgerState(app);
    if (state.issuedMinor - before.issuedMinor >= totalMinor && state.queued === 0) break;
    await sleep(250);
  }
  phase("after the answer, until the ledger showed the file's total");
  const seconds = (performance.now() - started) / 1000;
  const after = await ledgerState(app);
  return {
    messageId,
    startedAt,
    answeredAfter: phases[0]?.seconds ?? 0,
    seconds,
    creditsPerSecond: CREDITS / seconds,
    mintedMinor: after.issuedMinor - before.issuedMinor,
    totalMinor,
    phases,
    megabytes: bytes.byteLength / 1024 / 1024,
  };
}

/**
 * Where the file's time went, from the database once the server is stopped (PGlite allows one process): when the
 * import's transaction began (the file's row), and the first and last of its mints in the ledger, against the upload's
 * start and answer on this machine's clock.
 */
async function timeline(
  database: BenchDatabase,
  file: { messageId: string; startedAt: number; answeredAfter: number; seconds: number },
) {
  const connection = await connect(database);
  try {
    const result = (await connection.query(
      `SELECT f."createdAt" AS "began", MIN(t."createdAt") AS "first", MAX(t."createdAt") AS "last", COUNT(t.*)::int AS "mints"
       FROM "BankFile" f
       JOIN "BankEntry" e ON e."fileId" = f."id"
       JOIN "LedgerTransaction" t ON t."orderId" = e."orderId" AND t."kind" = 'mint'
       WHERE f."messageId" = $1 AND f."direction" = 'inbound'
       GROUP BY f."createdAt"`,
      [file.messageId],
    )) as { rows: { began: Date | string; first: Date | string; last: Date | string; mints: number }[] };
    const row = result.rows[0];
    if (!row) return [];
    const at = (value: Date | string) => (new Date(value).getTime() - file.startedAt) / 1000;
    const [began, first, last] = [at(row.began), at(row.first), at(row.last)];
    return [
      ["upload and every check, until the import's transaction began", began],
      ["the import's transaction (entries, orders, events, mints queued) until the first mint", first - began],
      [
        `${int(row.mints)} mints (chain queue, ledger, order.updated), first to last: ${(row.mints / Math.max(0.001, last - first)).toFixed(1)}/s`,
        last - first,
      ],
      ["after the last mint, until the ledger showed the file's total", file.seconds - last],
      [`(the upload answered after ${file.answeredAfter.toFixed(1)} s)`, NaN],
    ] as [string, number][];
  } finally {
    await connection.close();
  }
}

export async function runP8(context: BenchContext): Promise<void> {
  console.log(
    `\nP8: sandbox payments for ${PAYMENT_SECONDS}s (${CONNECTIONS} in flight), then a camt.054 of ${int(CREDITS)} credits; starting…`,
  );
  const database = await benchDatabase(path.join(context.temp, "p8-data"), "p8");
  if (database.kind === "postgres") context.atEnd(database.drop);
  const app = await startApp({ root: context.root, temp: context.temp, name: "p8", database });
  try {
    const customers = await fundedCustomers(app, { count: CUSTOMERS, euros: "1" });
    // Route modules load on first use and V8 optimises the hot paths: a few seconds, not counted.
    await sandboxPayments(app, customers, 3);
    const payments = await sandboxPayments(app, customers, PAYMENT_SECONDS);
    console.log(
      `  sandbox payments: ${payments.count} in ${payments.seconds.toFixed(1)}s, ${payments.rps.toFixed(1)}/s`,
    );
    if (payments.bad) console.log(`  (${payments.bad} payments not processed, first: ${payments.firstBad})`);
    const file = await importFile(app, customers);
    console.log(
      `  camt.054 of ${int(CREDITS)} credits: ${file.seconds.toFixed(1)}s, ${file.creditsPerSecond.toFixed(1)}/s`,
    );
    await stopAll();
    const steps = await timeline(database, file);

    const memory = await memoryLeg(context);
    const ratio = file.creditsPerSecond / payments.rps;
    const valid = payments.bad === 0 && file.mintedMinor === file.totalMinor;
    const pass = valid && ratio >= P8_TARGET;
    const memoryPass = memory.ran && memory.peakRssMb < P8_MEMORY_TARGET_MB;

    printTable(
      ["P8 money in", "count", "seconds", "per second", "p50 / p99 ms"],
      [
        [
          "sandbox payments (POST /sandbox/payments)",
          int(payments.count),
          payments.seconds.toFixed(1),
          payments.rps.toFixed(1),
          `${payments.p50Ms.toFixed(0)} / ${payments.p99Ms.toFixed(0)}`,
        ],
        [
          `camt.054 (${file.megabytes.toFixed(1)} MB) upload to last mint`,
          int(CREDITS),
          file.seconds.toFixed(1),
          file.creditsPerSecond.toFixed(1),
          "",
        ],
      ],
    );
    const components = Object.keys(file.phases[0]?.cpu ?? {});
    printTable(
      ["P8 where the file's time goes", "seconds", ...components.map((c) => `${c} CPU s`)],
      file.phases.map((p) => [
        p.name,
        p.seconds.toFixed(1),
        ...components.map((c) => ((p.cpu[c] ?? 0) / 1000).toFixed(1)),
      ]),
    );
    printTable(
      ["P8 the file's timeline (from the database)", "seconds"],
      steps.map(([step, seconds]) => [step, Number.isNaN(seconds) ? "" : seconds.toFixed(1)]),
    );
    if (memory.ran) {
      printTable(
        [`P8 memory: ${memory.megabytes.toFixed(1)} MB camt.054 in the import process`, "RSS MB", "heap MB", "peak MB"],
        memory.stages.map((s) => [s.stage, String(s.rssMb), String(s.heapMb), String(s.peakMb)]),
      );
    }
    console.log(
      `P8 credits/s ÷ sandbox payments/s: ${ratio.toFixed(2)} (target ≥ ${P8_TARGET})${valid ? "" : " (INVALID: payments not processed or mints missing)"} → ${pass ? "PASS" : "FAIL"}`,
    );
    console.log(
      memory.ran
        ? `P8 peak RSS of the 50 MB import: ${memory.peakRssMb} MB (target < ${P8_MEMORY_TARGET_MB} MB; the import process, heap capped at ${memory.heapMb} MB, ${memory.entries} entries in ${memory.seconds} s, on ${memory.database}) → ${memoryPass ? "PASS" : "FAIL"}`
        : `P8 peak RSS of the 50 MB import: not measured (${memory.why})`,
    );
    writeResult("p8", {
      machine: machine(context.loadBefore),
      database: database.label,
      settings: { credits: CREDITS, paymentSeconds: PAYMENT_SECONDS, connections: CONNECTIONS, customers: CUSTOMERS },
      payments,
      file: { ...file, timeline: Object.fromEntries(steps) },
      ratio,
      target: P8_TARGET,
      pass,
      memory: { ...memory, target: P8_MEMORY_TARGET_MB, pass: memoryPass },
    });
  } finally {
    await stopAll();
  }
}
