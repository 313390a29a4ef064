import { CK, ckr, loadBinding, type Handle } from "../chains/signers/pkcs11-api.ts";
import { attribute, findObjects, openToken, refuse, type TokenSession } from "../chains/signers/pkcs11-token.ts";
import type { HsmKeks } from "./keyring.ts";

/*
 * Key-encryption keys in a PKCS#11 token (C70), the same key provider as the issuer's signer: AES-256 keys generated
 * in the token, which will not export them, that wrap and unwrap data keys with CKM_AES_GCM (a 12-byte IV, the data
 * key's context as additional data, a 16-byte tag). The keyring file names them by label; the process never holds
 * them. Every problem at opening is a start-up refusal that names its setting.
 */

/** The token that holds the keys: its library, label and user PIN (the signer's `TOKENRAIL_PKCS11_*` settings). */
export type KekTokenSettings = { library: string; tokenLabel: string; pin: string };

const KEY_BYTES = 32;
const TAG_BITS = 128;

async function gcmKind(): Promise<number> {
  const binding = await loadBinding();
  const kind = binding?.CK_PARAMS_GCM;
  if (kind === undefined) refuse("TOKENRAIL_PKCS11_LIBRARY", "the PKCS#11 binding offers no AES-GCM parameters");
  return kind;
}

function findSecretKey(token: TokenSession, label: string): Handle {
  const [key, ...others] = findObjects(token, [
    { type: CK.CKA_CLASS, value: CK.CKO_SECRET_KEY },
    { type: CK.CKA_LABEL, value: label },
  ]);
  if (!key) refuse("TOKENRAIL_KEYRING_FILE", `the token has no secret key labelled "${label}" that the keyring names`);
  if (others.length > 0) refuse("TOKENRAIL_KEYRING_FILE", `the token has several secret keys labelled "${label}"`);
  if (attribute(token, key, CK.CKA_EXTRACTABLE)[0] !== 0 || attribute(token, key, CK.CKA_SENSITIVE)[0] !== 1) {
    refuse("TOKENRAIL_KEYRING_FILE", `the key "${label}" can be exported from the token: make one that cannot`);
  }
  return key;
}

/**
 * Opens the token and finds every key `labels` names (a missing one is a refusal now, not a failure at the first
 * read). Calls are synchronous, so one session serves them one at a time.
 */
export async function openHsmKeks(settings: KekTokenSettings, labels: string[]): Promise<HsmKeks & { close(): void }> {
  const token = await openToken({ ...settings, keyLabel: "" });
  const kind = await gcmKind();
  const keys = new Map<string, Handle>();
  try {
    for (const label of labels) keys.set(label, findSecretKey(token, label));
  } catch (error) {
    token.close();
    throw error;
  }
  const keyOf = (label: string) => {
    const key = keys.get(label);
    if (!key) throw new Error(`the token key "${label}" was not opened`);
    return key;
  };
  const mechanism = (iv: Buffer, aad: Buffer) => ({
    mechanism: CK.CKM_AES_GCM,
    parameter: { type: kind, iv, ivBits: iv.length * 8, aad, tagBits: TAG_BITS },
  });
  return {
    encrypt(label, iv, aad, data) {
      try {
        token.pkcs11.C_EncryptInit(token.session, mechanism(iv, aad), keyOf(label));
        return Buffer.from(token.pkcs11.C_Encrypt(token.session, data, Buffer.alloc(data.length + TAG_BITS / 8)));
      } catch (error) {
        throw new Error(`PKCS#11 wrapping failed (${ckr(error)})`);
      }
    },
    decrypt(label, iv, aad, sealed) {
      try {
        token.pkcs11.C_DecryptInit(token.session, mechanism(iv, aad), keyOf(label));
        return Buffer.from(token.pkcs11.C_Decrypt(token.session, sealed, Buffer.alloc(sealed.length)));
      } catch (error) {
        throw new Error(`PKCS#11 unwrapping failed (${ckr(error)})`);
      }
    },
    close: () => token.close(),
  };
}

/** Generates a new key-encryption key in the token under `label`: AES-256, never exportable (`npm run keys:*`). */
export async function generateHsmKek(settings: KekTokenSettings, label: string): Promise<void> {
  const token = await openToken({ ...settings, keyLabel: "" }, { readWrite: true });
  try {
    if (findObjects(token, [{ type: CK.CKA_LABEL, value: label }]).length > 0) {
      refuse("TOKENRAIL_PKCS11_TOKEN_LABEL", `the token already has a key labelled "${label}"`);
    }
    token.pkcs11.C_GenerateKey(token.session, { mechanism: CK.CKM_AES_KEY_GEN }, [
      { type: CK.CKA_CLASS, value: CK.CKO_SECRET_KEY },
      { type: CK.CKA_KEY_TYPE, value: CK.CKK_AES },
      { type: CK.CKA_VALUE_LEN, value: KEY_BYTES },
      { type: CK.CKA_TOKEN, value: true },
      { type: CK.CKA_PRIVATE, value: true },
      { type: CK.CKA_SENSITIVE, value: true },
      { type: CK.CKA_EXTRACTABLE, value: false },
      { type: CK.CKA_ENCRYPT, value: true },
      { type: CK.CKA_DECRYPT, value: true },
      { type: CK.CKA_LABEL, value: label },
    ]);
  } finally {
    token.close();
  }
}
