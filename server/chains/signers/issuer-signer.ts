import {
  hashMessage,
  hashTypedData,
  keccak256,
  serializeSignature,
  serializeTransaction,
  type Address,
  type Hex,
  type LocalAccount,
  type NonceManager,
} from "viem";
import { toAccount } from "viem/accounts";

/** A secp256k1 signature as Ethereum wants it: `s` in the lower half of the curve order, `yParity` the recovery id. */
export type HashSignature = { r: Hex; s: Hex; yParity: 0 | 1 };

/**
 * Who signs the issuer's mints and burns. The gateway only ever hands it a 32-byte hash: the key stays wherever the
 * signer keeps it (this process for the local key; an HSM's token for PKCS#11; another service for a remote signer).
 */
export type IssuerSigner = {
  kind: "local" | "pkcs11" | "remote";
  /** The issuer's account: the address the token contracts let mint and burn. */
  address: Address;
  signHash(hash: Hex): Promise<HashSignature>;
  /** Lets go of the token's session (PKCS#11); nothing for the others. */
  close(): void;
};

/**
 * A viem account that signs through `signer`: transactions are serialized and hashed here exactly as viem does for a
 * private key (`accounts/utils/signTransaction.ts`), then only the hash goes to the signer.
 */
export function signerAccount(signer: IssuerSigner, nonceManager?: NonceManager): LocalAccount {
  const signed = async (hash: Hex) => serializeSignature(await signer.signHash(hash));
  return toAccount({
    address: signer.address,
    nonceManager,
    sign: ({ hash }) => signed(hash),
    signMessage: ({ message }) => signed(hashMessage(message)),
    signTypedData: (typedData) => signed(hashTypedData(typedData)),
    signTransaction: async (transaction, options) => {
      const serializer = options?.serializer ?? serializeTransaction;
      // A blob transaction is signed without its sidecars (the network wrapper), as EIP-4844 says.
      const signable = transaction.type === "eip4844" ? { ...transaction, sidecars: false as const } : transaction;
      const signature = await signer.signHash(keccak256(await serializer(signable)));
      return serializer(transaction, signature);
    },
  });
}
