import { toHex, type Address, type Hex } from "viem";
import { publicKeyToAddress } from "viem/accounts";
import { ethereumSignature, uncompressedPoint } from "./ecdsa.ts";
import type { IssuerSigner } from "./issuer-signer.ts";
import { CK, ckr, SECP256K1_PARAMS, type Handle } from "./pkcs11-api.ts";
import { attribute, findObjects, openToken, refuse, type Pkcs11Settings, type TokenSession } from "./pkcs11-token.ts";

/** Errors after which the session is opened again once: the HSM restarted, or the token was pulled and put back. */
const LOST_SESSION =
  /CKR_(SESSION_HANDLE_INVALID|SESSION_CLOSED|USER_NOT_LOGGED_IN|DEVICE_REMOVED|TOKEN_NOT_PRESENT|KEY_HANDLE_INVALID|OBJECT_HANDLE_INVALID)/;

type OpenKey = { token: TokenSession; key: Handle; address: Address };

/**
 * The issuer key in an HSM, reached through its PKCS#11 library: the key is found by its label, must be a secp256k1
 * key the token will not export, and signs with CKM_ECDSA over the 32-byte hash. Every problem at opening (no library,
 * no token, a wrong PIN, a locked token, no key, an exportable key) is a start-up refusal.
 */
export async function openPkcs11Signer(settings: Pkcs11Settings): Promise<IssuerSigner> {
  let open = await openKey(settings);
  const address = open.address;
  // A session does one signing operation at a time: signatures wait their turn.
  let queue: Promise<unknown> = Promise.resolve();
  const signOnce = async (hash: Hex) => {
    open.token.pkcs11.C_SignInit(open.token.session, { mechanism: CK.CKM_ECDSA }, open.key);
    const rs = await open.token.pkcs11.C_SignAsync(
      open.token.session,
      Buffer.from(hash.slice(2), "hex"),
      Buffer.alloc(72),
    );
    return ethereumSignature(rs, hash, address);
  };
  const sign = async (hash: Hex) => {
    try {
      return await signOnce(hash);
    } catch (error) {
      if (!LOST_SESSION.test(ckr(error))) throw new Error(`PKCS#11 signing failed (${ckr(error)})`);
      open.token.close();
      open = await openKey(settings);
      if (open.address !== address) throw new Error("the token's issuer key changed while the instance ran");
      return signOnce(hash);
    }
  };
  return {
    kind: "pkcs11",
    address,
    signHash: (hash) => {
      if (!/^0x[0-9a-fA-F]{64}$/.test(hash)) return Promise.reject(new Error("only a 32-byte hash is signed"));
      const turn = queue.then(() => sign(hash));
      queue = turn.catch(() => undefined);
      return turn;
    },
    close: () => open.token.close(),
  };
}

async function openKey(settings: Pkcs11Settings): Promise<OpenKey> {
  const token = await openToken(settings);
  try {
    const label = settings.keyLabel;
    const [key, ...others] = findObjects(token, [
      { type: CK.CKA_CLASS, value: CK.CKO_PRIVATE_KEY },
      { type: CK.CKA_LABEL, value: label },
    ]);
    if (!key)
      refuse(
        "TOKENRAIL_PKCS11_KEY_LABEL",
        `the token has no private key labelled "${label}" (npm run hsm:keygen makes one)`,
      );
    if (others.length > 0)
      refuse("TOKENRAIL_PKCS11_KEY_LABEL", `the token has several private keys labelled "${label}"`);
    if (!attribute(token, key, CK.CKA_EC_PARAMS).equals(SECP256K1_PARAMS)) {
      refuse("TOKENRAIL_PKCS11_KEY_LABEL", `the key "${label}" is not a secp256k1 key`);
    }
    if (attribute(token, key, CK.CKA_EXTRACTABLE)[0] !== 0 || attribute(token, key, CK.CKA_SENSITIVE)[0] !== 1) {
      refuse("TOKENRAIL_PKCS11_KEY_LABEL", `the key "${label}" can be exported from the token: make one that cannot`);
    }
    const [publicKey] = findObjects(token, [
      { type: CK.CKA_CLASS, value: CK.CKO_PUBLIC_KEY },
      { type: CK.CKA_LABEL, value: label },
    ]);
    if (!publicKey)
      refuse("TOKENRAIL_PKCS11_KEY_LABEL", `the token has no public key labelled "${label}" beside the private one`);
    const point = uncompressedPoint(attribute(token, publicKey, CK.CKA_EC_POINT));
    return { token, key, address: publicKeyToAddress(toHex(point)) };
  } catch (error) {
    token.close();
    throw error;
  }
}
