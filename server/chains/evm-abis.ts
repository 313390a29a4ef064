import { parseAbi } from "viem";

/**
 * The contract interfaces the EVM gateway calls. The issuer interface is the one deliberately simple assumption:
 * `mint(to, amount)` and `burn(from, amount)` callable by the issuer account. Real e-money token deployments differ
 * (EURe's minter contracts, for one, take other calls and roles); a deployment that speaks another interface is
 * supported by replacing `ISSUER_ABI` and the two calls in `evm-gateway.ts`, not by configuration.
 */
export const ISSUER_ABI = parseAbi([
  "function mint(address to, uint256 amount)",
  "function burn(address from, uint256 amount)",
]);

export const ERC20_ABI = parseAbi([
  "function balanceOf(address owner) view returns (uint256)",
  "function totalSupply() view returns (uint256)",
]);

/** ERC-1271: a contract account's answer to "is this signature yours?". */
export const ERC1271_ABI = parseAbi([
  "function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4 magicValue)",
]);
export const ERC1271_MAGIC_VALUE = "0x1626ba7e";

/** What a Safe emits when a message is signed on chain (SignMessageLib, run by the Safe itself). */
export const SIGN_MSG_EVENT = parseAbi(["event SignMsg(bytes32 indexed msgHash)"])[0];

/** ERC-20's transfer event: plain transfers, and mints and burns (from or to the zero address). */
export const TRANSFER_EVENT = parseAbi(["event Transfer(address indexed from, address indexed to, uint256 value)"])[0];
