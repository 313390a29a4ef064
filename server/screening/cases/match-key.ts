import type { Prisma } from "../../generated/prisma/client.ts";
import { db } from "../../db/client.ts";
import { blindIndex } from "../../keys/blind-index.ts";
import type { Progress } from "../../keys/progress.ts";
import { canonicalDigest } from "../canonical-json.ts";

/*
 * A screening case's `matchKey` says which match it is, so a match an officer cleared is not opened again while
 * neither the subject nor the list entry changes (./open-case.ts): the case's profile, subject kind, list and entry
 * reference and hold, then a digest of the subject as screened and the entry. That digest is keyed (C70): the HMAC
 * under the keyring's index key (server/keys/blind-index.ts) of the value's SHA-256, so a database dump cannot confirm
 * a guessed name against it. Cases written before kept the bare SHA-256 (`<base>:<64 hex>`); the sealing pass keys
 * them in place (`keyMatchKeys`), from the digest alone, and until it has, a case is also found by the bare form.
 */
export const CASE_MATCH_KEY = "ComplianceCase.matchKey";

/** What marks a keyed digest (`<base>:h.<hmac>`), so a bare one (`<base>:<sha-256>`) is told apart. */
const KEYED = "h.";

/** A bare digest at the end of a screening case's key, as written before the digest was keyed. */
const BARE_SQL = `"kind" = 'screening' AND "matchKey" ~ ':[0-9a-f]{64}$'`;

function keyed(digest: string): string {
  return `${KEYED}${blindIndex(CASE_MATCH_KEY, "match", digest)}`;
}

/**
 * The match key of `value` (the subject as screened and the list entry) after `base`, and its bare form as cases
 * written before the digest was keyed keep it (to find those until the sealing pass has keyed them).
 */
export function caseMatchKeys(base: string, value: unknown): { matchKey: string; bare: string } {
  const digest = canonicalDigest(value);
  return { matchKey: `${base}:${keyed(digest)}`, bare: `${base}:${digest}` };
}

/** A case's key with its bare digest keyed; undefined for a key that holds none. */
export function keyedMatchKey(stored: string): string | undefined {
  const found = /^(.*):([0-9a-f]{64})$/.exec(stored);
  return found ? `${found[1]}:${keyed(found[2]!)}` : undefined;
}

/**
 * Keys every screening case's bare digest in place (cases written before it was keyed), a batch at a time in id
 * order. A case is updated only if its key is still what was read, so the pass is resumable and safe beside new
 * cases and other instances. Returns how many it keyed.
 */
export async function keyMatchKeys(progress?: Progress): Promise<number> {
  const prisma = await db();
  let done = 0;
  let after: string | undefined;
  for (;;) {
    const rows = await prisma.$queryRawUnsafe<{ id: string; matchKey: string }[]>(
      `SELECT id::text AS id, "matchKey" FROM "ComplianceCase"
        WHERE ${BARE_SQL} ${after === undefined ? "" : "AND id > $1::uuid"} ORDER BY id LIMIT ${BATCH}`,
      ...(after === undefined ? [] : [after]),
    );
    if (rows.length === 0) return done;
    for (const row of rows) {
      const next = keyedMatchKey(row.matchKey);
      if (next) {
        done += await prisma.$executeRaw`UPDATE "ComplianceCase" SET "matchKey" = ${next}
          WHERE id = ${row.id}::uuid AND "matchKey" = ${row.matchKey}`;
      }
      await progress?.advance(0);
    }
    after = rows[rows.length - 1]!.id;
  }
}

const BATCH = 200;

/** How many screening cases still keep a bare digest (zero once the sealing pass has keyed them). */
export async function countBareMatchKeys(): Promise<number> {
  const prisma = await db();
  const [row] = await prisma.$queryRawUnsafe<{ n: bigint }[]>(
    `SELECT count(*) AS n FROM "ComplianceCase" WHERE ${BARE_SQL}`,
  );
  return Number(row?.n ?? 0);
}

/** What finds the cases of a match: by its keyed key, or by its bare one not keyed yet. */
export function whereMatch(keys: { matchKey: string; bare: string }): Prisma.ComplianceCaseWhereInput {
  return { matchKey: { in: [keys.matchKey, keys.bare] } };
}
