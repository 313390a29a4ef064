import { getConfig } from "../config.ts";
import { moveRecordsUnderSubjectKeys } from "../audit/subject-records.ts";
import { logger } from "../logging/logger.ts";
import { CASE_MATCH_KEY, countBareMatchKeys, keyMatchKeys } from "../screening/cases/match-key.ts";
import { instanceKeyring } from "./instance-keyring.ts";
import type { Progress } from "./progress.ts";
import {
  PLAIN_SQL,
  SEALED_COLUMNS,
  countAllSealedColumns,
  countSealedColumn,
  countUnindexed,
  indexSealedColumn,
  rewriteSealedColumn,
} from "./sealed-columns.ts";
import { sealValue } from "./sealed-value.ts";

/*
 * Records of personal data written before sealing began (C70) are sealed in place, column by column of
 * ./sealed-columns.ts (resumable, safe beside writes and other instances). A column looked up through a blind index
 * has its missing indexes filled first, so a row is never sealed before it can be found by its index; until then,
 * lookups also match a row without an index by its plain value (e.g. ../users/user-email.ts).
 * Compliance cases' match digests written unkeyed are keyed in the same pass (../screening/cases/match-key.ts).
 * `countPlainRecords` is the proof: the values still in plain text or unindexed per column, and the cases' match
 * digests still unkeyed (zero once done). Audit entries and approvals about a customer sealed under the keyring are
 * then moved under the customer's own key (C71; ../audit/subject-records.ts), `countRecordsUnderKeyring` saying what
 * is left.
 */

export async function countPlainRecords(): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const column of SEALED_COLUMNS) {
    counts[`${column.table}.${column.column}`] =
      (await countSealedColumn(column, PLAIN_SQL)) + (await countUnindexed(column));
  }
  // Not a sealed column: a digest of personal data, keyed in place (../screening/cases/match-key.ts).
  counts[CASE_MATCH_KEY] = await countBareMatchKeys();
  return counts;
}

export async function sealPlainRecords(progress?: Progress): Promise<{ sealed: number }> {
  await progress?.setTotal(await countAllSealedColumns(PLAIN_SQL));
  const keyring = instanceKeyring(getConfig());
  let sealed = 0;
  for (const column of SEALED_COLUMNS) {
    await indexSealedColumn(column, progress);
    sealed += await rewriteSealedColumn(
      column,
      PLAIN_SQL,
      (value) => sealValue(value, column.context, keyring),
      progress,
      (value) => (typeof value === "string" ? keyring.blindIndex(column.context, value) : null),
    );
  }
  const keyed = await keyMatchKeys(progress);
  if (keyed > 0) logger().info({ keyed }, "compliance cases' match digests keyed");
  // Last, what the audit log and approvals say of a customer moves under the customer's own key (C71).
  const moved = await moveRecordsUnderSubjectKeys(progress);
  if (moved > 0) logger().info({ moved }, "audit entries and approvals moved under their customers' keys");
  sealed += moved;
  if (sealed > 0) logger().info({ sealed }, "records of personal data kept in plain text sealed");
  return { sealed };
}
