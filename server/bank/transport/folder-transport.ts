import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { AppError } from "../../errors.ts";
import {
  isPlainFileName,
  PROCESSED,
  REASON_SUFFIX,
  reasonText,
  REFUSED,
  type ArchiveOutcome,
  type BankTransport,
  type InboxFile,
} from "./bank-transport.ts";
import { spoolLimited, tooLarge } from "./spool.ts";

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === "ENOENT";

/**
 * Two folders on a disk the bank's host-to-host client shares: it puts files into the inbox and takes ours from the
 * outbox. Ours are written under a hidden temporary name and renamed into place (atomic within a file system), so
 * the client never picks up half a file; the client must do the same for the inbox (every H2H client we know does).
 */
export class FolderTransport implements BankTransport {
  readonly kind = "folder";

  constructor(private readonly folders: { inbox: string; outbox: string }) {}

  async list(): Promise<InboxFile[]> {
    let entries: fs.Dirent[];
    try {
      entries = await fs.promises.readdir(this.folders.inbox, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return [];
      throw error;
    }
    const files: InboxFile[] = [];
    for (const entry of entries) {
      if (!entry.isFile() || !isPlainFileName(entry.name)) continue;
      try {
        const stat = await fs.promises.stat(path.join(this.folders.inbox, entry.name));
        files.push({ name: entry.name, size: stat.size });
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return files.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  async fetch(name: string, spoolPath: string, maxBytes: number): Promise<{ size: number }> {
    const file = this.inboxPath(name);
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(file, "r");
    } catch (error) {
      if (isMissing(error)) throw new AppError("NOT_FOUND", `The bank file ${name} is no longer in the inbox`);
      throw error;
    }
    try {
      if ((await handle.stat()).size > maxBytes) throw tooLarge(name, maxBytes);
      return await spoolLimited(handle.createReadStream({ autoClose: false }), spoolPath, maxBytes, name);
    } finally {
      await handle.close();
    }
  }

  async archive(name: string, outcome: ArchiveOutcome): Promise<void> {
    const folder = path.join(this.folders.inbox, outcome.kind === "imported" ? PROCESSED : REFUSED);
    await fs.promises.mkdir(folder, { recursive: true });
    const target = await freeName(folder, name);
    try {
      await fs.promises.rename(this.inboxPath(name), target);
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    if (outcome.kind === "refused") {
      await writeAtomically(`${target}${REASON_SUFFIX}`, reasonText(outcome.reason));
    }
  }

  async deliver(file: { name: string; content: Uint8Array }): Promise<void> {
    if (!isPlainFileName(file.name)) throw new Error(`Not a file name to deliver under: "${file.name}"`);
    await fs.promises.mkdir(this.folders.outbox, { recursive: true });
    const target = path.join(this.folders.outbox, file.name);
    try {
      if (Buffer.from(file.content).equals(await fs.promises.readFile(target))) return;
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    await writeAtomically(target, file.content);
  }

  private inboxPath(name: string): string {
    if (!isPlainFileName(name)) throw new AppError("NOT_FOUND", "No such file in the inbox");
    return path.join(this.folders.inbox, name);
  }
}

/** Written under a hidden temporary name in the same folder, flushed, then renamed over `target`. */
async function writeAtomically(target: string, content: Uint8Array | string): Promise<void> {
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString("hex")}.tmp`);
  const handle = await fs.promises.open(temporary, "w");
  try {
    await handle.writeFile(content);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await fs.promises.rename(temporary, target);
  } catch (error) {
    await fs.promises.rm(temporary, { force: true });
    throw error;
  }
}

/** `name` in `folder`, or `name.2`, `name.3`… when a file of that name was archived before (the bank reused it). */
async function freeName(folder: string, name: string): Promise<string> {
  for (let n = 1; ; n++) {
    const candidate = path.join(folder, n === 1 ? name : `${name}.${n}`);
    try {
      await fs.promises.access(candidate);
    } catch {
      return candidate;
    }
  }
}
