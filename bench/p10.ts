import path from "node:path";
import { startApp, stopApp, type AppServer } from "./app-server.ts";
import { cpuMs, processTree } from "./cpu.ts";
import { fundedCustomers, partnerHeaders, type Customer } from "./customer.ts";
import { benchDatabase } from "./database.ts";
import type { Sample } from "./load.ts";
import { signOrders } from "./p4.ts";
import { printP10Report, type Leg, type Side } from "./p10-report.ts";
import { KYC_DOCUMENT_BYTES, kycProfiles, submitKycWindow, type KycTarget } from "./p10-kyc.ts";
import { measureSealing } from "./p10-sealing.ts";
import { runP10Signing } from "./p10-signing.ts";
import { inWindow, type WindowSample } from "./p10-window.ts";
import { serverDied } from "./processes.ts";
import { LoadWindows } from "./profile.ts";
import type { BenchContext } from "./settings.ts";

/**
 * Benchmark P10: what sealing personal data at rest costs the money path, and what signing a mint in an HSM costs.
 *
 * 1. Two `next start` instances of the same build, each on a database of its own, one as every instance runs
 *    (personal data and files sealed, C70), the other with `TOKENRAIL_SEAL_AT_REST=off` (the baseline: stored as
 *    they come; a setting production refuses). Each gets `BENCH_P10_WALLETS` (20) funded customers and
 *    `BENCH_P10_PROFILES` (40) profiles to submit KYC for, made through the API. Then, leg by leg, both instances
 *    take the same load at the same time, `BENCH_P10_ROUNDS` (20) rounds: signed `POST /orders` for
 *    `BENCH_P10_SECONDS` (3) s (P4's load: distinct orders, the wallets in turn, `BENCH_P4_CONCURRENCY` (20) in
 *    flight), then KYC submissions for twice as long (bench/p10-kyc.ts: document, details, form, verifications). Loaded at once, the two share whatever
 *    else the machine does at every moment (back-to-back batches on this shared machine drifted by ±30 % pair to
 *    pair), and a server that needs more CPU per request answers fewer in the same window. Cost = the median over
 *    rounds of the baseline's throughput ÷ the sealed one's in that round; target ≤ 1.10 for both routes (the issue:
 *    at most 10 % slower). Beside it, not judged, each server's own CPU per request (its process tree, from /proc).
 *    POST /orders seals the order's counterpart, memo and signed message, its pending signature and its event.
 *    Then the sealing work of one submission alone, in this process (bench/p10-sealing.ts): the least it can cost.
 *    With BENCH_CPU_PROF=<dir>, each instance writes its profiles (one per thread) to `<dir>/p10-sealed/` and
 *    `<dir>/p10-plain/`, and the windows are recorded per instance (`npm run bench:profile -- <dir>`).
 * 2. Signing one mint, local key vs PKCS#11 on SoftHSM2 (bench/p10-signing.ts), in this process; no target.
 */

export const P10_TARGET = 1.1;
const WALLETS = Number(process.env.BENCH_P10_WALLETS ?? 20);
const PROFILES = Number(process.env.BENCH_P10_PROFILES ?? 40);
const SIDES: readonly Side[] = ["sealed", "plain"];
/** Many short rounds rather than a few long ones: on a shared machine a pair close in time differs least. */
const ROUNDS = Number(process.env.BENCH_P10_ROUNDS ?? 20);
const SECONDS = Number(process.env.BENCH_P10_SECONDS ?? 3);
/** A KYC submission is four requests and takes about ten times an order: its windows are twice as long. */
const KYC_SECONDS = 2 * SECONDS;

type Instance = { app: AppServer; customers: Customer[]; kyc: KycTarget };

async function prepare(context: BenchContext, side: Side): Promise<Instance> {
  const name = `p10-${side}`;
  const database = await benchDatabase(path.join(context.temp, `${name}-data`), name.replace("-", "_"));
  if (database.kind === "postgres") context.atEnd(database.drop);
  // BENCH_P10_SAME=sealed|plain runs both instances with one side's settings: an A/A run, whose cost is the method's
  // own bias and noise (it should come out near 1.00).
  const as = (process.env.BENCH_P10_SAME as Side | undefined) ?? side;
  const env: Record<string, string> = as === "plain" ? { TOKENRAIL_SEAL_AT_REST: "off" } : {};
  const app = await startApp({ root: context.root, temp: context.temp, name, database, env, profileNamed: true });
  const started = performance.now();
  const customers = await fundedCustomers(app, { count: WALLETS, euros: "1000000" });
  const partner = await partnerHeaders(app);
  const profiles = await kycProfiles(app, partner, PROFILES);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`${side}: ${WALLETS} funded customers and ${PROFILES} profiles in ${seconds}s (${database.label})`);
  return { app, customers, kyc: { app, partner, profiles } };
}

const ORDER_CONCURRENCY = Number(process.env.BENCH_P4_CONCURRENCY ?? 20);

/**
 * Orders signed for a window (more than it can take), and the window that posts them `ORDER_CONCURRENCY` at a time
 * for `seconds`. Both instances' orders are signed before either window opens: signing is this process's CPU, which
 * would otherwise slow the instance whose window had opened while the other's orders were being signed.
 */
