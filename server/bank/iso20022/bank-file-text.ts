import { createHash, type Hash } from "node:crypto";
import { createReadStream } from "node:fs";
import { stat } from "node:fs/promises";
import { AppError } from "../../errors.ts";
import { BankFileGate } from "./bank-file-gate.ts";

/*
 * A bank file on disk as UTF-8 text, chunk by chunk, through the gate `readBankFile` passes bytes through
 * (bank-file-gate.ts: encoding, prolog, depth), and within the size limit (before reading, and again as it is read,
 * should the file grow). Every byte read goes through `hash`, so a second pass can tell it read the same file; and
 * `budget`, when given, is asked before each chunk whether there is still time to read it (import-budget.ts).
 */

function tooLarge(maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The bank file is larger than ${maxBytes} bytes`, {
    file: `must be at most ${maxBytes} bytes`,
  });
}

export function sha256(): Hash {
  return createHash("sha256");
}

/** A limit on the time a reading may take: `check` throws once it is spent. */
export type TimeBudget = { check(): void };

export async function* bankFileText(
  path: string,
  maxBytes: number,
  hash: Hash,
  budget?: TimeBudget,
): AsyncGenerator<string> {
  if ((await stat(path)).size > maxBytes) throw tooLarge(maxBytes);
  const gate = new BankFileGate();
  let read = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: 64 * 1024 }) as AsyncIterable<Buffer>) {
    budget?.check();
    read += chunk.byteLength;
    if (read > maxBytes) throw tooLarge(maxBytes);
    hash.update(chunk);
    const text = gate.write(chunk);
    if (text !== "") yield text;
  }
  yield gate.end();
}
