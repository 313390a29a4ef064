import { randomBytes } from "node:crypto";
import { encodeAbiParameters, getContractAddress, keccak256, toHex, type Hex } from "viem";

/** The deployer the sandbox derives its accounts' addresses from (the address of Safe's proxy factory v1.4.1). */
const PROXY_FACTORY: Hex = "0x4e1DCf7AD4e460CfD30791CCC4F9c8a4f820ec67";
/** Stands for the proxy's creation code: the sandbox deploys no bytecode, only owners and a threshold. */
const PROXY_CODE_HASH = keccak256(toHex("tokenrail sandbox safe proxy"));

/**
 * The address a Safe with these owners and threshold is deployed at for `saltNonce`: CREATE2 from the factory over a
 * hash of its setup and the salt nonce, in the way Safe's proxy factory derives it. No one holds a key for it; each
 * salt nonce gives another address. Owners are taken in lower case: their checksum spelling changes nothing.
 */
export function sandboxSafeAddress(owners: readonly Hex[], threshold: number, saltNonce: bigint): Hex {
  const setup = keccak256(
    encodeAbiParameters(
      [{ type: "address[]" }, { type: "uint256" }],
      [owners.map((o) => o.toLowerCase() as Hex), BigInt(threshold)],
    ),
  );
  const salt = keccak256(encodeAbiParameters([{ type: "bytes32" }, { type: "uint256" }], [setup, saltNonce]));
  return getContractAddress({ opcode: "CREATE2", from: PROXY_FACTORY, salt, bytecodeHash: PROXY_CODE_HASH });
}

/** A salt nonce no one has used: 256 random bits. */
export function randomSaltNonce(): bigint {
  return BigInt(`0x${randomBytes(32).toString("hex")}`);
}
