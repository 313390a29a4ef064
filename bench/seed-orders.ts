import { connect, type BenchDatabase } from "./database.ts";

/**
 * Benchmark P3's data: `count` orders for one profile, written by a single `INSERT … SELECT … FROM generate_series`
 * straight into "Order" (placing them through the API would take hours). The rows look like the ones the app
 * writes (prisma/migrations/*orders_and_ledger): a third are issue orders from a bank payment, the rest signed
 * redeem orders to an IBAN; 95 % processed (with a transaction hash), 4 % rejected, 1 % placed; ten memos in turn;
 * one a minute, oldest first, so `seq` and `placedAt` agree. They carry no ledger entries: GET /orders never reads
 * the ledger, and nothing processes them (the bench servers run with automatic processing off). Counterpart and memo
 * are written in plain text, as before sealing began (SQL cannot seal them): GET /orders opens them as it is, and
 * finds such a memo by its value (server/orders/list-orders.ts).
 */

/** The memo every tenth seeded order carries: the filter of P3's memo query matches 10 % of a profile's orders. */
export const SEEDED_MEMO = "Invoice 7";

const PAYEE_IBAN = "GR1601101250000000012300695";
const PAYER_IBAN = "DE89370400440532013000";

const REDEEM_COUNTERPART = JSON.stringify({
  identifier: { standard: "iban", iban: PAYEE_IBAN },
  details: { firstName: "Mockbank", lastName: "Testerson", country: "GR" },
});
const ISSUE_COUNTERPART = JSON.stringify({
  identifier: { standard: "iban", iban: PAYER_IBAN },
  details: { name: "Sandbox Payer" },
});

/** Parameters: $1 profile id, $2 address (as linked), $3 how many orders. */
export const SEED_ORDERS_SQL = `
INSERT INTO "Order" (
  "id", "kind", "profileId", "address", "addressKey", "chain", "currency", "amountMinor", "counterpart", "memo",
  "state", "message", "signature", "messageKey", "signedAt", "placedAt", "processedAt", "rejectedReason",
  "txHashes", "updatedAt"
)
SELECT
  gen_random_uuid(),
  CASE WHEN s.issue THEN 'issue' ELSE 'redeem' END::"OrderKind",
  $1::uuid,
  $2::text,
  lower($2::text),
  'sepolia',
  'eur',
  s.minor,
  CASE WHEN s.issue THEN '${ISSUE_COUNTERPART}' ELSE '${REDEEM_COUNTERPART}' END::jsonb,
  to_jsonb('Invoice ' || (s.i % 10)),
  s.state::"OrderState",
  CASE WHEN NOT s.issue THEN
    'Send EUR ' || to_char(s.minor / 100.0, 'FM999999990.00') || ' to ${PAYEE_IBAN} at ' ||
    to_char(s.placed AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')
  END,
  CASE WHEN NOT s.issue THEN '0x' || repeat(md5(s.i::text), 4) || '1b' END,
  CASE WHEN NOT s.issue THEN md5($1::text || ':' || s.i) END,
  CASE WHEN NOT s.issue THEN s.placed END,
  s.placed,
  CASE WHEN s.state = 'processed' THEN s.placed + interval '20 seconds' END,
  CASE WHEN s.state = 'rejected' THEN 'Rejected by the operator' END,
  CASE WHEN s.state = 'processed' THEN ARRAY['0x' || md5(s.i::text) || md5($1::text || s.i)] ELSE ARRAY[]::text[] END,
  s.placed + interval '20 seconds'
FROM (
  SELECT
    g.i,
    g.i % 3 = 0 AS issue,
    100 + (g.i::bigint * 7919) % 100000 AS minor,
    CASE
      WHEN g.i % 100 < 95 THEN 'processed'
      WHEN g.i % 100 < 99 THEN 'rejected'
      WHEN g.i % 3 = 0 THEN 'processed'
      ELSE 'placed'
    END AS state,
    date_trunc('second', now()) - ($3::int - g.i) * interval '1 minute' AS placed
  FROM generate_series(1, $3::int) AS g(i)
) AS s
`;

export type SeedBatch = { profileId: string; address: string; count: number };

/**
 * Runs the insert for each batch, then `VACUUM ANALYZE "Order"`: the planner gets the statistics a live database's
 * autovacuum would have gathered by then, and the first timed reads do not pay for setting hint bits on a million
 * fresh rows. On PGlite the caller must have stopped the server first: one process per data directory.
 */
export async function seedOrders(database: BenchDatabase, batches: SeedBatch[]): Promise<void> {
  const connection = await connect(database);
  try {
    for (const batch of batches) await connection.query(SEED_ORDERS_SQL, [batch.profileId, batch.address, batch.count]);
    await connection.query('VACUUM ANALYZE "Order"');
  } finally {
    await connection.close();
  }
}
