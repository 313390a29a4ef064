import { resolveChain, tokenContract, type Currency } from "../chains/registry.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import type { ChainTransaction, Prisma } from "../generated/prisma/client.ts";
import { logger } from "../logging/logger.ts";
import { tokenUnitsToMinor } from "../money/amount.ts";
import type { MintCaps } from "./reserves-settings.ts";

const DAY_MS = 24 * 60 * 60_000;

/**
 * The gate every mint passes before the chain queue sends it (C69), whichever way it was queued (a bank file, the
 * API's payment, an operator's processing, a retry): the queue's drivers call it on the rows they read.
 *
 * - While a supply alert is open and `supplyAlertStopsMints` is on, no mint goes: they stay queued, untouched, and
 *   go once an admin acknowledges the alert.
 * - A mint above its currency's per-mint cap, or one that would take the mints admitted in the last 24 hours above
 *   the day's cap, is moved to `held`: it is not sent until one operator asks for its release and a second approves
 *   (`release-mint.ts`). Its order stays `pending`, as the spec has an order whose tokens are not minted yet.
 * - Every other mint is admitted: `admittedAt` is stamped, and it counts toward the rolling day from then on.
 *
 * Several drivers (one per chain, on any instance) admit at once: each currency's admissions are serialized by a
 * transaction-scoped advisory lock, so the day's sum each reads includes every other's admissions. A mint of an
 * order whose release two operators approved before (a retry after the chain refused it) is admitted as approved.
 * Rows with no cap to check are admitted without a write.
 */
export async function admitMints(config: Config, rows: ChainTransaction[], now: Date): Promise<ChainTransaction[]> {
  const candidates = rows.filter((r) => r.kind === "mint" && r.state === "queued");
  if (candidates.length === 0) return rows;
  const prisma = await db();
  if (config.supplyAlertStopsMints && (await prisma.supplyAlert.count({ where: { openKey: { not: null } } })) > 0) {
    logger().warn({ mints: candidates.length }, "mints wait: a supply alert is open");
    return rows.filter((r) => !candidates.includes(r));
  }
  const capped = candidates.filter((r) => r.admittedAt === null && hasCaps(config.mintCaps[r.currency as Currency]));
  if (capped.length === 0) return rows;
  const held = new Set<string>();
  await prisma.$transaction(async (tx) => {
    const approved = await approvedOrders(
      tx,
      capped.map((r) => r.orderId),
    );
    for (const currency of [...new Set(capped.map((r) => r.currency as Currency))].sort()) {
      const caps = config.mintCaps[currency];
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`mint-cap:${currency}`}))`;
      let day = caps.perDayMinor === undefined ? 0n : await admittedSince(config, tx, currency, now);
      const admitted: string[] = [];
      for (const row of capped.filter((r) => r.currency === currency)) {
        const minor = minorOf(config, row);
        const over =
          (caps.perMintMinor !== undefined && minor > caps.perMintMinor) ||
          (caps.perDayMinor !== undefined && day + minor > caps.perDayMinor);
        if (over && !approved.has(row.orderId)) {
          held.add(row.id);
          continue;
        }
        admitted.push(row.id);
        day += minor;
      }
      await tx.chainTransaction.updateMany({
        where: { id: { in: admitted }, state: "queued", admittedAt: null },
        data: { admittedAt: now },
      });
    }
    if (held.size > 0) {
      await tx.chainTransaction.updateMany({
        where: { id: { in: [...held] }, state: "queued" },
        data: { state: "held", lastError: "Above the mint cap: waits for two operators to release it" },
      });
      logger().warn({ mints: held.size }, "mints above their caps wait for two operators");
    }
  });
  return rows.filter((r) => !held.has(r.id));
}

function hasCaps(caps: MintCaps | undefined): caps is MintCaps {
  return caps !== undefined && (caps.perMintMinor !== undefined || caps.perDayMinor !== undefined);
}

/** A row's amount in minor units of its currency. */
export function minorOf(config: Config, row: Pick<ChainTransaction, "chain" | "currency" | "units">): bigint {
  const chain = resolveChain(row.chain, config.environment);
  if (!chain) throw new Error(`a mint on ${row.chain}, not a chain of this environment`);
  return tokenUnitsToMinor(BigInt(row.units.toFixed(0)), tokenContract(chain, row.currency as Currency).decimals);
}

/**
 * What was minted or let through in the 24 hours before `now`, in minor units: mints admitted (or, from before the
 * caps were set, sent) in that window and not failed; a held mint counts only once released.
 */
export async function admittedSince(
  config: Config,
  tx: Prisma.TransactionClient,
  currency: Currency,
  now: Date,
): Promise<bigint> {
  const since = new Date(now.getTime() - DAY_MS);
  const sums = await tx.$queryRaw<{ chain: string; units: string }[]>`
    SELECT "chain", SUM("units")::text AS "units" FROM "ChainTransaction"
    WHERE "kind" = 'mint' AND "currency" = ${currency}
      AND ("state" IN ('signed', 'sent', 'confirmed') OR ("state" = 'queued' AND "admittedAt" IS NOT NULL))
      AND COALESCE("admittedAt", "createdAt") > ${since}
    GROUP BY "chain"`;
  let total = 0n;
  for (const { chain, units } of sums) {
    const info = resolveChain(chain, config.environment);
    if (info) total += tokenUnitsToMinor(BigInt(units), tokenContract(info, currency).decimals);
  }
  return total;
}

/** The orders among these whose mint two operators released before. */
async function approvedOrders(tx: Prisma.TransactionClient, orderIds: string[]): Promise<Set<string>> {
  const rows = await tx.operatorApproval.findMany({
    where: { action: "mint.release", state: "approved", subjectType: "order", subjectId: { in: orderIds } },
    select: { subjectId: true },
  });
  return new Set(rows.map((r) => r.subjectId));
}