async function ordersWindow(
  instance: Instance,
  seconds: number,
  expected: number,
): Promise<() => Promise<WindowSample>> {
  const signed = await signOrders(instance.customers, Math.ceil(expected * seconds * 3) + 50);
  const headers = { ...instance.customers[0]!.partner, "content-type": "application/json" };
  return () =>
    inWindow(seconds, ORDER_CONCURRENCY, async (i) => {
      const order = signed[i];
      if (!order) return { failed: "more orders were answered than were signed for the window" };
      const response = await fetch(`${instance.app.api}/orders`, { method: "POST", headers, body: order.body });
      const text = await response.text();
      return response.status === 200 ? {} : { failed: `POST /orders: ${response.status} ${text.slice(0, 300)}` };
    });
}

export async function runP10(context: BenchContext): Promise<void> {
  console.log(`\nP10: sealing at rest on the money path (sealed vs TOKENRAIL_SEAL_AT_REST=off), and signing a mint`);
  // Both at once: an instance prepared before the other answered 4–6 % fewer KYC submissions than it when both ran the
  // same settings (an A/A run, either order), so neither goes first.
  const [sealed, plain] = await Promise.all([prepare(context, "sealed"), prepare(context, "plain")]);
  const instances = { sealed, plain };

  const samples: Record<Leg, Record<Side, Sample[]>> = {
    orders: { sealed: [], plain: [] },
    kyc: { sealed: [], plain: [] },
  };
  const cpu: Record<Leg, Record<Side, number[]>> = {
    orders: { sealed: [], plain: [] },
    kyc: { sealed: [], plain: [] },
  };
  // With BENCH_CPU_PROF, each instance's profiles are in <dir>/p10-sealed|p10-plain/ and every window after the
  // warm-up is recorded per instance: `npm run bench:profile -- <dir>` compares the two by kind of code and function.
  const windows = new LoadWindows("p10");
  /**
   * One window on both instances at once, recording each server's CPU ms per request it answered. Each side's
   * window is readied first (`ready`: its orders signed), then both open together, in turn the sealed one first and
   * the plain one first from round to round, so that neither is always the second to get going.
   */
  const turns: Record<Leg, number> = { orders: 0, kyc: 0 };
  const both = async (
    leg: Leg,
    seconds: number,
    ready: (side: Side) => Promise<() => Promise<WindowSample>>,
    record: boolean,
  ) => {
    const order = turns[leg]++ % 2 === 0 ? SIDES : [...SIDES].reverse();
    const windowOf = Object.fromEntries(
      await Promise.all(order.map(async (side) => [side, await ready(side)] as const)),
    );
    const pids = Object.fromEntries(SIDES.map((side) => [side, processTree(instances[side].app.child.pid)]));
    const before = Object.fromEntries(SIDES.map((side) => [side, cpuMs(pids[side]!)]));
    const answered = await Promise.all(
      order.map((side) =>
        windows.measure(
          leg,
          leg === "orders" ? "POST /orders" : "KYC submissions",
          async () => {
            const sample = await windowOf[side]!();
            return { result: sample, requests: sample.answered };
          },
          `p10-${side}`,
        ),
      ),
    );
    const sampleOf = (side: Side) => answered[order.indexOf(side)]!;
    const result = { sealed: sampleOf("sealed"), plain: sampleOf("plain") };
    if (!record) return result;
    for (const side of SIDES) {
      samples[leg][side].push(result[side]);
      const count = Math.max(1, result[side].answered);
      cpu[leg][side].push((cpuMs(pids[side]!) - before[side]!) / count);
    }
    return result;
  };
  let expected = 100;
  const ordersLeg = (record: boolean, seconds = SECONDS) =>
    both("orders", seconds, (side) => ordersWindow(instances[side], seconds, expected), record);
  const kycLeg = (record: boolean, seconds = KYC_SECONDS) =>
    both("kyc", seconds, (side) => Promise.resolve(() => submitKycWindow(instances[side].kyc, seconds)), record);

  // Warm-up, not counted (route code, V8, the databases' caches); it also says how many orders to sign per window.
  const warmOrders = await ordersLeg(false, 4);
  const warmKyc = await kycLeg(false, 6);
  if (SIDES.some((side) => warmOrders[side].bad || warmKyc[side].bad)) {
    throw new Error("P10: an instance refused requests in the warm-up; see the first refusal above");
  }
  expected = Math.max(warmOrders.sealed.rps, warmOrders.plain.rps);
  console.log(`${ROUNDS} rounds of ${SECONDS}s of orders and ${KYC_SECONDS}s of KYC, both instances loaded at once`);

  for (let round = 0; round < ROUNDS; round++) {
    const placed = await ordersLeg(true);
    const submitted = await kycLeg(true);
    const line = (leg: Record<Side, Sample>) => SIDES.map((side) => `${side} ${leg[side].rps.toFixed(1)}`).join(" / ");
    const bad = SIDES.reduce((sum, side) => sum + placed[side].bad + submitted[side].bad, 0);
    console.log(
      `  round ${round + 1}/${ROUNDS}  POST /orders ${line(placed)} per s   KYC ${line(submitted)} submissions/s${bad ? `  (${bad} refused!)` : ""}`,
    );
  }
  const died = serverDied();
  if (died) throw new Error(`Aborted: ${died}`);
  await Promise.all(SIDES.map((side) => stopApp(instances[side].app)));
  windows.write();

  const sealing = await measureSealing(context.temp, KYC_DOCUMENT_BYTES);
  const signing = await runP10Signing();
  printP10Report({
    context,
    samples,
    cpu,
    seconds: { orders: SECONDS, kyc: KYC_SECONDS },
    sealing,
    signing,
    target: P10_TARGET,
    wallets: WALLETS,
    profiles: PROFILES,
  });
}
