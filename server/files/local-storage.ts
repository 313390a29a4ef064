import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import {
  contentPath,
  isContentKey,
  type ContentWriter,
  type FileStorage,
  type SpooledContent,
  spoolingWriter,
} from "./storage.ts";

/**
 * Contents in a directory (`<dataDir>/files` by default), at `ab/<sha256>`. A file appears there complete or not at
 * all: it is written elsewhere and renamed into place, which is atomic within one filesystem.
 */
export class LocalFileStorage implements FileStorage {
  constructor(private readonly root: string) {}

  private location(key: string): string {
    return path.join(this.root, ...contentPath(key).split("/"));
  }

  async put(content: SpooledContent, key = content.sha256): Promise<string> {
    if (await this.exists(key)) {
      await fs.rm(content.path, { force: true });
      return key;
    }
    await this.replace(content, key);
    return key;
  }

  async putBytes(bytes: Uint8Array, key: string): Promise<void> {
    if (await this.exists(key)) return;
    const target = this.location(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    // Written beside its place and renamed into it: the content appears complete or not at all.
    const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
    try {
      await fs.writeFile(temporary, bytes, { flag: "wx", mode: 0o600 });
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true });
      throw error;
    }
  }

  async replace(content: SpooledContent, key: string): Promise<void> {
    if (!isContentKey(key)) throw new Error("not a content key");
    const target = this.location(key);
    await fs.mkdir(path.dirname(target), { recursive: true });
    try {
      await fs.rename(content.path, target);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EXDEV") throw error;
      // The spool is on another filesystem: copy beside the target first, so the rename stays atomic.
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await fs.copyFile(content.path, temporary);
        await fs.rename(temporary, target);
      } finally {
        await fs.rm(temporary, { force: true });
        await fs.rm(content.path, { force: true });
      }
    }
  }

  writer(spoolDir: string): Promise<ContentWriter> {
    return spoolingWriter(spoolDir, (content) => this.put(content));
  }

  async get(key: string): Promise<ReadableStream<Uint8Array> | undefined> {
    if (!isContentKey(key)) return undefined;
    let handle: fs.FileHandle;
    try {
      handle = await fs.open(this.location(key), "r");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw error;
    }
    return Readable.toWeb(handle.createReadStream()) as ReadableStream<Uint8Array>;
  }

  async exists(key: string): Promise<boolean> {
    if (!isContentKey(key)) return false;
    try {
      await fs.access(this.location(key));
      return true;
    } catch {
      return false;
    }
  }

  async remove(key: string): Promise<void> {
    if (!isContentKey(key)) return;
    await fs.rm(this.location(key), { force: true });
  }
}
