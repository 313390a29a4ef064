import client from "prom-client";
import { latestSafeguardingDays } from "../bank/reconcile/list-safeguarding-days.ts";
import { db } from "../db/client.ts";
import type { SafeguardingDay } from "../generated/prisma/client.ts";
import { serverClock } from "../clock.ts";
import { getConfig } from "../config.ts";
import { listStatuses } from "../screening/lists/list-status.ts";
import { supplyGauges } from "./supply-metrics.ts";

/**
 * The process's Prometheus metrics. prom-client is loaded from node_modules (next.config.mjs
 * `serverExternalPackages`), so the instrumentation that records requests and the `/metrics` route share its one
 * default registry; the metrics are created once per process (globalThis), whichever bundle asks first.
 */
type Metrics = {
  requests: client.Counter<"route" | "method" | "status">;
  duration: client.Histogram<"route" | "method">;
  deliveryAttempts: client.Counter<"outcome">;
};

const holder = globalThis as typeof globalThis & { __tokenrailMetrics?: Metrics };

/** Figures read from the database when scraped: the webhook outbox, the mail outbox, the chain queue and the ledger's totals. */
function databaseGauges(): void {
  new client.Gauge({
    name: "tokenrail_events_pending_fan_out",
    help: "Recorded events not yet turned into webhook deliveries",
    async collect() {
      const prisma = await db();
      this.set(await prisma.domainEvent.count({ where: { fannedOutAt: null } }));
    },
  });
  new client.Gauge({
    name: "tokenrail_webhook_deliveries",
    help: "Webhook deliveries by state (pending: waiting to be sent or retried; failed: given up)",
    labelNames: ["state"],
    async collect() {
      const prisma = await db();
      const [pending, failed] = await Promise.all([
        prisma.webhookDelivery.count({ where: { state: "pending" } }),
        prisma.webhookDelivery.count({ where: { state: "failed" } }),
      ]);
      this.set({ state: "pending" }, pending);
      this.set({ state: "failed" }, failed);
    },
  });
  new client.Gauge({
    name: "tokenrail_mail_messages",
    help: "Outbox mail not delivered, by status (queued: waiting to be sent or retried; failed: given up; uncertain: its sender stopped mid-send)",
    labelNames: ["status"],
    async collect() {
      const prisma = await db();
      const open = ["queued", "sending", "failed", "uncertain"] as const;
      const rows = await prisma.outboxMessage.groupBy({
        by: ["status"],
        where: { status: { in: [...open] } },
        _count: { _all: true },
      });
      for (const status of open) this.set({ status }, rows.find((r) => r.status === status)?._count._all ?? 0);
    },
  });
  new client.Gauge({
    name: "tokenrail_chain_transactions",
    help: "Mints and burns not yet confirmed, by state (queued, signed, sent, failed)",
    labelNames: ["state"],
    async collect() {
      const prisma = await db();
      const open = ["queued", "signed", "sent", "failed"] as const;
      const rows = await prisma.chainTransaction.groupBy({
        by: ["state"],
        where: { state: { in: [...open] } },
        _count: { _all: true },
      });
      for (const state of open) this.set({ state }, rows.find((r) => r.state === state)?._count._all ?? 0);
    },
  });
  new client.Gauge({
    name: "tokenrail_ledger_balance_minor",
    help: "Sum of ledger account balances in minor units, by chain, currency and account kind",
    labelNames: ["chain", "currency", "kind"],
    async collect() {
      const prisma = await db();
      const rows = await prisma.$queryRaw<{ chain: string; currency: string; kind: string; total: bigint }[]>`
        SELECT chain, currency, kind::text AS kind, SUM("balanceMinor")::bigint AS total
        FROM "LedgerAccount" GROUP BY chain, currency, kind`;
      this.reset();
      for (const row of rows) this.set({ chain: row.chain, currency: row.currency, kind: row.kind }, Number(row.total));
    },
  });
}

/**
 * A read shared by the gauges of one scrape: prom-client collects every gauge at once, and the gauges of one area
 * share one query.
 */
function oncePerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let reading: Promise<T> | undefined;
  return () => {
    if (!reading) {
      reading = read();
      void reading.finally(() => (reading = undefined)).catch(() => undefined);
    }
    return reading;
  };
}

