import type { Config } from "../../config.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import { fileStorage } from "../../files/configured-storage.ts";
import { openPaymentFile } from "../payments/payment-file-content.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A bank file's bytes for download (`GET /admin/bank/files/{id}/content`): a payment file from its row, an imported
 * file from file storage (kept under its SHA-256).
 */
export async function bankFileContent(options: {
  id: string;
  config: Config;
}): Promise<{ name: string; type: string; size: number; content: ReadableStream<Uint8Array> }> {
  const { id, config } = options;
  if (!UUID.test(id)) throw new AppError("NOT_FOUND", "Bank file not found");
  const prisma = await db();
  const file = await prisma.bankFile.findUnique({ where: { id: id.toLowerCase() } });
  if (!file) throw new AppError("NOT_FOUND", "Bank file not found");
  const name = file.name.toLowerCase().endsWith(".xml") ? file.name : `${file.name}.xml`;
  if (file.content) {
    const bytes = openPaymentFile(file.content);
    const content = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    return { name, type: "application/xml", size: bytes.byteLength, content };
  }
  const content = await fileStorage(config).get(file.sha256);
  if (!content) throw new AppError("NOT_FOUND", "The bank file's content is no longer stored");
  return { name, type: "application/xml", size: file.size, content };
}
