/**
 * `npm run keys:rotate -- <file> [--pkcs11]`: adds a new key-encryption key to the keyring and makes it current (C70);
 * with `--pkcs11` it is generated in the token the `TOKENRAIL_PKCS11_*` settings name, and wraps the keyring's index
 * key from then on. Restart
 * every instance so that each reads it: each then re-wraps, in the background, the data keys an older key still
 * wraps, and logs what it re-wrapped. `npm run keys:rotate -- <file> --retire` removes the older keys once nothing is
 * wrapped by them any more, and refuses while something still is.
 */
import { loadConfig } from "../server/config.ts";
import { closeDb } from "../server/db/client.ts";
import { forgetKeyrings, openInstanceKeyring } from "../server/keys/instance-keyring.ts";
import fs from "node:fs";
import { openHsmKeks } from "../server/keys/hsm-keks.ts";
import { addKeyEncryptionKey, hsmKeyLabels, retireKeyEncryptionKeys } from "../server/keys/keyring.ts";
import { newTokenKek } from "./lib/token-kek.ts";
import { countUnderOlderKeys } from "../server/keys/rewrap-data-keys.ts";

const [file, flag] = process.argv.slice(2);
if (!file || (flag !== undefined && flag !== "--retire" && flag !== "--pkcs11")) {
  console.error("Usage: npm run keys:rotate -- <keyring file> [--pkcs11 | --retire]");
  process.exit(2);
}
if (flag !== "--retire") {
  let id: string;
  if (flag === "--pkcs11") {
    // The token is opened with the new key and those the keyring names: the index key is wrapped anew by the new one.
    const made = await newTokenKek();
    const hsm = await openHsmKeks(made.token, [made.label, ...hsmKeyLabels(fs.readFileSync(file, "utf8"))]);
    try {
      id = addKeyEncryptionKey(file, { pkcs11Label: made.label, hsm });
    } finally {
      hsm.close();
    }
  } else {
    id = addKeyEncryptionKey(file);
  }
  console.log(`Key-encryption key ${id} added to ${file} and made current.`);
  console.log("Restart every instance: each re-wraps what the older keys wrap, in the background.");
} else {
  const config = loadConfig({ ...process.env, TOKENRAIL_KEYRING_FILE: file });
  forgetKeyrings();
  await openInstanceKeyring(config);
  const left = await countUnderOlderKeys(config);
  await closeDb();
  if (left.records > 0 || left.files > 0) {
    console.error(`Not yet: ${left.records} records and ${left.files} files are still wrapped by an older key.`);
    process.exit(1);
  }
  forgetKeyrings();
  const retired = retireKeyEncryptionKeys(file, new Set());
  console.log(retired.length ? `Retired ${retired.join(", ")}.` : "No older key to retire.");
  // A key retired from a token stays there: keep it while backups sealed under it may be restored, then destroy it.
}