/**
 * Safeguarding (C51): per account and currency, the latest camt.053 day's closing balance, what the ledger says
 * must be there, the difference and the day; and one flag that is 1 while any latest day differs (alert on it).
 */
function safeguardingGauges(): void {
  const days = oncePerScrape(latestSafeguardingDays);
  const labelNames = ["account", "currency"] as const;
  const perDay = (name: string, help: string, value: (day: SafeguardingDay) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames,
      async collect() {
        const rows = await days();
        this.reset();
        for (const row of rows) this.set({ account: row.accountIban, currency: row.currency }, value(row));
      },
    });
  perDay(
    "tokenrail_safeguarding_difference_minor",
    "Latest statement day: bank closing balance minus what the ledger says must be there, in minor units",
    (d) => Number(d.differenceMinor),
  );
  perDay(
    "tokenrail_safeguarding_closing_minor",
    "Latest statement day: the master account's closing booked balance (camt.053 CLBD), in minor units",
    (d) => Number(d.closingMinor),
  );
  perDay(
    "tokenrail_safeguarding_expected_minor",
    "Latest statement day: tokens outstanding + payouts in flight + credits not yet minted, in minor units",
    (d) => Number(d.outstandingMinor + d.payoutsInFlightMinor + d.creditsUnmintedMinor),
  );
  perDay(
    "tokenrail_safeguarding_statement_day_seconds",
    "The latest statement day (its start, UTC) as Unix time: how current the reconciliation is",
    (d) => d.date.getTime() / 1000,
  );
  new client.Gauge({
    name: "tokenrail_safeguarding_mismatch",
    help: "1 while the latest statement day of any account differs from what the ledger says must be there",
    async collect() {
      this.set((await days()).some((d) => d.differenceMinor !== 0n) ? 1 : 0);
    },
  });
}

/**
 * The sanctions lists (C65): each list's age (since its issue's date) and a flag that is 1 while a list is older
 * than `TOKENRAIL_SCREENING_LIST_MAX_AGE_HOURS` or was never imported (alert on it). One read per scrape.
 */
function screeningGauges(): void {
  const statuses = oncePerScrape(() =>
    listStatuses({ maxAgeHours: getConfig().screening.listMaxAgeHours, now: serverClock() }),
  );
  new client.Gauge({
    name: "tokenrail_sanctions_list_age_seconds",
    help: "Seconds since the publisher's date of each sanctions list's current version (absent before its first import)",
    labelNames: ["list"],
    async collect() {
      const rows = await statuses();
      this.reset();
      for (const row of rows) if (row.ageSeconds !== null) this.set({ list: row.source }, row.ageSeconds);
    },
  });
  new client.Gauge({
    name: "tokenrail_sanctions_list_stale",
    help: "1 while a sanctions list is older than its setting or was never imported",
    labelNames: ["list"],
    async collect() {
      const rows = await statuses();
      this.reset();
      for (const row of rows) this.set({ list: row.source }, row.stale ? 1 : 0);
    },
  });
}

export function metrics(): Metrics {
  if (!holder.__tokenrailMetrics) {
    client.collectDefaultMetrics({ prefix: "tokenrail_" });
    databaseGauges();
    safeguardingGauges();
    screeningGauges();
    supplyGauges();
    holder.__tokenrailMetrics = {
      requests: new client.Counter({
        name: "tokenrail_http_requests_total",
        help: "HTTP requests answered, by route, method and status",
        labelNames: ["route", "method", "status"],
      }),
      duration: new client.Histogram({
        name: "tokenrail_http_request_duration_seconds",
        help: "Time from a request's arrival to the end of its response, by route and method",
        labelNames: ["route", "method"],
        buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
      }),
      deliveryAttempts: new client.Counter({
        name: "tokenrail_webhook_delivery_attempts_total",
        help: "Webhook delivery attempts by outcome (delivered, retry, failed)",
        labelNames: ["outcome"],
      }),
    };
  }
  return holder.__tokenrailMetrics;
}

/** The exposition text and its content type. */
export async function exposition(): Promise<{ body: string; contentType: string }> {
  metrics();
  return { body: await client.register.metrics(), contentType: client.register.contentType };
}
