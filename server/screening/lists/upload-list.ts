import fs from "node:fs/promises";
import type { AuditActor } from "../../audit/record-audit.ts";
import { spoolBody, type StreamedBody } from "../../bank/operator/spool-body.ts";
import type { Config } from "../../config.ts";
import { Reply } from "../../contract/reply.ts";
import type { ListSource } from "../list-entry.ts";
import { importSanctionsList } from "./import-list.ts";
import { readListFile } from "./read-list-file.ts";

/**
 * `POST /admin/screening/lists`: a compliance officer uploads an issue of a list as published. The body is spooled
 * within the list file limit (413 past it), read whole and imported as a new version (C65): 201 with the version,
 * 200 when the same file was imported before. A file of another list than the one named is refused.
 */
export async function uploadSanctionsList(options: {
  request: StreamedBody;
  source: ListSource | undefined;
  name: string | undefined;
  actor: AuditActor;
  config: Config;
}): Promise<Reply> {
  const { config } = options;
  const spool = await spoolBody(options.request, {
    limit: config.screening.maxListFileBytes,
    spoolDir: config.files.spoolDir,
    what: "The list file",
  });
  try {
    const result = await importSanctionsList({
      bytes: await fs.readFile(spool),
      fileName: options.name ?? "list",
      origin: "upload",
      source: options.source,
      read: (bytes) => readListFile(bytes),
      actor: options.actor,
    });
    return new Reply(result.duplicate ? 200 : 201, result);
  } finally {
    await fs.rm(spool, { force: true });
  }
}
