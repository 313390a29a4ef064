import type { Hex } from "viem";
import { privateKeyToAddress, sign } from "viem/accounts";
import type { IssuerSigner } from "./issuer-signer.ts";

/**
 * The issuer key held in this process (`TOKENRAIL_EVM_ISSUER_KEY`): for development, the sandbox and the devnet.
 * Production refuses it unless told otherwise (`signer-settings.ts`): whoever reads the process can mint.
 */
export function localSigner(privateKey: Hex): IssuerSigner {
  return {
    kind: "local",
    address: privateKeyToAddress(privateKey),
    signHash: async (hash) => {
      const { r, s, yParity } = await sign({ hash, privateKey });
      return { r, s, yParity: yParity === 1 ? 1 : 0 };
    },
    close: () => undefined,
  };
}
