import { recoverAddress, toHex, type Address, type Hex } from "viem";
import type { HashSignature } from "./issuer-signer.ts";

/** secp256k1's group order. */
const N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/**
 * An HSM's ECDSA signature (CKM_ECDSA: r‖s, 32 bytes each) as Ethereum wants it. `s` goes to the lower half of the
 * order (EIP-2: the other is refused as malleable); the recovery id the HSM does not give is found by trying both
 * against the key's address.
 */
export async function ethereumSignature(rs: Uint8Array, hash: Hex, address: Address): Promise<HashSignature> {
  if (rs.length !== 64) throw new Error(`the token's ECDSA signature is ${rs.length} bytes, not 64 (r‖s)`);
  const r = toHex(rs.subarray(0, 32), { size: 32 });
  let s = BigInt(toHex(rs.subarray(32)));
  if (s > N / 2n) s = N - s;
  const low = toHex(s, { size: 32 });
  for (const yParity of [0, 1] as const) {
    const recovered = await recoverAddress({ hash, signature: { r, s: low, yParity } });
    if (recovered.toLowerCase() === address.toLowerCase()) return { r, s: low, yParity };
  }
  throw new Error("the signature does not recover to the issuer's address");
}

/**
 * The uncompressed point (0x04‖X‖Y) of a key's CKA_EC_POINT: DER, an OCTET STRING around it, as PKCS#11 says; a
 * few tokens give the bare point.
 */
export function uncompressedPoint(ecPoint: Buffer): Buffer {
  if (ecPoint.length === 65 && ecPoint[0] === 0x04) return ecPoint;
  if (ecPoint.length === 67 && ecPoint[0] === 0x04 && ecPoint[1] === 65 && ecPoint[2] === 0x04) {
    return ecPoint.subarray(2);
  }
  throw new Error("the key's CKA_EC_POINT is not an uncompressed secp256k1 point");
}
