import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { AppError } from "../../errors.ts";

/** A body as it arrives: its declared length (if any) and its bytes. */
export type StreamedBody = { declaredLength: number | undefined; body: ReadableStream<Uint8Array> | null };

const tooLarge = (limit: number, what: string) =>
  new AppError("PAYLOAD_TOO_LARGE", `${what} exceeds the limit of ${limit} bytes`);

/**
 * Writes a body to a fresh spool file as it streams in, refusing (413) a declared length over `limit` before a byte
 * is read and any body that grows past it as soon as it does; nothing is kept of a refused body. The caller owns the
 * file it returns.
 */
export async function spoolBody(
  request: StreamedBody,
  options: { limit: number; spoolDir: string; what?: string },
): Promise<string> {
  const { limit, spoolDir, what = "Bank file" } = options;
  if (request.declaredLength !== undefined && request.declaredLength > limit) throw tooLarge(limit, what);
  if (!request.body) throw new AppError("VALIDATION", "Validation errors", { file: "is required" });
  await fs.mkdir(spoolDir, { recursive: true });
  const spool = path.join(spoolDir, `${randomBytes(16).toString("hex")}.bank`);
  const handle = await fs.open(spool, "wx", 0o600);
  const reader = request.body.getReader();
  try {
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) throw tooLarge(limit, what);
      await handle.write(value);
    }
    if (size === 0) throw new AppError("VALIDATION", "Validation errors", { file: "is empty" });
    await handle.close();
    return spool;
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    await handle.close().catch(() => undefined);
    await fs.rm(spool, { force: true });
    throw error;
  }
}
