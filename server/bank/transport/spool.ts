import fs from "node:fs";
import path from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { AppError } from "../../errors.ts";

export function tooLarge(name: string, maxBytes: number): AppError {
  return new AppError("PAYLOAD_TOO_LARGE", `The bank file ${name} is larger than ${maxBytes} bytes`, {
    file: `is larger than ${maxBytes} bytes`,
  });
}

/**
 * Writes a stream to `spoolPath`, counting as it goes: past `maxBytes` the copy stops, the partial spool file is
 * removed and `PAYLOAD_TOO_LARGE` thrown (a size announced beforehand is not trusted to be the size sent).
 */
export async function spoolLimited(
  source: Readable | ReadableStream<Uint8Array>,
  spoolPath: string,
  maxBytes: number,
  name: string,
): Promise<{ size: number }> {
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) callback(tooLarge(name, maxBytes));
      else callback(null, chunk);
    },
  });
  await fs.promises.mkdir(path.dirname(spoolPath), { recursive: true });
  const readable = source instanceof Readable ? source : Readable.fromWeb(source as never);
  try {
    await pipeline(readable, limit, fs.createWriteStream(spoolPath));
  } catch (error) {
    await fs.promises.rm(spoolPath, { force: true });
    throw error;
  }
  return { size };
}
