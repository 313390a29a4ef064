/**
 * Where one sandbox payment's time goes, phase by phase, in this process on the database of DATABASE_URL (a scratch
 * database) or the embedded one: the steps `importSimulatedCredit` takes, each timed on its own, over
 * `BENCH_PHASE_PAYMENTS` (200) payments one at a time after 30 uncounted. Prints the median and p99 of each phase.
 *
 *   DATABASE_URL=postgres://… npx tsx bench/payment-phases.ts
 */
import { randomBytes } from "node:crypto";
import { setUpTestInstance } from "../server/testing/embedded-instance.ts";

await setUpTestInstance("payment_phases");

const { getConfig } = await import("../server/config.ts");
const { db } = await import("../server/db/client.ts");
const { seedHolder } = await import("../server/bank/import/testing/bank-import-fixtures.ts");
const { importSimulatedCredit } = await import("../server/sandbox/simulated-credit.ts");
const phaseTimer = globalThis as unknown as { __phase?: (name: string, ms: number) => void };
const { importDrivesSettled } = await import("../server/bank/import/import-bank-file.ts");
const { closeDriverLocks } = await import("../server/chains/chain-queue.ts");
const { closeDb } = await import("../server/db/client.ts");

const PAYMENTS = Number(process.env.BENCH_PHASE_PAYMENTS ?? 200);
const WARMUP = 30;

const config = getConfig();
await db();
const holder = await seedHolder();
const phases = new Map<string, number[]>();
for (let i = 0; i < WARMUP + PAYMENTS; i++) {
  const times = new Map<string, number>();
  phaseTimer.__phase = (name, ms) => times.set(name, (times.get(name) ?? 0) + ms);
  const started = performance.now();
  await importSimulatedCredit(
    {
      iban: holder.iban,
      amountMinor: 100n,
      currency: "eur",
      memo: `Phases ${i} ${randomBytes(4).toString("hex")}`,
      debtor: { name: "Sandbox Payer", iban: "DE89370400440532013000" },
    },
    config,
  );
  times.set("whole payment", performance.now() - started);
  if (i < WARMUP) continue;
  for (const [name, ms] of times) phases.set(name, [...(phases.get(name) ?? []), ms]);
}
phaseTimer.__phase = undefined;
await importDrivesSettled();

const at = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
console.log(`${PAYMENTS} sandbox payments, one at a time, ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`);
console.log("phase".padEnd(40), "p50 ms".padStart(8), "p99 ms".padStart(8));
for (const [name, values] of phases) {
  const sorted = [...values].sort((a, b) => a - b);
  console.log(name.padEnd(40), at(sorted, 0.5).toFixed(2).padStart(8), at(sorted, 0.99).toFixed(2).padStart(8));
}
await closeDriverLocks();
await closeDb();
