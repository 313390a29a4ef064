import { randomBytes } from "node:crypto";
import { toHex, type Address } from "viem";
import { publicKeyToAddress } from "viem/accounts";
import { uncompressedPoint } from "./ecdsa.ts";
import { CK, SECP256K1_PARAMS } from "./pkcs11-api.ts";
import { attribute, findObjects, openToken, refuse, type Pkcs11Settings } from "./pkcs11-token.ts";

/**
 * Generates the issuer key inside the token: secp256k1, sensitive and never extractable, so it exists nowhere else
 * (no backup can be made of it either: a lost token is recovered on the contract, docs/security.md). Returns the
 * address to grant the issuer role to. A label already in use is refused rather than shadowed.
 */
export async function generateIssuerKey(settings: Pkcs11Settings): Promise<Address> {
  const token = await openToken(settings, { readWrite: true });
  try {
    const label = settings.keyLabel;
    if (findObjects(token, [{ type: CK.CKA_LABEL, value: label }]).length > 0) {
      refuse("TOKENRAIL_PKCS11_KEY_LABEL", `the token already holds a key labelled "${label}"`);
    }
    // The same CKA_ID ties the two halves together, as most PKCS#11 tools expect.
    const id = randomBytes(16);
    const { publicKey } = token.pkcs11.C_GenerateKeyPair(
      token.session,
      { mechanism: CK.CKM_EC_KEY_PAIR_GEN },
      [
        { type: CK.CKA_TOKEN, value: true },
        { type: CK.CKA_PRIVATE, value: false },
        { type: CK.CKA_LABEL, value: label },
        { type: CK.CKA_ID, value: id },
        { type: CK.CKA_VERIFY, value: true },
        { type: CK.CKA_EC_PARAMS, value: SECP256K1_PARAMS },
      ],
      [
        { type: CK.CKA_TOKEN, value: true },
        { type: CK.CKA_PRIVATE, value: true },
        { type: CK.CKA_LABEL, value: label },
        { type: CK.CKA_ID, value: id },
        { type: CK.CKA_SIGN, value: true },
        { type: CK.CKA_SENSITIVE, value: true },
        { type: CK.CKA_EXTRACTABLE, value: false },
      ],
    );
    return publicKeyToAddress(toHex(uncompressedPoint(attribute(token, publicKey, CK.CKA_EC_POINT))));
  } finally {
    token.close();
  }
}
