/**
 * The part of the PKCS#11 C API the issuer signer uses, through `pkcs11js` (PeculiarVentures' binding). It is an
 * optional dependency, built from source at install: on a machine where that build failed it is absent, and an
 * instance configured for PKCS#11 refuses to start with `PKCS11_MISSING` instead of failing later. The types are
 * declared here, not imported, so the rest of the code type-checks with or without it.
 */
export type Handle = Buffer;
export type Attribute = { type: number; value?: number | boolean | string | Buffer };
/** A mechanism with its parameters; `type` is the binding's own name for their kind (`CK_PARAMS_GCM`). */
export type Mechanism = {
  mechanism: number;
  parameter?: { type: number; iv: Buffer; ivBits: number; aad: Buffer; tagBits: number };
};

export type Pkcs11 = {
  load(path: string): void;
  close(): void;
  C_Initialize(): void;
  C_Finalize(): void;
  C_GetSlotList(tokenPresent?: boolean): Handle[];
  C_GetTokenInfo(slot: Handle): { label: string; flags: number };
  C_OpenSession(slot: Handle, flags: number): Handle;
  C_CloseSession(session: Handle): void;
  C_Login(session: Handle, userType: number, pin?: string): void;
  C_FindObjectsInit(session: Handle, template: Attribute[]): void;
  C_FindObjects(session: Handle, maxObjectCount: number): Handle[];
  C_FindObjectsFinal(session: Handle): void;
  C_GetAttributeValue(session: Handle, object: Handle, template: Attribute[]): { type: number; value?: Buffer }[];
  C_CreateObject(session: Handle, template: Attribute[]): Handle;
  C_GenerateKeyPair(
    session: Handle,
    mechanism: { mechanism: number },
    publicTemplate: Attribute[],
    privateTemplate: Attribute[],
  ): { publicKey: Handle; privateKey: Handle };
  C_GenerateKey(session: Handle, mechanism: { mechanism: number }, template: Attribute[]): Handle;
  C_EncryptInit(session: Handle, mechanism: Mechanism, key: Handle): void;
  C_Encrypt(session: Handle, data: Buffer, out: Buffer): Buffer;
  C_DecryptInit(session: Handle, mechanism: Mechanism, key: Handle): void;
  C_Decrypt(session: Handle, data: Buffer, out: Buffer): Buffer;
  C_SignInit(session: Handle, mechanism: { mechanism: number }, key: Handle): void;
  C_SignAsync(session: Handle, data: Buffer, signature: Buffer): Promise<Buffer>;
};

/** The constants used, as the PKCS#11 2.40 headers define them (`pkcs11t.h`). */
export const CK = {
  CKA_CLASS: 0x0,
  CKA_TOKEN: 0x1,
  CKA_PRIVATE: 0x2,
  CKA_LABEL: 0x3,
  CKA_VALUE: 0x11,
  CKA_KEY_TYPE: 0x100,
  CKA_ID: 0x102,
  CKA_SENSITIVE: 0x103,
  CKA_ENCRYPT: 0x104,
  CKA_DECRYPT: 0x105,
  CKA_SIGN: 0x108,
  CKA_VERIFY: 0x10a,
  CKA_VALUE_LEN: 0x161,
  CKA_EXTRACTABLE: 0x162,
  CKA_EC_PARAMS: 0x180,
  CKA_EC_POINT: 0x181,
  CKO_PUBLIC_KEY: 0x2,
  CKO_PRIVATE_KEY: 0x3,
  CKO_SECRET_KEY: 0x4,
  CKK_AES: 0x1f,
  CKM_AES_KEY_GEN: 0x1080,
  CKM_AES_GCM: 0x1087,
  CKK_EC: 0x3,
  CKM_EC_KEY_PAIR_GEN: 0x1040,
  CKM_ECDSA: 0x1041,
  CKF_RW_SESSION: 0x2,
  CKF_SERIAL_SESSION: 0x4,
  CKF_TOKEN_INITIALIZED: 0x400,
  CKF_USER_PIN_LOCKED: 0x40000,
  CKU_USER: 1,
} as const;

/** The DER encoding of secp256k1's object identifier (1.3.132.0.10): the EC_PARAMS of an Ethereum key. */
export const SECP256K1_PARAMS = Buffer.from("06052b8104000a", "hex");

/** A Cryptoki error's name (`CKR_PIN_INCORRECT`), as pkcs11js puts it in the message; else the message. */
export function ckr(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return /CKR_[A-Z_]+/.exec(message)?.[0] ?? message;
}

/** The binding; `CK_PARAMS_GCM` names the kind of a mechanism's GCM parameters (its own constant, not Cryptoki's). */
type Pkcs11Module = { PKCS11: new () => Pkcs11; CK_PARAMS_GCM?: number };

/** The binding, loaded on first use (a native module: never bundled, see `serverExternalPackages`). */
export async function loadBinding(): Promise<Pkcs11Module | undefined> {
  try {
    const loaded = (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ "pkcs11js")) as {
      default?: Pkcs11Module;
    } & Partial<Pkcs11Module>;
    return loaded.default ?? (loaded as Pkcs11Module);
  } catch {
    return undefined;
  }
}
