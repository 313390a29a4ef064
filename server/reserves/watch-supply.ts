import { chainGateway } from "../chains/configured-gateway.ts";
import { chainsOf, CURRENCIES, tokenContract, type ChainInfo, type Currency } from "../chains/registry.ts";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { logger } from "../logging/logger.ts";
import { minorToTokenUnits, tokenUnitsToMinor } from "../money/amount.ts";

/** One token's comparison, in the token's units and (for the record) in minor units. */
export type SupplyFigures = {
  chain: string;
  currency: Currency;
  onChainUnits: bigint;
  outstandingMinor: bigint;
  mintsInFlightMinor: bigint;
  burnsInFlightMinor: bigint;
  /** What the chain holds beyond what the ledger and the transactions in flight explain (zero: they agree). */
  differenceUnits: bigint;
};

/**
 * The supply watch (C69): for every token the instance reaches, the contract's `totalSupply` against the ledger's
 * tokens outstanding (minted − burned). Transactions of the chain queue signed or sent but not yet settled may or
 * may not be on chain, so the supply may lie anywhere between "outstanding − burns in flight" and "outstanding +
 * mints in flight"; only what falls outside is a difference. A queued row is not in flight: it is stored signed
 * before it is broadcast (and on the sandbox chain applied in the transaction that settles it), so while it is
 * queued it cannot be on chain, and leaving it out keeps the window, which a foreign movement could hide in, small. A mint Tokenrail did not make (another
 * minter, a stolen key) is one, and so is a burn it did not make.
 *
 * The ledger is read before the chain: a transaction settled between the two reads is then on chain already when
 * the chain is read. A difference is read once more before it is believed (a mint queued and confirmed between the
 * two reads would look foreign once). Each run records the day's latest figures per token (`SupplyCheck`, which
 * proof of reserves publishes) and opens an alert per token with a difference, one open alert per token
 * (`SupplyAlert.openKey`). Safe with any number of instances: both writes are idempotent upserts.
 */
export async function watchSupply(options: { config: Config; clock?: Clock }): Promise<SupplyFigures[]> {
  const { config, clock = serverClock } = options;
  const results: SupplyFigures[] = [];
  for (const { chain, currency } of await watchedTokens(config)) {
    try {
      let figures = await compare(config, chain, currency);
      if (figures.differenceUnits !== 0n) figures = await compare(config, chain, currency);
      await record(figures, chain, clock());
      results.push(figures);
    } catch (err) {
      logger().warn({ err, chain: chain.name, currency }, "the supply watch could not read a token");
    }
  }
  return results;
}

/**
 * Every token with a contract the instance reaches: those configured, those the ledger or the queue has moved, and
 * (the sandbox chain) those anyone holds, so a foreign mint of a token Tokenrail never touched is seen too.
 */
async function watchedTokens(config: Config): Promise<{ chain: ChainInfo; currency: Currency }[]> {
  const prisma = await db();
  const moved = await prisma.$queryRaw<{ chain: string; currency: string }[]>`
    SELECT DISTINCT "chain", "currency" FROM "LedgerAccount"
    UNION SELECT DISTINCT "chain", "currency" FROM "ChainTransaction"
    UNION SELECT DISTINCT "chain", "currency" FROM "SimulatedTokenBalance"`;
  const gateway = config.chainGateway;
  const tokens: { chain: ChainInfo; currency: Currency }[] = [];
  for (const chain of chainsOf(config.environment)) {
    if (chain.family !== "evm") continue;
    const settings = gateway.kind === "evm" ? gateway.chains[chain.name] : undefined;
    if (gateway.kind === "evm" && !settings) continue;
    for (const { currency } of CURRENCIES) {
      const configured = settings?.tokens[currency] !== undefined;
      if (configured || moved.some((m) => m.chain === chain.name && m.currency === currency)) {
        tokens.push({ chain, currency });
      }
    }
  }
  return tokens;
}

