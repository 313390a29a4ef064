import { gzipSync } from "node:zlib";

/*
 * A gzip-compressed tar (POSIX ustar) of a few named entries, for the subject access export (C71). Nothing on the
 * npm side of this project writes archives, and ustar is a page of code: a 512-byte header per entry (name, size,
 * checksum), the content padded to 512 bytes, two empty blocks at the end. Names are ours (ASCII, under 100 bytes),
 * never a customer's filename.
 */

export type TarEntry = { name: string; content: Buffer; modified: Date };

const BLOCK = 512;

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, "0")}\0`;
}

function header(entry: TarEntry): Buffer {
  const segments = entry.name.split("/");
  if (!/^[\x21-\x7e]{1,99}$/.test(entry.name) || segments.some((s) => s === "" || s === "." || s === ".."))
    throw new Error(`tar entry name ${JSON.stringify(entry.name)} is not ours`);
  const block = Buffer.alloc(BLOCK, 0);
  block.write(entry.name, 0, "ascii");
  block.write(octal(0o644, 8), 100, "ascii");
  block.write(octal(0, 8), 108, "ascii");
  block.write(octal(0, 8), 116, "ascii");
  block.write(octal(entry.content.length, 12), 124, "ascii");
  block.write(octal(Math.floor(entry.modified.getTime() / 1000), 12), 136, "ascii");
  block.write("        ", 148, "ascii");
  block.write("0", 156, "ascii");
  block.write("ustar\0", 257, "ascii");
  block.write("00", 263, "ascii");
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  return block;
}

/** The archive's bytes, gzip-compressed. */
export function tarGz(entries: TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    parts.push(header(entry), entry.content);
    const pad = (BLOCK - (entry.content.length % BLOCK)) % BLOCK;
    if (pad > 0) parts.push(Buffer.alloc(pad, 0));
  }
  parts.push(Buffer.alloc(2 * BLOCK, 0));
  return gzipSync(Buffer.concat(parts));
}
