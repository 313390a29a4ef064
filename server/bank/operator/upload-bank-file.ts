import fs from "node:fs/promises";
import type { AuditActor } from "../../audit/record-audit.ts";
import type { Config } from "../../config.ts";
import { Reply } from "../../contract/reply.ts";
import { importBankFile } from "../import/import-bank-file.ts";
import { spoolBody, type StreamedBody } from "./spool-body.ts";

/**
 * `POST /admin/bank/files`: an operator uploads a statement. The body is spooled to disk within the bank file limit
 * (413 past it, before the rest is read), then imported as any bank file is (validated before anything is read,
 * applied all or nothing, C46): 201 with the import report, or 200 when the same file was imported before.
 */
export async function uploadBankFile(options: {
  request: StreamedBody;
  name: string | undefined;
  actor: AuditActor;
  config: Config;
}): Promise<Reply> {
  const { request, actor, config } = options;
  const spool = await spoolBody(request, { limit: config.bank.maxFileBytes, spoolDir: config.files.spoolDir });
  try {
    const report = await importBankFile({
      content: { path: spool },
      name: options.name ?? "statement.xml",
      source: "upload",
      actor,
      config,
    });
    return new Reply(report.file.duplicate ? 200 : 201, report);
  } finally {
    await fs.rm(spool, { force: true });
  }
}
