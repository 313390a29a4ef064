import { AppError } from "../errors.ts";

/** The largest `seq` the database can hold (a signed 64-bit integer): a larger one was never given out. */
const MAX_SEQ = 2n ** 63n - 1n;

/**
 * Opaque keyset cursors over a `seq` column: `<prefix>:<seq>` in base64url. The prefix keeps one listing's cursor
 * from being taken by another; anything not given out by this API is a 400 naming `cursor`.
 */
export function seqCursor(prefix: string) {
  const pattern = new RegExp(`^${prefix}:(\\d{1,19})$`);
  return {
    encode: (seq: bigint) => Buffer.from(`${prefix}:${seq}`).toString("base64url"),
    decode: (cursor: string): bigint => {
      const match = pattern.exec(Buffer.from(cursor, "base64url").toString());
      const seq = match ? BigInt(match[1]!) : undefined;
      if (seq === undefined || seq > MAX_SEQ) {
        throw new AppError("VALIDATION", "Validation errors", { cursor: "is not a cursor this API gave out" });
      }
      return seq;
    },
  };
}
