import { keccak256, toBytes, type Address, type Hex } from "viem";
import { ethereumSignature } from "./ecdsa.ts";
import type { IssuerSigner } from "./issuer-signer.ts";
import { refuse } from "./pkcs11-token.ts";

/** A signing service holding the issuer key (a cloud KMS behind a small adapter, say). */
export type RemoteSignerSettings = { url: string; token: string; address: Address; timeoutMs?: number };

/**
 * The issuer key in another service, reached over HTTPS in the shape of a KMS's sign call:
 * `POST {url}` with `{"hash": "0x…32 bytes"}` and `Authorization: Bearer {token}` answers `{"signature": "0x…"}`,
 * r‖s (64 bytes; a 65th, v, is ignored). `s` is normalised and the recovery id found here, as for PKCS#11. At start a
 * probe hash is signed: an unreachable service, a refused token or a key that is not the configured address stops
 * the start.
 */
export async function openRemoteSigner(settings: RemoteSignerSettings): Promise<IssuerSigner> {
  const signHash = async (hash: Hex) => {
    const rs = await remoteSignature(settings, hash);
    return ethereumSignature(rs, hash, settings.address);
  };
  const probe = keccak256(toBytes(`tokenrail issuer signer probe ${Date.now()}`));
  try {
    await signHash(probe);
  } catch (error) {
    refuse("TOKENRAIL_REMOTE_SIGNER_URL", `${new URL(settings.url).origin}: ${(error as Error).message}`);
  }
  return { kind: "remote", address: settings.address, signHash, close: () => undefined };
}

async function remoteSignature(settings: RemoteSignerSettings, hash: Hex): Promise<Uint8Array> {
  let response: Response;
  try {
    response = await fetch(settings.url, {
      method: "POST",
      headers: { authorization: `Bearer ${settings.token}`, "content-type": "application/json" },
      body: JSON.stringify({ hash }),
      signal: AbortSignal.timeout(settings.timeoutMs ?? 10_000),
    });
  } catch (error) {
    throw new Error(`the signer cannot be reached (${(error as Error).message})`);
  }
  if (!response.ok) throw new Error(`the signer answered ${response.status}`);
  const body = (await response.json().catch(() => undefined)) as { signature?: unknown } | undefined;
  const signature = body?.signature;
  if (typeof signature !== "string" || !/^0x([0-9a-fA-F]{128}|[0-9a-fA-F]{130})$/.test(signature)) {
    throw new Error('the signer\'s answer has no "signature" of 64 or 65 bytes of hex');
  }
  return toBytes(signature).subarray(0, 64);
}
