import { connect, type BenchDatabase } from "./database.ts";

/**
 * Benchmark P5's burst: `count` domain events for one profile, written by a single `INSERT … SELECT … FROM
 * generate_series` straight into "DomainEvent", as the app's `recordEvent` would (firing that many payments through
 * the API would spread them over minutes, and the worker would be measured at the API's pace). Every event is a
 * copy of a real one (`template`, an Order as the API shows it) with its own `id` and a `memo` of `tag` and its
 * number, so the receiver can tell the burst apart and the bodies keep the size of a real delivery. One statement
 * commits them all at once and, like any insert into the table, wakes the worker. On PGlite the server must be
 * stopped first (it looks for events when it starts).
 */
export const SEED_EVENTS_SQL = `
INSERT INTO "DomainEvent" ("id", "type", "profileId", "data", "createdAt")
SELECT
  gen_random_uuid(),
  $1::text,
  $2::uuid,
  jsonb_set(jsonb_set($3::jsonb, '{id}', to_jsonb(gen_random_uuid()::text)), '{memo}', to_jsonb($4::text || g.i)),
  now()
FROM generate_series(1, $5::int) AS g(i)
`;

export async function seedEvents(
  database: BenchDatabase,
  burst: { type: string; profileId: string; template: unknown; tag: string; count: number },
): Promise<void> {
  const connection = await connect(database);
  try {
    await connection.query(SEED_EVENTS_SQL, [
      burst.type,
      burst.profileId,
      JSON.stringify(burst.template),
      burst.tag,
      burst.count,
    ]);
  } finally {
    await connection.close();
  }
}
