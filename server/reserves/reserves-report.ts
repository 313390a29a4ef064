import type { Config } from "../config.ts";
import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { formatAmount } from "../money/amount.ts";
import type { ReservesReport } from "./reserves.responses.ts";
import { signJws } from "./reserves-key.ts";

const DEFAULT_DAYS = 30;

/**
 * Proof of reserves, public (C69): per currency and day, each chain's tokens as the supply watch last read them from
 * the chain that day, and the safeguarding account's closing balance from the day's bank statement, with the
 * difference; newest day first, `limit` days a page, `before` a day for the older ones. Aggregates only: nothing
 * about any customer. The whole answer is signed (`reserves-key.ts`) so anyone can check it was not altered.
 */
export async function publishedReserves(options: {
  config: Config;
  before?: string;
  limit?: number;
  clock?: Clock;
}): Promise<{ reserves: ReservesReport; jws: string }> {
  const { config, before, limit = DEFAULT_DAYS, clock = serverClock } = options;
  const prisma = await db();
  const until = before ? new Date(before) : new Date("9999-12-31");
  // The days with figures, newest first, one more than the page to know whether an older page exists.
  const dates = await prisma.$queryRaw<{ date: Date }[]>`
    SELECT "date" FROM (
      SELECT "date" FROM "SupplyCheck" WHERE "date" < ${until}::date
      UNION SELECT "date" FROM "SafeguardingDay" WHERE "date" < ${until}::date
    ) d ORDER BY "date" DESC LIMIT ${limit + 1}`;
  const page = dates.slice(0, limit).map((d) => d.date);
  const [checks, statements] =
    page.length === 0
      ? [[], []]
      : await Promise.all([
          prisma.supplyCheck.findMany({
            where: { date: { in: page } },
            orderBy: [{ currency: "asc" }, { chain: "asc" }],
          }),
          prisma.safeguardingDay.groupBy({
            by: ["date", "currency"],
            where: { date: { in: page } },
            _sum: { closingMinor: true },
          }),
        ]);
  const days: ReservesReport["days"] = [];
  for (const date of page) {
    const iso = date.toISOString().slice(0, 10);
    const currencies = new Set([
      ...checks.filter((c) => sameDay(c.date, date)).map((c) => c.currency),
      ...statements.filter((s) => sameDay(s.date, date)).map((s) => s.currency.toLowerCase()),
    ]);
    for (const currency of [...currencies].sort()) {
      const chains = checks.filter((c) => sameDay(c.date, date) && c.currency === currency);
      const outstanding = chains.reduce((sum, c) => sum + c.onChainMinor, 0n);
      const closing = statements.find((s) => sameDay(s.date, date) && s.currency.toLowerCase() === currency);
      const safeguarded = closing?._sum.closingMinor ?? null;
      days.push({
        date: iso,
        currency,
        chains: chains.map((c) => ({
          chain: c.chain,
          onChain: formatAmount(c.onChainMinor),
          ledger: formatAmount(c.outstandingMinor),
          difference: formatAmount(c.differenceMinor),
          checkedAt: c.checkedAt.toISOString(),
        })),
        outstanding: formatAmount(outstanding),
        safeguarded: safeguarded === null ? null : formatAmount(safeguarded),
        difference: safeguarded === null ? null : formatAmount(safeguarded - outstanding),
      });
    }
  }
  const older = dates.length > limit ? page[page.length - 1] : undefined;
  const reserves: ReservesReport = {
    issuer: config.baseUrl,
    generatedAt: clock().toISOString(),
    days,
    next: older ? older.toISOString().slice(0, 10) : null,
  };
  return { reserves, jws: signJws(config, reserves) };
}

const sameDay = (a: Date, b: Date) => a.getTime() === b.getTime();
