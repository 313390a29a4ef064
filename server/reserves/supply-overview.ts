import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { formatAmount } from "../money/amount.ts";
import { minorOf } from "./mint-caps.ts";

/** What the console's supply page shows (C69): open and recent alerts, the latest check per token, held mints. */
export type SupplyOverview = {
  alerts: {
    id: string;
    chain: string;
    currency: string;
    onChain: string;
    ledger: string;
    difference: string;
    raisedAt: string;
    open: boolean;
    acknowledgedAt: string | null;
    note: string | null;
  }[];
  checks: { chain: string; currency: string; onChain: string; ledger: string; difference: string; checkedAt: string }[];
  held: { orderId: string; chain: string; currency: string; amount: string; heldSince: string; awaiting: boolean }[];
  stopsMints: boolean;
};

export async function supplyOverview(config: Config): Promise<SupplyOverview> {
  const prisma = await db();
  const [alerts, checks, held] = await Promise.all([
    prisma.supplyAlert.findMany({ orderBy: { seq: "desc" }, take: 50 }),
    prisma.$queryRaw<
      {
        chain: string;
        currency: string;
        onChainMinor: bigint;
        outstandingMinor: bigint;
        differenceMinor: bigint;
        checkedAt: Date;
      }[]
    >`SELECT DISTINCT ON ("chain", "currency") * FROM "SupplyCheck" ORDER BY "chain", "currency", "checkedAt" DESC`,
    prisma.chainTransaction.findMany({ where: { state: "held" }, orderBy: { seq: "asc" }, take: 200 }),
  ]);
  const asked = await prisma.operatorApproval.findMany({
    where: { action: "mint.release", state: "pending", subjectId: { in: held.map((h) => h.orderId) } },
    select: { subjectId: true },
  });
  return {
    alerts: alerts.map((a) => ({
      id: a.id,
      chain: a.chain,
      currency: a.currency,
      onChain: formatAmount(a.onChainMinor),
      ledger: formatAmount(a.outstandingMinor),
      difference: formatAmount(a.differenceMinor),
      raisedAt: a.raisedAt.toISOString(),
      open: a.openKey !== null,
      acknowledgedAt: a.acknowledgedAt?.toISOString() ?? null,
      note: a.note,
    })),
    checks: checks.map((c) => ({
      chain: c.chain,
      currency: c.currency,
      onChain: formatAmount(BigInt(c.onChainMinor)),
      ledger: formatAmount(BigInt(c.outstandingMinor)),
      difference: formatAmount(BigInt(c.differenceMinor)),
      checkedAt: c.checkedAt.toISOString(),
    })),
    held: held.map((h) => ({
      orderId: h.orderId,
      chain: h.chain,
      currency: h.currency,
      amount: formatAmount(minorOf(config, h)),
      heldSince: h.updatedAt.toISOString(),
      awaiting: asked.some((a) => a.subjectId === h.orderId),
    })),
    stopsMints: config.supplyAlertStopsMints,
  };
}

/** Whether any supply alert is open: the console's banner. */
export async function openSupplyAlerts(): Promise<number> {
  const prisma = await db();
  return prisma.supplyAlert.count({ where: { openKey: { not: null } } });
}
