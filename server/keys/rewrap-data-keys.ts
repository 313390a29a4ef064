import type { Config } from "../config.ts";
import { plainFileStorage } from "../files/configured-storage.ts";
import { countNamedContents, namedContents } from "../files/encrypt-plain-contents.ts";
import { EncryptedFileStorage } from "../files/encrypted-storage.ts";
import { logger } from "../logging/logger.ts";
import { instanceKeyring } from "./instance-keyring.ts";
import type { Progress } from "./progress.ts";
import { SEALED_COLUMNS, countAllSealedColumns, rewriteSealedColumn, underOlderSql } from "./sealed-columns.ts";
import { isSealed, rewrapValue } from "./sealed-value.ts";

/*
 * Rotation of the key-encryption key (C70): once a new key is current in the keyring (`npm run keys:rotate`) and
 * every instance has read it (a restart), each instance re-wraps the data keys still wrapped by an older key: the
 * records' (only their wrapped key changes; the ciphertext stays) and the files' (only the header is rewritten).
 * Every step is one row or one object and can be repeated, so the job is resumed by running again, may run on
 * several instances at once and needs no downtime: until a data key is re-wrapped, the older key still opens it.
 * `countUnderOlderKeys` says what is left; an older key may leave the keyring only when it is zero.
 */

export async function rewrapDataKeys(
  config: Pick<Config, "files" | "keys" | "secret">,
  progress?: Progress,
): Promise<{ records: number; files: number }> {
  const keyring = instanceKeyring(config);
  await progress?.setTotal(
    (await countAllSealedColumns(underOlderSql(keyring.currentKekId))) + (await countNamedContents()),
  );
  let records = 0;
  for (const column of SEALED_COLUMNS) {
    records += await rewriteSealedColumn(
      column,
      underOlderSql(keyring.currentKekId),
      (value) => (isSealed(value) ? rewrapValue(value, column.context, keyring) : undefined),
      progress,
    );
  }
  const storage = new EncryptedFileStorage(plainFileStorage(config), keyring, config.files.spoolDir);
  let files = 0;
  for await (const keys of namedContents()) {
    for (const key of keys) {
      if (await storage.rewrap(key)) files += 1;
      await progress?.advance(1);
    }
  }
  if (records > 0 || files > 0) {
    logger().info({ records, files, kek: keyring.currentKekId }, "data keys re-wrapped under the current key");
  }
  return { records, files };
}

/** Records and files whose data key an older key-encryption key still wraps. */
export async function countUnderOlderKeys(
  config: Pick<Config, "files" | "keys" | "secret">,
): Promise<{ records: number; files: number }> {
  const keyring = instanceKeyring(config);
  const records = await countRecordsUnderOlderKeys(config);
  const storage = new EncryptedFileStorage(plainFileStorage(config), keyring, config.files.spoolDir);
  let files = 0;
  for await (const keys of namedContents()) {
    for (const key of keys) {
      const under = await storage.sealedUnder(key);
      if (under !== undefined && under !== keyring.currentKekId) files += 1;
    }
  }
  return { records, files };
}

/** Records (no files: that needs every file's header) whose data key an older key still wraps; cheap, for the console. */
export async function countRecordsUnderOlderKeys(config: Pick<Config, "keys" | "secret">): Promise<number> {
  return countAllSealedColumns(underOlderSql(instanceKeyring(config).currentKekId));
}
