import { generateHsmKek, type KekTokenSettings } from "../../server/keys/hsm-keks.ts";
import { kekToken } from "../../server/keys/key-settings.ts";
import { newKekId } from "../../server/keys/keyring.ts";

/**
 * `--pkcs11` of the key scripts: a new key-encryption key generated in the token the `TOKENRAIL_PKCS11_*` settings
 * name; returns its label and the token's settings. Without those settings the script stops with what is missing.
 */
export async function newTokenKek(): Promise<{ label: string; tokenLabel: string; token: KekTokenSettings }> {
  const token = kekToken(process.env);
  if (!token) {
    console.error(
      "--pkcs11 needs TOKENRAIL_PKCS11_LIBRARY, TOKENRAIL_PKCS11_TOKEN_LABEL and TOKENRAIL_PKCS11_PIN(_FILE)",
    );
    process.exit(2);
  }
  const label = newKekId();
  await generateHsmKek(token, label);
  return { label, tokenLabel: token.tokenLabel, token };
}
