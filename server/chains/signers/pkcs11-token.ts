import fs from "node:fs";
import { ConfigError } from "../../settings/config-error.ts";
import { CK, ckr, loadBinding, type Handle, type Pkcs11 } from "./pkcs11-api.ts";

/** Where the issuer key lives in an HSM: its PKCS#11 library, the token, the key's label and the user PIN. */
export type Pkcs11Settings = { library: string; tokenLabel: string; keyLabel: string; pin: string };

/** A logged-in session on the token; `close` ends it and, with the library's last session, the library. */
export type TokenSession = { pkcs11: Pkcs11; session: Handle; close(): void };

/** A start-up refusal, shaped like the configuration's: the instance does not start half-working. */
export function refuse(setting: string, problem: string): never {
  throw new ConfigError([`${setting}: ${problem}`]);
}

/**
 * Libraries loaded in this process, by path. Cryptoki is initialised once per process, so two signers (or a signer
 * and the key generator) share it, and it is finalised when the last one closes.
 */
const libraries = new Map<string, { pkcs11: Pkcs11; users: number }>();

async function acquire(path: string): Promise<Pkcs11> {
  const known = libraries.get(path);
  if (known) {
    known.users += 1;
    return known.pkcs11;
  }
  const binding = await loadBinding();
  if (!binding) {
    refuse(
      "TOKENRAIL_ISSUER_SIGNER",
      "pkcs11 needs the npm package pkcs11js, an optional dependency built at `npm install` (with a C++ compiler and Node's headers); it is not installed",
    );
  }
  if (!fs.existsSync(path)) refuse("TOKENRAIL_PKCS11_LIBRARY", `${path} does not exist`);
  const pkcs11 = new binding.PKCS11();
  try {
    pkcs11.load(path);
    pkcs11.C_Initialize();
  } catch (error) {
    refuse("TOKENRAIL_PKCS11_LIBRARY", `${path} could not be loaded as a PKCS#11 library (${ckr(error)})`);
  }
  libraries.set(path, { pkcs11, users: 1 });
  return pkcs11;
}

function release(path: string): void {
  const known = libraries.get(path);
  if (!known || --known.users > 0) return;
  libraries.delete(path);
  try {
    known.pkcs11.C_Finalize();
    known.pkcs11.close();
  } catch {
    // The library is let go of either way; a finalize refused by a removed device changes nothing for us.
  }
}

/** The slot holding the token labelled `label`, or a refusal naming the tokens there are. */
function findSlot(pkcs11: Pkcs11, settings: Pkcs11Settings): Handle {
  const present: string[] = [];
  for (const slot of pkcs11.C_GetSlotList(true)) {
    const info = pkcs11.C_GetTokenInfo(slot);
    const label = info.label.trim();
    if (label !== settings.tokenLabel || !(info.flags & CK.CKF_TOKEN_INITIALIZED)) {
      if (label) present.push(`"${label}"`);
      continue;
    }
    if (info.flags & CK.CKF_USER_PIN_LOCKED) {
      refuse(
        "TOKENRAIL_PKCS11_PIN",
        `the token "${label}" is locked after wrong PINs: its security officer must unlock it`,
      );
    }
    return slot;
  }
  return refuse(
    "TOKENRAIL_PKCS11_TOKEN_LABEL",
    `no token labelled "${settings.tokenLabel}" is present in ${settings.library} (present: ${present.join(", ") || "none"})`,
  );
}

/** Opens a session on the configured token and logs the user in: every failure is a refusal naming its setting. */
export async function openToken(
  settings: Pkcs11Settings,
  options: { readWrite?: boolean } = {},
): Promise<TokenSession> {
  const pkcs11 = await acquire(settings.library);
  let session: Handle | undefined;
  try {
    const slot = findSlot(pkcs11, settings);
    session = pkcs11.C_OpenSession(slot, CK.CKF_SERIAL_SESSION | (options.readWrite ? CK.CKF_RW_SESSION : 0));
    login(pkcs11, session, settings);
  } catch (error) {
    if (session) pkcs11.C_CloseSession(session);
    release(settings.library);
    throw error;
  }
  const opened = session;
  let closed = false;
  return {
    pkcs11,
    session: opened,
    close: () => {
      if (closed) return;
      closed = true;
      try {
        pkcs11.C_CloseSession(opened);
      } finally {
        release(settings.library);
      }
    },
  };
}

function login(pkcs11: Pkcs11, session: Handle, settings: Pkcs11Settings): void {
  try {
    pkcs11.C_Login(session, CK.CKU_USER, settings.pin);
  } catch (error) {
    const code = ckr(error);
    // Another session of this process logged in already: the login is the application's, not the session's.
    if (code === "CKR_USER_ALREADY_LOGGED_IN") return;
    if (code === "CKR_PIN_INCORRECT") {
      refuse(
        "TOKENRAIL_PKCS11_PIN",
        `the token "${settings.tokenLabel}" refused the PIN (a few more wrong tries lock it)`,
      );
    }
    if (code === "CKR_PIN_LOCKED") {
      refuse(
        "TOKENRAIL_PKCS11_PIN",
        `the token "${settings.tokenLabel}" is locked: its security officer must unlock it`,
      );
    }
    refuse("TOKENRAIL_PKCS11_PIN", `logging in to the token "${settings.tokenLabel}" failed (${code})`);
  }
}

/** The objects of the session's token matching `template`. */
export function findObjects(t: TokenSession, template: { type: number; value?: number | boolean | string | Buffer }[]) {
  t.pkcs11.C_FindObjectsInit(t.session, template);
  try {
    return t.pkcs11.C_FindObjects(t.session, 10);
  } finally {
    t.pkcs11.C_FindObjectsFinal(t.session);
  }
}

/** One attribute's value, as the token stores it. */
export function attribute(t: TokenSession, object: Handle, type: number): Buffer {
  const [found] = t.pkcs11.C_GetAttributeValue(t.session, object, [{ type }]);
  return found?.value ?? Buffer.alloc(0);
}
