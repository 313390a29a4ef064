import client from "prom-client";
import { db } from "../db/client.ts";
import { formatAmount } from "../money/amount.ts";

/**
 * The supply watch's figures (C69), read from the database when scraped so every instance shows the same: the
 * latest difference per token between its supply on chain and the ledger (beyond what is in flight), the alerts
 * raised so far, and those not yet acknowledged.
 */
export function supplyGauges(): void {
  new client.Gauge({
    name: "tokenrail_supply_difference",
    help: "Token supply on chain minus the ledger's tokens outstanding, beyond transactions in flight (0 when they agree), in the currency, at the latest check",
    labelNames: ["chain", "currency"],
    async collect() {
      const prisma = await db();
      const rows = await prisma.$queryRaw<{ chain: string; currency: string; differenceMinor: bigint }[]>`
        SELECT DISTINCT ON ("chain", "currency") "chain", "currency", "differenceMinor"
        FROM "SupplyCheck" ORDER BY "chain", "currency", "checkedAt" DESC`;
      this.reset();
      for (const row of rows) {
        this.set({ chain: row.chain, currency: row.currency }, Number(formatAmount(BigInt(row.differenceMinor))));
      }
    },
  });
  new client.Counter({
    name: "tokenrail_supply_alerts_total",
    help: "Supply differences the watch has raised as alerts, by chain and currency",
    labelNames: ["chain", "currency"],
    async collect() {
      const prisma = await db();
      const rows = await prisma.supplyAlert.groupBy({ by: ["chain", "currency"], _count: { _all: true } });
      this.reset();
      for (const row of rows) this.inc({ chain: row.chain, currency: row.currency }, row._count._all);
    },
  });
  new client.Gauge({
    name: "tokenrail_supply_alerts_open",
    help: "Supply alerts no admin has acknowledged yet (mints stop while one is open, where so set)",
    async collect() {
      const prisma = await db();
      this.set(await prisma.supplyAlert.count({ where: { openKey: { not: null } } }));
    },
  });
}
