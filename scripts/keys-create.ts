/**
 * `npm run keys:create -- <file> [--pkcs11]`: makes a new keyring (server/keys/keyring.ts) for personal data at rest,
 * readable by its owner only, and refuses to overwrite one. Keep it apart from the database, the file store and their
 * backups, and give every instance the same file in `TOKENRAIL_KEYRING_FILE`. With `--pkcs11`, its key-encryption
 * key is generated in the token the `TOKENRAIL_PKCS11_*` settings name and never leaves it; the file names it and
 * keeps the index key wrapped by it.
 */
import fs from "node:fs";
import path from "node:path";
import { openHsmKeks } from "../server/keys/hsm-keks.ts";
import { createHsmKeyring, readKeyring } from "../server/keys/keyring.ts";
import { newTokenKek } from "./lib/token-kek.ts";

const [file, flag] = process.argv.slice(2);
if (!file || (flag !== undefined && flag !== "--pkcs11")) {
  console.error("Usage: npm run keys:create -- <file> [--pkcs11]");
  process.exit(2);
}
const target = path.resolve(file);
if (fs.existsSync(target)) {
  console.error(`${target} exists: a keyring is never overwritten (the data it protects would be lost)`);
  process.exit(1);
}
let kek: string;
if (flag === "--pkcs11") {
  const made = await newTokenKek();
  const hsm = await openHsmKeks(made.token, [made.label]);
  try {
    kek = createHsmKeyring(target, made.label, hsm);
  } finally {
    hsm.close();
  }
  console.log(`Key-encryption key ${kek} generated in the token "${made.tokenLabel}".`);
} else {
  kek = readKeyring(target, { create: true }).currentKekId;
}
console.log(`Keyring written to ${target} (key-encryption key ${kek}).`);
console.log(`Set TOKENRAIL_KEYRING_FILE=${target} on every instance.`);
