import {
  AbiDecodingZeroDataError,
  BaseError,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  ExecutionRevertedError,
  type Hex,
} from "viem";

/** Whether the contract itself refused (reverted, has no code, answered nothing decodable), not the transport. */
export function contractRefused(error: unknown): boolean {
  return (
    error instanceof BaseError &&
    error.walk(
      (e) =>
        e instanceof ContractFunctionRevertedError ||
        e instanceof ContractFunctionZeroDataError ||
        e instanceof ExecutionRevertedError ||
        e instanceof AbiDecodingZeroDataError,
    ) !== null
  );
}

/**
 * An Error saying what failed and viem's short account of why, without the cause: viem's full messages and causes
 * carry the RPC URL, which may hold an API key, and errors end up in logs.
 */
export function failure(what: string, error: unknown, rpcUrl: string, contract?: Hex): Error {
  if (contract && error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionZeroDataError)) {
    return new Error(`${what}: no contract answers at ${contract}`);
  }
  let why = error instanceof Error ? error.message : String(error);
  if (error instanceof BaseError) {
    const reverted = error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError && reverted.reason) why = reverted.reason;
    else why = error.details ? `${error.shortMessage} (${error.details})` : error.shortMessage;
  }
  const oneLine = why
    .split(rpcUrl)
    .join("<rpc>")
    .replace(/\s*\n\s*/g, " ");
  return new Error(`${what}: ${oneLine}`);
}
