import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { AppError } from "../../../errors.ts";

/*
 * The real list excerpts beside the readers (fixtures/README.md says where each comes from), and the one way the
 * tests take a refusal: an AppError, never anything else, and never a list.
 */

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "fixtures");

export const XML_FIXTURES = [
  "eu-fsf.xml",
  "un-consolidated.xml",
  "ofac-sdn.xml",
  "ofac-consolidated-2018.xml",
  "uk-sanctions-list.xml",
] as const;

export function listFixture(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(DIR, name)));
}

export function fixtureText(name: string): string {
  return readFileSync(path.join(DIR, name), "utf8");
}

export const bytesOf = (text: string) => new TextEncoder().encode(text);

/** The refusal `read` ends in; fails the test when it gives anything instead. */
export async function refusal(read: () => Promise<unknown>): Promise<AppError> {
  let result: unknown;
  try {
    result = await read();
  } catch (error) {
    assert.ok(error instanceof AppError, `expected an AppError, got ${String(error)}`);
    return error;
  }
  assert.fail(`the file was accepted: ${JSON.stringify(result).slice(0, 200)}`);
}
