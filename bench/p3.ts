import path from "node:path";
import { startApp, stopApp } from "./app-server.ts";
import { linkedCustomer, partnerHeaders, type Customer } from "./customer.ts";
import { benchDatabase } from "./database.ts";
import { inTurns, type Load, type Sample } from "./load.ts";
import { serverDied } from "./processes.ts";
import { int, median, printTable } from "./report.ts";
import { SEEDED_MEMO, seedOrders } from "./seed-orders.ts";
import { machine, ROUNDS, SECONDS, writeResult, type BenchContext } from "./settings.ts";

/**
 * Benchmark P3: does a page of GET /orders stay as fast when the profile has a million orders as when it has a
 * thousand? Two profiles made through the API on one server and database get their orders seeded by SQL
 * (bench/seed-orders.ts); then three queries (the first page at the default limit of 50, `state=processed`, and
 * a `memo`) are timed one request at a time, each query for both profiles in turns (large, small, large, …), the
 * queries in rotating order, round after round. Ratio per query: median latency for the large profile ÷ for the
 * small one; keyset pagination on the (profileId, …, seq) indexes should keep every ratio near 1. Target: the
 * worst ≤ 1.5.
 */

export const P3_TARGET = 1.5;
const LARGE = Number(process.env.BENCH_P3_ORDERS ?? 1_000_000);
const SMALL = 1_000;
const WARMUP_SECONDS = 0.5;

const QUERIES = [
  { name: "first page", query: "" },
  { name: "state=processed", query: "&state=processed", matches: (o: Order) => o.state === "processed" },
  {
    name: `memo=${SEEDED_MEMO}`,
    query: `&memo=${encodeURIComponent(SEEDED_MEMO)}`,
    matches: (o: Order) => o.memo === SEEDED_MEMO,
  },
] as const;

type Order = { profile: string; state: string; memo: string };
type Size = "large" | "small";
type Target = { query: (typeof QUERIES)[number]; size: Size; load: Load };

/** Every timed page must be a full page of the right profile's orders, matching the filter, with a next cursor. */
async function checkPage(target: Target, profile: string): Promise<void> {
  const response = await fetch(target.load.url, { headers: target.load.headers });
  const body = (await response.json()) as { orders?: Order[] };
  const orders = body.orders ?? [];
  const wrong = orders.find((o) => o.profile !== profile || ("matches" in target.query && !target.query.matches(o)));
  if (response.status !== 200 || orders.length !== 50 || wrong || !response.headers.get("x-next-cursor")) {
    throw new Error(
      `P3 ${target.query.name} (${target.size}): ${response.status}, ${orders.length} orders` +
        `${wrong ? `, one not matching: ${JSON.stringify(wrong)}` : ""}, cursor ${response.headers.get("x-next-cursor")}`,
    );
  }
}

/** Both profiles' requests of one query in turns, the larger first in even rounds. */
async function timed(pair: [Target, Target], seconds: number): Promise<[Sample, Sample]> {
  const died = serverDied();
  if (died) throw new Error(`Aborted: ${died}; killed from outside or crashed (BENCH_KEEP=1 keeps its log)`);
  const [first, second] = await inTurns([pair[0].load, pair[1].load], seconds);
  return [first!, second!];
}

