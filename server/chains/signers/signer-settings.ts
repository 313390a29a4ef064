import fs from "node:fs";
import { getAddress, isAddress, type Hex } from "viem";
import { z } from "zod";
import type { Pkcs11Settings } from "./pkcs11-token.ts";
import type { RemoteSignerSettings } from "./remote-signer.ts";

/** Who signs the issuer's mints and burns (docs/security.md, "Keys"). */
export type SignerConfig =
  { kind: "local"; key: Hex } | ({ kind: "pkcs11" } & Pkcs11Settings) | ({ kind: "remote" } & RemoteSignerSettings);

/** The signer's variables, read with the chain settings (`chain-settings.ts`) since only the EVM gateway signs. */
export const signerVariables = {
  TOKENRAIL_ISSUER_SIGNER: z.enum(["local", "pkcs11", "remote"]).default("local"),
  TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY: z.enum(["true", "false"]).default("false"),
  TOKENRAIL_PKCS11_LIBRARY: z.string().min(1).optional(),
  TOKENRAIL_PKCS11_TOKEN_LABEL: z.string().min(1).max(32).optional(),
  TOKENRAIL_PKCS11_KEY_LABEL: z.string().min(1).max(64).default("tokenrail-issuer"),
  TOKENRAIL_PKCS11_PIN: z.string().min(1).optional(),
  TOKENRAIL_PKCS11_PIN_FILE: z.string().min(1).optional(),
  TOKENRAIL_REMOTE_SIGNER_URL: z
    .string()
    .regex(/^https?:\/\/\S+$/, "must be an http(s):// URL")
    .optional(),
  TOKENRAIL_REMOTE_SIGNER_ADDRESS: z
    .string()
    .refine((value) => isAddress(value), "must be a 0x address (40 hex digits, a valid checksum if mixed-case)")
    .optional(),
  TOKENRAIL_REMOTE_SIGNER_TOKEN: z.string().min(1).optional(),
  TOKENRAIL_REMOTE_SIGNER_TOKEN_FILE: z.string().min(1).optional(),
};

type SignerValues = z.output<z.ZodObject<typeof signerVariables>> & { TOKENRAIL_EVM_ISSUER_KEY?: Hex };

/**
 * The issuer's signer. Production refuses the local key unless `TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY=true` says it was
 * meant (and then warns at every start, `open-issuer-signer.ts`); an HSM or a remote signer is checked at start.
 */
export function readSigner(e: SignerValues, production: boolean, problems: string[]): SignerConfig | undefined {
  if (e.TOKENRAIL_ISSUER_SIGNER === "local") {
    if (!e.TOKENRAIL_EVM_ISSUER_KEY) {
      problems.push("TOKENRAIL_EVM_ISSUER_KEY: required when TOKENRAIL_CHAIN_GATEWAY is evm");
      return undefined;
    }
    if (production && e.TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY !== "true") {
      problems.push(
        "TOKENRAIL_ISSUER_SIGNER: production keeps the issuer key out of the process (pkcs11 or remote); the local key is refused unless TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY=true",
      );
    }
    return { kind: "local", key: e.TOKENRAIL_EVM_ISSUER_KEY };
  }
  const before = problems.length;
  if (e.TOKENRAIL_EVM_ISSUER_KEY) {
    problems.push(
      `TOKENRAIL_EVM_ISSUER_KEY: the issuer signs through ${e.TOKENRAIL_ISSUER_SIGNER}; a key in the environment defeats it`,
    );
  }
  return e.TOKENRAIL_ISSUER_SIGNER === "pkcs11" ? pkcs11(e, problems, before) : remote(e, production, problems, before);
}

function pkcs11(e: SignerValues, problems: string[], before: number): SignerConfig | undefined {
  const { TOKENRAIL_PKCS11_LIBRARY: library, TOKENRAIL_PKCS11_TOKEN_LABEL: tokenLabel } = e;
  if (!library) problems.push("TOKENRAIL_PKCS11_LIBRARY: required with pkcs11 (the HSM's .so)");
  if (!tokenLabel) problems.push("TOKENRAIL_PKCS11_TOKEN_LABEL: required with pkcs11");
  const pin = secret("TOKENRAIL_PKCS11_PIN", e.TOKENRAIL_PKCS11_PIN, e.TOKENRAIL_PKCS11_PIN_FILE, problems);
  if (problems.length > before || !library || !tokenLabel || !pin) return undefined;
  return { kind: "pkcs11", library, tokenLabel, keyLabel: e.TOKENRAIL_PKCS11_KEY_LABEL, pin };
}

function remote(e: SignerValues, production: boolean, problems: string[], before: number): SignerConfig | undefined {
  const { TOKENRAIL_REMOTE_SIGNER_URL: url, TOKENRAIL_REMOTE_SIGNER_ADDRESS: address } = e;
  if (!url) problems.push("TOKENRAIL_REMOTE_SIGNER_URL: required with remote (the signer's sign endpoint)");
  if (url && production && !url.startsWith("https://")) {
    problems.push("TOKENRAIL_REMOTE_SIGNER_URL: production reaches its signer over https://");
  }
  if (!address) problems.push("TOKENRAIL_REMOTE_SIGNER_ADDRESS: required with remote (the issuer's address)");
  const token = secret(
    "TOKENRAIL_REMOTE_SIGNER_TOKEN",
    e.TOKENRAIL_REMOTE_SIGNER_TOKEN,
    e.TOKENRAIL_REMOTE_SIGNER_TOKEN_FILE,
    problems,
  );
  if (problems.length > before || !url || !address || !token) return undefined;
  return { kind: "remote", url, token, address: getAddress(address) };
}

/** A secret from its variable or (better: a mounted secret) the file `<NAME>_FILE` names. */
export function secret(name: string, value: string | undefined, file: string | undefined, problems: string[]) {
  if (value && file) {
    problems.push(`${name}_FILE: set either it or ${name}, not both`);
    return undefined;
  }
  if (value) return value;
  if (!file) {
    problems.push(`${name}_FILE: required (or ${name})`);
    return undefined;
  }
  try {
    // A trailing newline is the editor's, not the secret's.
    const read = fs.readFileSync(file, "utf8").replace(/\r?\n$/, "");
    if (read) return read;
    problems.push(`${name}_FILE: ${file} is empty`);
  } catch (error) {
    problems.push(`${name}_FILE: ${file} cannot be read (${(error as NodeJS.ErrnoException).code ?? "unreadable"})`);
  }
  return undefined;
}
