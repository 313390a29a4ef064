import { z } from "zod";
import { tooLong } from "../limits.ts";

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** An EVM address in a request: `0x` and 40 hexadecimal characters (anything longer is refused before the pattern). */
export function evmAddressSchema(missing?: string) {
  return z
    .string(missing)
    .max(42, { error: tooLong(42), abort: true })
    .regex(EVM_ADDRESS, "must be 0x followed by 40 hexadecimal characters");
}
