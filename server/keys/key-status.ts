import type { Config } from "../config.ts";
import { instanceKeyring } from "./instance-keyring.ts";
import { listKeyWork, type KeyWorkRow } from "./key-work.ts";
import { countRecordsUnderOlderKeys } from "./rewrap-data-keys.ts";
import { countPlainRecords } from "./seal-plain-records.ts";

export type KeyStatus = {
  currentKekId: string;
  kekIds: string[];
  work: KeyWorkRow[];
  plainRecords: number;
  recordsUnderOlderKeys: number;
};

/** The console's view of the keys at rest: the keyring's key names (never the keys), the passes, what is left. */
export async function keyStatus(config: Pick<Config, "keys" | "secret">): Promise<KeyStatus> {
  const keyring = instanceKeyring(config);
  const [work, plain, older] = await Promise.all([
    listKeyWork(),
    countPlainRecords(),
    countRecordsUnderOlderKeys(config),
  ]);
  return {
    currentKekId: keyring.currentKekId,
    kekIds: keyring.kekIds,
    work,
    plainRecords: Object.values(plain).reduce((sum, n) => sum + n, 0),
    recordsUnderOlderKeys: older,
  };
}
