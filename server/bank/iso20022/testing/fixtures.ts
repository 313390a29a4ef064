import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

/** The bytes of a hand-written fixture in `../fixtures/` (`fixture("camt.054.001.08.xml")`). */
export function fixture(name: string): Uint8Array {
  return readFileSync(fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url)));
}

/** A fixture as text with `replace` applied: the way the tests spoil a good file in one place. */
export function spoiledFixture(name: string, search: string | RegExp, replacement: string): Uint8Array {
  const text = new TextDecoder().decode(fixture(name));
  const spoiled = text.replace(search, replacement);
  if (spoiled === text) throw new Error(`${search} is not in ${name}`);
  return new TextEncoder().encode(spoiled);
}
