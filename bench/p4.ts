import path from "node:path";
import { verifyMessage, type Hex } from "viem";
import { startApp, stopApp, type AppServer } from "./app-server.ts";
import { CHAIN, fundedCustomers, type Customer } from "./customer.ts";
import { benchDatabase } from "./database.ts";
import { percentile, type Sample } from "./load.ts";
import { serverDied } from "./processes.ts";
import { int, median, printTable } from "./report.ts";
import { machine, ROUNDS, SECONDS, writeResult, type BenchContext } from "./settings.ts";

/**
 * Benchmark P4 (PostgreSQL) and P4e (the embedded database, run without DATABASE_URL): how many redeem orders per
 * second POST /orders takes, next to how many signatures per second a bare loop of viem's `verifyMessage` checks in
 * this process. The load is a partner's: `BENCH_P4_WALLETS` (50) funded, approved customers of one application, each
 * its own person, profile and address, made through the API; the partner places their orders with its
 * client-credentials token. Every order is a distinct message signed by its customer, all signed before the round's
 * timed window, and consecutive orders go to different customers; they are sent `BENCH_P4_CONCURRENCY` at a time
 * (20). Rounds alternate between the two, in turns, so drift hits both alike. Ratio: orders/s ÷ verifications/s.
 * Each order costs one such verification plus parsing, authentication, its SQL (order, ledger hold, event) and the
 * HTTP round trip; the targets ask that all of that together cost at most 2 verifications' worth on PostgreSQL
 * and 4 on the embedded database.
 */

export const P4_TARGETS = { postgres: 0.5, pglite: 0.25 } as const;
const CONCURRENCY = Number(process.env.BENCH_P4_CONCURRENCY ?? 20);
const WALLETS = Number(process.env.BENCH_P4_WALLETS ?? 50);
/** Minted to each customer once: enough for thousands of orders of a few euros each. */
const FUNDS = "1000000";
const PAYEE = {
  identifier: { standard: "iban", iban: "GR1601101250000000012300695" },
  details: { firstName: "Mockbank", lastName: "Testerson", country: "GR" },
} as const;

type Signed = { body: string; address: Hex; message: string; signature: Hex };

/**
 * Distinct orders, the customers in turn: the n-th pays 1.00 EUR + (n ÷ wallets) cents from customer n mod wallets,
 * signed now (messages may be up to five minutes old).
 */
let next = 0;
export async function signOrders(customers: Customer[], count: number): Promise<Signed[]> {
  const at = `${new Date().toISOString().slice(0, 19)}Z`;
  const signed: Signed[] = [];
  for (let i = 0; i < count; i++) {
    const n = next++;
    const account = customers[n % customers.length]!.account;
    const cents = 100 + Math.floor(n / customers.length);
    const amount = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
    const message = `Send EUR ${amount} to ${PAYEE.identifier.iban} at ${at}`;
    const signature = await account.signMessage({ message });
    const body = {
      kind: "redeem",
      address: account.address,
      chain: CHAIN,
      currency: "eur",
      amount,
      counterpart: PAYEE,
      message,
      signature,
      memo: "Benchmark P4",
    };
    signed.push({ body: JSON.stringify(body), address: account.address, message, signature });
  }
  return signed;
}

