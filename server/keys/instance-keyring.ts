import fs from "node:fs";
import type { Config } from "../config.ts";
import { ConfigError } from "../settings/config-error.ts";
import { openHsmKeks } from "./hsm-keks.ts";
import { KeyringError, hsmKeyLabels, readKeyring, type Keyring } from "./keyring.ts";

// On globalThis: Next.js bundles each route apart, and every bundle must see one keyring per file.
const holder = globalThis as typeof globalThis & {
  __tokenrailKeyrings?: Map<string, Keyring>;
  __tokenrailKeyringTokens?: (() => void)[];
};
const keyrings = (holder.__tokenrailKeyrings ??= new Map<string, Keyring>());
const tokens = (holder.__tokenrailKeyringTokens ??= []);

type KeyConfig = Pick<Config, "keys" | "secret">;

/**
 * The instance's keyring, read once per process (a rotation's new key is read by restarting every instance). One
 * whose keys a token holds is opened at start (`openInstanceKeyring`), since the token is reached asynchronously.
 */
export function instanceKeyring(config: KeyConfig): Keyring {
  const { keyringFile, createKeyring } = config.keys;
  let keyring = keyrings.get(keyringFile);
  if (!keyring) {
    keyring = readKeyring(keyringFile, { create: createKeyring, from: config.secret || undefined });
    keyrings.set(keyringFile, keyring);
  }
  return keyring;
}

/**
 * Opens the keyring at start: with the token first when the file names keys it holds (every key it names must be
 * there, or the start is refused), else as `instanceKeyring` reads it.
 */
export async function openInstanceKeyring(config: KeyConfig): Promise<Keyring> {
  const { keyringFile, pkcs11 } = config.keys;
  const known = keyrings.get(keyringFile);
  if (known) return known;
  const text = fs.existsSync(keyringFile) ? fs.readFileSync(keyringFile, "utf8") : "";
  const labels = hsmKeyLabels(text);
  if (labels.length === 0) return instanceKeyring(config);
  if (!pkcs11) {
    throw new ConfigError([
      `TOKENRAIL_KEYRING_FILE: ${keyringFile} names keys held in a PKCS#11 token; set TOKENRAIL_PKCS11_LIBRARY, TOKENRAIL_PKCS11_TOKEN_LABEL and TOKENRAIL_PKCS11_PIN (or _PIN_FILE)`,
    ]);
  }
  const hsm = await openHsmKeks(pkcs11, labels);
  try {
    const keyring = readKeyring(keyringFile, { create: false, hsm });
    keyrings.set(keyringFile, keyring);
    tokens.push(() => hsm.close());
    return keyring;
  } catch (error) {
    hsm.close();
    throw error instanceof KeyringError ? new ConfigError([`TOKENRAIL_KEYRING_FILE: ${error.message}`]) : error;
  }
}

/** Forgets the keyrings read so far: the next use reads the file again (tests, rotation in process). */
export function forgetKeyrings(): void {
  keyrings.clear();
  for (const close of tokens.splice(0)) close();
}
