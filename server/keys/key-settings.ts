import path from "node:path";
import { z } from "zod";
import { secret } from "../chains/signers/signer-settings.ts";
import { defineSettings } from "../settings/define-settings.ts";
import type { KekTokenSettings } from "./hsm-keks.ts";

/** Where the keys that protect personal data at rest come from (./keyring.ts). */
export const keySettings = defineSettings({
  variables: {
    TOKENRAIL_KEYRING_FILE: z.string().min(1).max(4096).optional(),
    /** Benchmarks and tests only (`npm run bench -- p10` measures what sealing costs against it). */
    TOKENRAIL_SEAL_AT_REST: z.enum(["on", "off"]).optional(),
  },
  read(e, { production, dataDir, env }, problems) {
    if (production && !e.TOKENRAIL_KEYRING_FILE) {
      problems.push(
        "TOKENRAIL_KEYRING_FILE: production needs the keyring that protects personal data, kept apart from the database and the files (npm run keys:create)",
      );
    }
    if (production && e.TOKENRAIL_SEAL_AT_REST === "off") {
      problems.push(
        "TOKENRAIL_SEAL_AT_REST: off is for benchmarks and tests only; production keeps personal data and files sealed",
      );
    }
    return {
      keys: {
        /** The keyring file; the sandbox keeps one in its data directory, made at first use. */
        keyringFile: path.resolve(
          /* turbopackIgnore: true */ e.TOKENRAIL_KEYRING_FILE ?? path.join(dataDir, "keyring.json"),
        ),
        /** Only a keyring of the instance's own making is created when missing; a named one must exist. */
        createKeyring: !e.TOKENRAIL_KEYRING_FILE,
        /** The token of a keyring whose keys it holds: the issuer signer's (`TOKENRAIL_PKCS11_*`), when set. */
        pkcs11: kekToken(env),
        /**
         * Whether new personal data and files are sealed (always, but in a benchmark's baseline): off, they are stored
         * as they come, and what is already sealed is still opened.
         */
        sealAtRest: e.TOKENRAIL_SEAL_AT_REST !== "off",
      },
    };
  },
});

export function kekToken(env: Record<string, string | undefined>): KekTokenSettings | undefined {
  const library = env.TOKENRAIL_PKCS11_LIBRARY;
  const tokenLabel = env.TOKENRAIL_PKCS11_TOKEN_LABEL;
  if (!library || !tokenLabel) return undefined;
  // A missing or unreadable PIN is reported by the signer's settings, or by the keyring's opening (which names it).
  const pin = secret("TOKENRAIL_PKCS11_PIN", env.TOKENRAIL_PKCS11_PIN, env.TOKENRAIL_PKCS11_PIN_FILE, []);
  return pin ? { library, tokenLabel, pin } : undefined;
}