async function compare(config: Config, chain: ChainInfo, currency: Currency): Promise<SupplyFigures> {
  const prisma = await db();
  // One statement: the ledger and the queue as of one snapshot.
  const [ledger] = await prisma.$queryRaw<{ outstanding: bigint; mints: string; burns: string }[]>`
    SELECT
      -- minted − burned: the issuance account's balance is minus what was minted, redemption's what was burned.
      COALESCE((SELECT -SUM("balanceMinor") FROM "LedgerAccount" WHERE "chain" = ${chain.name}
        AND "currency" = ${currency} AND "kind" IN ('issuance', 'redemption')), 0)::bigint AS "outstanding",
      COALESCE((SELECT SUM("units") FROM "ChainTransaction" WHERE "chain" = ${chain.name}
        AND "currency" = ${currency} AND "kind" = 'mint' AND "state" IN ('signed', 'sent')), 0)::text AS "mints",
      COALESCE((SELECT SUM("units") FROM "ChainTransaction" WHERE "chain" = ${chain.name}
        AND "currency" = ${currency} AND "kind" = 'burn' AND "state" IN ('signed', 'sent')), 0)::text AS "burns"`;
  const supply = await chainGateway(config).totalSupply(chain, currency);
  const decimals = tokenContract(chain, currency).decimals;
  const outstandingMinor = BigInt(ledger?.outstanding ?? 0n);
  const outstanding = minorToTokenUnits(outstandingMinor, decimals);
  const mints = BigInt(ledger?.mints ?? "0");
  const burns = BigInt(ledger?.burns ?? "0");
  const low = outstanding - burns;
  const high = outstanding + mints;
  const differenceUnits = supply.units > high ? supply.units - high : supply.units < low ? supply.units - low : 0n;
  return {
    chain: chain.name,
    currency,
    onChainUnits: supply.units,
    outstandingMinor,
    mintsInFlightMinor: tokenUnitsToMinor(mints, decimals),
    burnsInFlightMinor: tokenUnitsToMinor(burns, decimals),
    differenceUnits,
  };
}

/** The day's latest figures, and an alert when they differ (kept open, not raised again, until acknowledged). */
async function record(figures: SupplyFigures, chain: ChainInfo, now: Date): Promise<void> {
  const prisma = await db();
  const decimals = tokenContract(chain, figures.currency).decimals;
  const onChainMinor = tokenUnitsToMinor(figures.onChainUnits, decimals);
  // Below a cent still differs: shown as one cent rather than hidden by the rounding.
  const differenceMinor =
    figures.differenceUnits === 0n
      ? 0n
      : tokenUnitsToMinor(figures.differenceUnits, decimals) || (figures.differenceUnits > 0n ? 1n : -1n);
  const date = new Date(now.toISOString().slice(0, 10));
  const data = {
    onChainMinor,
    outstandingMinor: figures.outstandingMinor,
    mintsInFlightMinor: figures.mintsInFlightMinor,
    burnsInFlightMinor: figures.burnsInFlightMinor,
    differenceMinor,
    checkedAt: now,
  };
  await prisma.supplyCheck.upsert({
    where: { chain_currency_date: { chain: figures.chain, currency: figures.currency, date } },
    create: { chain: figures.chain, currency: figures.currency, date, ...data },
    update: data,
  });
  if (differenceMinor === 0n) return;
  const inserted = await prisma.$executeRaw`
    INSERT INTO "SupplyAlert" ("id", "chain", "currency", "onChainMinor", "outstandingMinor", "differenceMinor",
      "raisedAt", "openKey")
    VALUES (gen_random_uuid(), ${figures.chain}, ${figures.currency}, ${onChainMinor}, ${figures.outstandingMinor},
      ${differenceMinor}, ${now}, ${`${figures.chain}:${figures.currency}`})
    ON CONFLICT ("openKey") DO NOTHING`;
  if (inserted === 1) {
    logger().error(
      { chain: figures.chain, currency: figures.currency, differenceMinor: String(differenceMinor) },
      "the token supply on chain differs from the ledger's tokens outstanding",
    );
  }
}