/** Posts every order, `CONCURRENCY` in flight; orders/s over the whole batch, latency of each, non-200s as bad. */
async function postOrders(app: AppServer, partner: Record<string, string>, orders: Signed[]): Promise<Sample> {
  const died = serverDied();
  if (died) throw new Error(`Aborted: ${died}; killed from outside or crashed (BENCH_KEEP=1 keeps its log)`);
  const headers = { ...partner, "content-type": "application/json" };
  const times: number[] = [];
  let bad = 0;
  let firstBad: string | undefined;
  let index = 0;
  const started = performance.now();
  const worker = async () => {
    while (index < orders.length) {
      const order = orders[index++]!;
      const sent = performance.now();
      const response = await fetch(`${app.api}/orders`, { method: "POST", headers, body: order.body });
      const text = await response.text();
      times.push(performance.now() - sent);
      if (response.status !== 200) {
        bad++;
        firstBad ??= `${response.status} ${text.slice(0, 300)}`;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  const seconds = (performance.now() - started) / 1000;
  if (firstBad) console.log(`  first refused order: ${firstBad}`);
  times.sort((a, b) => a - b);
  return { rps: (orders.length - bad) / seconds, p50Ms: percentile(times, 0.5), p99Ms: percentile(times, 0.99), bad };
}

/** verifyMessage in a loop for `seconds`, over the given signed messages in turn. */
async function verifyLoop(signed: Signed[], seconds: number): Promise<Sample> {
  let count = 0;
  let bad = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  while (performance.now() < deadline) {
    const { address, message, signature } = signed[count % signed.length]!;
    if (!(await verifyMessage({ address, message, signature }))) bad++;
    count++;
  }
  const elapsed = (performance.now() - started) / 1000;
  return { rps: count / elapsed, p50Ms: (elapsed * 1000) / count, p99Ms: NaN, bad };
}

export async function runP4(context: BenchContext): Promise<void> {
  const database = await benchDatabase(path.join(context.temp, "p4-data"), "p4");
  if (database.kind === "postgres") context.atEnd(database.drop);
  const row = database.kind === "postgres" ? "P4" : "P4e";
  console.log(
    `\n${row}: POST /orders throughput (${WALLETS} wallets, ${CONCURRENCY} at a time) vs verifyMessage, on ${database.label}`,
  );
  const app = await startApp({ root: context.root, temp: context.temp, name: "p4", database });
  const onboarding = performance.now();
  const customers = await fundedCustomers(app, { count: WALLETS, euros: FUNDS });
  console.log(`${WALLETS} funded, approved customers in ${((performance.now() - onboarding) / 1000).toFixed(1)}s`);
  const partner = customers[0]!.partner;

  // Warm-up, not counted: route code, V8's optimisations, the database's caches; it also sizes the rounds.
  let warm: Sample | undefined;
  const warmStarted = performance.now();
  while (performance.now() - warmStarted < 4000) {
    warm = await postOrders(app, partner, await signOrders(customers, 2 * WALLETS));
  }
  if (!warm || warm.bad) throw new Error(`${row}: orders were refused during the warm-up; see the first refusal above`);
  await verifyLoop(await signOrders(customers, 20), 1);
  const perRound = Math.max(50, Math.round(warm.rps * SECONDS));
  console.log(`${ROUNDS} rounds: ${int(perRound)} orders per round (~${SECONDS}s) vs ${SECONDS}s of verifyMessage`);

  const post: Sample[] = [];
  const verify: Sample[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const orders = await signOrders(customers, perRound);
    const steps = [
      async () => {
        const sample = await postOrders(app, partner, orders);
        post.push(sample);
        const bad = sample.bad ? `  (${sample.bad} refused!)` : "";
        console.log(`  round ${round + 1}/${ROUNDS}  POST /orders     ${sample.rps.toFixed(1)} orders/s${bad}`);
      },
      async () => {
        const sample = await verifyLoop(orders.slice(0, 100), SECONDS);
        verify.push(sample);
        console.log(`  round ${round + 1}/${ROUNDS}  verifyMessage    ${sample.rps.toFixed(1)} verifications/s`);
      },
    ];
    for (const step of round % 2 === 0 ? steps : steps.reverse()) await step();
  }
  const died = serverDied();
  if (died) throw new Error(`Aborted: ${died}`);
  await stopApp(app);
  report({ context, row, target: P4_TARGETS[database.kind], database: database.label, post, verify, perRound });
}

function report(options: {
  context: BenchContext;
  row: "P4" | "P4e";
  target: number;
  database: string;
  post: Sample[];
  verify: Sample[];
  perRound: number;
}): void {
  const { context, row, target, database, post, verify, perRound } = options;
  const summary = (samples: Sample[]) => ({
    median: median(samples.map((s) => s.rps)),
    min: Math.min(...samples.map((s) => s.rps)),
    max: Math.max(...samples.map((s) => s.rps)),
    perRound: samples.map((s) => +s.rps.toFixed(1)),
    bad: samples.reduce((sum, s) => sum + s.bad, 0),
  });
  const orders = {
    ...summary(post),
    medianP50Ms: median(post.map((s) => s.p50Ms)),
    medianP99Ms: median(post.map((s) => s.p99Ms)),
  };
  const verifications = summary(verify);
  printTable(
    ["target", "median per s", "min", "max", "p50 ms", "p99 ms", "refused", "per round"],
    [
      [
        `${row}  POST /orders (${WALLETS} wallets, ${CONCURRENCY} at a time)`,
        orders.median.toFixed(1),
        orders.min.toFixed(1),
        orders.max.toFixed(1),
        orders.medianP50Ms.toFixed(1),
        orders.medianP99Ms.toFixed(1),
        String(orders.bad),
        orders.perRound.join(" "),
      ],
      [
        `${row}  viem verifyMessage (loop)`,
        verifications.median.toFixed(1),
        verifications.min.toFixed(1),
        verifications.max.toFixed(1),
        (1000 / verifications.median).toFixed(2),
        "",
        String(verifications.bad),
        verifications.perRound.join(" "),
      ],
    ],
  );
  const ratio = orders.median / verifications.median;
  console.log(
    `\norders/s ÷ verifications/s = ${ratio.toFixed(3)}   (one order costs ~${(1 / ratio).toFixed(0)} verifications)`,
  );
  const valid = orders.bad === 0 && verifications.bad === 0;
  const pass = valid && ratio >= target;
  const outcome = !valid
    ? "INVALID — some orders were refused or a signature did not verify; the numbers do not measure the happy path"
    : `${pass ? "PASS" : "FAIL"} — orders/s ÷ verifications/s ${ratio.toFixed(3)} ${pass ? "≥" : "<"} ${target}`;
  console.log(`\n${row} verdict: ${outcome}   (${database})\n`);
  writeResult(row.toLowerCase(), {
    row,
    machine: machine(context.loadBefore),
    database,
    settings: {
      rounds: ROUNDS,
      seconds: SECONDS,
      wallets: WALLETS,
      concurrency: CONCURRENCY,
      ordersPerRound: perRound,
    },
    orders,
    verifications,
    ratio,
    target: { ordersOverVerifications: target },
    valid,
    pass,
  });
}
