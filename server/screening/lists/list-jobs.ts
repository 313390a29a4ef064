import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { InboxFile } from "../../bank/transport/bank-transport.ts";
import { FolderTransport } from "../../bank/transport/folder-transport.ts";
import type { Config } from "../../config.ts";
import { isAppError } from "../../errors.ts";
import { startWakeable } from "../../jobs/periodic.ts";
import { logger } from "../../logging/logger.ts";
import { LIST_SOURCES, type ListSource } from "../list-entry.ts";
import { importSanctionsList, type ListImport } from "./import-list.ts";
import { downloadList, type Validators } from "./list-download.ts";
import { readListFile } from "./read-list-file.ts";

type ListJobConfig = Pick<Config, "screening" | "files">;

const spoolPath = (config: ListJobConfig) =>
  path.join(config.files.spoolDir, `${randomBytes(16).toString("hex")}.list`);

async function importSpooled(
  spool: string,
  options: { fileName: string; origin: "folder" | "url"; source?: ListSource },
): Promise<ListImport> {
  return importSanctionsList({
    bytes: await fs.readFile(spool),
    fileName: options.fileName,
    origin: options.origin,
    source: options.source,
    read: (bytes) => readListFile(bytes),
  });
}

export type InboxRun = { imported: string[]; refused: { name: string; reason: string }[] };

/**
 * The list inbox (C65): every file dropped into the folder is read and imported as its list's next version, then
 * moved to `processed/`, or to `refused/` with the reason beside it. Safe with several instances: a file another
 * instance took meanwhile is gone (skipped), and an import of the same bytes twice is one version.
 */
export async function importListInbox(config: ListJobConfig, inbox: string): Promise<InboxRun> {
  const transport = new FolderTransport({ inbox, outbox: inbox });
  const run: InboxRun = { imported: [], refused: [] };
  const files: InboxFile[] = await transport.list();
  for (const file of files) {
    const spool = spoolPath(config);
    try {
      await transport.fetch(file.name, spool, config.screening.maxListFileBytes);
      const result = await importSpooled(spool, { fileName: file.name, origin: "folder" });
      await transport.archive(file.name, { kind: "imported" });
      run.imported.push(file.name);
      logger().info(
        { file: file.name, list: result.version.source, version: result.version.number, duplicate: result.duplicate },
        "sanctions list imported from the inbox",
      );
    } catch (error) {
      if (isAppError(error) && error.code === "NOT_FOUND") continue;
      if (!isAppError(error) || error.code === "UNAVAILABLE" || error.code === "INTERNAL") {
        logger().error({ err: error, file: file.name }, "sanctions list not imported; it is tried again");
        continue;
      }
      await transport.archive(file.name, { kind: "refused", reason: error.message });
      run.refused.push({ name: file.name, reason: error.message });
      logger().warn({ file: file.name, reason: error.message }, "sanctions list refused");
    } finally {
      await fs.rm(spool, { force: true });
    }
  }
  return run;
}

/** What each list's URL answered last in this process, so the next poll asks only for a newer file. */
const seen = new Map<string, Validators>();

/**
 * Downloads each list that has a URL and imports it when it changed (C65). A download or a file that fails leaves
 * the list at its current version (its age shows in the console and `/metrics`) and is tried at the next poll.
 */
export async function downloadLists(config: ListJobConfig, fetchFn?: typeof fetch): Promise<ListImport[]> {
  const imports: ListImport[] = [];
  for (const source of LIST_SOURCES) {
    const url = config.screening.urls[source];
    if (!url) continue;
    const spool = spoolPath(config);
    try {
      const download = await downloadList({
        url,
        spoolPath: spool,
        maxBytes: config.screening.maxListFileBytes,
        validators: seen.get(url) ?? {},
        fetchFn,
      });
      if (download.kind === "unchanged") continue;
      const fileName = decodeURIComponent(new URL(url).pathname.split("/").pop() || source);
      imports.push(await importSpooled(spool, { fileName, origin: "url", source }));
      seen.set(url, download.validators);
    } catch (error) {
      logger().error({ err: error, list: source, url }, "sanctions list not downloaded or refused; tried again later");
    } finally {
      await fs.rm(spool, { force: true });
    }
  }
  return imports;
}

/** The list job: the inbox folder and the lists' URLs, every poll interval, when either is configured. */
export function startListJobs(config: ListJobConfig): void {
  const { inbox, urls, pollIntervalSeconds } = config.screening;
  if (!inbox && Object.keys(urls).length === 0) return;
  startWakeable("sanctions-lists", pollIntervalSeconds * 1000, async () => {
    if (inbox) await importListInbox(config, inbox);
    await downloadLists(config);
  });
}
