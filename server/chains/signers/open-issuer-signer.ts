import type { Config } from "../../config.ts";
import { logger } from "../../logging/logger.ts";
import type { IssuerSigner } from "./issuer-signer.ts";
import { localSigner } from "./local-signer.ts";
import { openPkcs11Signer } from "./pkcs11-signer.ts";
import { openRemoteSigner } from "./remote-signer.ts";
import type { SignerConfig } from "./signer-settings.ts";

/** Opened once per process, at start; kept on `globalThis` so every bundle of the app finds the same session. */
const holder = globalThis as typeof globalThis & { __tokenrailIssuerSigner?: IssuerSigner };

/**
 * Opens the issuer's signer before the instance takes requests (`boot.ts`): a token that is absent or locked, a
 * wrong PIN or a missing key stops the start with a `ConfigError`. A production instance allowed the local key says
 * so in its log at every start.
 */
export async function openIssuerSigner(config: Pick<Config, "chainGateway" | "environment">): Promise<void> {
  const gateway = config.chainGateway;
  if (gateway.kind !== "evm") return;
  holder.__tokenrailIssuerSigner ??= await openSigner(gateway.signer);
  const signer = holder.__tokenrailIssuerSigner;
  if (signer.kind === "local" && config.environment === "production") {
    logger().warn(
      { issuer: signer.address },
      "the issuer key is in this process's environment (TOKENRAIL_ALLOW_LOCAL_ISSUER_KEY=true): whoever reads the process can mint",
    );
  } else {
    logger().info({ issuer: signer.address, signer: signer.kind }, "issuer signer ready");
  }
}

function openSigner(config: SignerConfig): Promise<IssuerSigner> | IssuerSigner {
  if (config.kind === "pkcs11") return openPkcs11Signer(config);
  if (config.kind === "remote") return openRemoteSigner(config);
  return localSigner(config.key);
}

/** The signer the configuration names: the one opened at start, or (the local key needs no start) made now. */
export function issuerSigner(config: SignerConfig): IssuerSigner {
  const opened = holder.__tokenrailIssuerSigner;
  if (opened && opened.kind === config.kind) return opened;
  if (config.kind === "local") return localSigner(config.key);
  throw new Error(`The ${config.kind} issuer signer is opened at start (openIssuerSigner) and was not`);
}

/** Lets the token go (tests, and a process that ends). */
export function closeIssuerSigner(): void {
  holder.__tokenrailIssuerSigner?.close();
  holder.__tokenrailIssuerSigner = undefined;
}