export async function runP3(context: BenchContext): Promise<void> {
  const dataDir = path.join(context.temp, "p3-data");
  const database = await benchDatabase(dataDir, "p3");
  if (database.kind === "postgres") context.atEnd(database.drop);
  console.log(`\nP3: GET /orders latency, ${int(LARGE)} vs ${int(SMALL)} orders, on ${database.label}`);
  let app = await startApp({ root: context.root, temp: context.temp, name: "p3", database });
  const partner = await partnerHeaders(app);
  const profiles: Record<Size, Customer> = {
    large: await linkedCustomer(app, partner),
    small: await linkedCustomer(app, partner),
  };
  // PGlite allows one process per data directory: the server steps aside while this process writes to it.
  if (database.kind === "pglite") await stopApp(app);
  const seedStarted = performance.now();
  await seedOrders(database, [
    { profileId: profiles.large.profile, address: profiles.large.account.address, count: LARGE },
    { profileId: profiles.small.profile, address: profiles.small.account.address, count: SMALL },
  ]);
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  console.log(`Seeded ${int(LARGE + SMALL)} orders by SQL in ${seedSeconds.toFixed(1)}s`);
  if (database.kind === "pglite") app = await app.start();

  const headers = await partnerHeaders(app);
  const pairs = QUERIES.map((query) => {
    const target = (size: Size): Target => ({
      query,
      size,
      load: { url: `${app.api}/orders?profile=${profiles[size].profile}${query.query}`, headers },
    });
    return [target("large"), target("small")] as [Target, Target];
  });
  const targets = pairs.flat();
  for (const target of targets) await checkPage(target, profiles[target.size].profile);
  // The first reads of a just-opened database and of cold route code are not what is measured.
  for (const pair of pairs) await timed(pair, 2);

  console.log(`${ROUNDS} rounds × ${2 * SECONDS}s per query, one request at a time, the two profiles in turns`);
  const samples = new Map<Target, Sample[]>(targets.map((t) => [t, []]));
  for (let round = 0; round < ROUNDS; round++) {
    for (let q = 0; q < pairs.length; q++) {
      const pair = pairs[(q + round) % pairs.length]!;
      const turns: [Target, Target] = round % 2 === 0 ? pair : [pair[1], pair[0]];
      await timed(turns, WARMUP_SECONDS);
      const measured = await timed(turns, 2 * SECONDS);
      turns.forEach((target, i) => samples.get(target)!.push(measured[i]!));
      const [large, small] = pair.map((t) => samples.get(t)!.at(-1)!);
      const bad = large!.bad + small!.bad ? `  (${large!.bad + small!.bad} non-2xx!)` : "";
      console.log(
        `  round ${round + 1}/${ROUNDS}  ${pair[0].query.name.padEnd(16)} p50 ${large!.p50Ms.toFixed(2)} ms @ ` +
          `${int(LARGE)}, ${small!.p50Ms.toFixed(2)} ms @ ${int(SMALL)}${bad}`,
      );
    }
  }
  const died = serverDied();
  if (died) throw new Error(`Aborted: ${died}`);
  await stopApp(app);
  report({ context, database: database.label, seedSeconds, targets, samples });
}

function report(options: {
  context: BenchContext;
  database: string;
  seedSeconds: number;
  targets: Target[];
  samples: Map<Target, Sample[]>;
}): void {
  const { context, database, seedSeconds, targets, samples } = options;
  const summary = (target: Target) => {
    const list = samples.get(target) ?? [];
    return {
      query: target.query.name,
      orders: target.size === "large" ? LARGE : SMALL,
      medianP50Ms: median(list.map((s) => s.p50Ms)),
      medianP99Ms: median(list.map((s) => s.p99Ms)),
      requestsPerSecond: median(list.map((s) => s.rps)),
      p50PerRound: list.map((s) => +s.p50Ms.toFixed(2)),
      bad: list.reduce((sum, s) => sum + s.bad, 0),
    };
  };
  const rows = targets.map(summary);
  printTable(
    ["query", "orders", "median p50 ms", "p99 ms", "req/s", "non-2xx", "p50 per round"],
    rows.map((r) => [
      r.query,
      int(r.orders),
      r.medianP50Ms.toFixed(2),
      r.medianP99Ms.toFixed(2),
      int(r.requestsPerSecond),
      String(r.bad),
      r.p50PerRound.join(" "),
    ]),
  );
  const ratios = QUERIES.map((query) => {
    const of = (size: Size) =>
      rows.find((r) => r.query === query.name && r.orders === (size === "large" ? LARGE : SMALL));
    return { query: query.name, ratio: (of("large")?.medianP50Ms ?? NaN) / (of("small")?.medianP50Ms ?? NaN) };
  });
  console.log();
  for (const r of ratios) {
    console.log(`${r.query.padEnd(18)} ${int(LARGE)} ÷ ${int(SMALL)} = ${r.ratio.toFixed(3)}   (median latency)`);
  }
  const worst = Math.max(...ratios.map((r) => r.ratio));
  const valid = rows.every((r) => r.bad === 0);
  const pass = valid && worst <= P3_TARGET;
  const outcome = !valid
    ? "INVALID — some requests were not 2xx; the numbers above do not measure the happy path"
    : `${pass ? "PASS" : "FAIL"} — worst ${int(LARGE)} ÷ ${int(SMALL)} = ${worst.toFixed(2)} ${pass ? "≤" : ">"} ${P3_TARGET}`;
  console.log(`\nP3 verdict: ${outcome}   (${database}; seeding took ${seedSeconds.toFixed(0)}s)\n`);
  writeResult("p3", {
    machine: machine(context.loadBefore),
    database,
    settings: { rounds: ROUNDS, seconds: SECONDS, warmupSeconds: WARMUP_SECONDS, large: LARGE, small: SMALL },
    seedSeconds: +seedSeconds.toFixed(1),
    targets: rows,
    ratios,
    target: { worstLargeOverSmall: P3_TARGET },
    valid,
    pass,
  });
}
