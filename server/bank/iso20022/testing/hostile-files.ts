import { fixture } from "./fixtures.ts";
import { mulberry32 } from "../../../testing/seeded-random.ts";

/*
 * Hostile bank files, made from a valid one, for the tests of the gate every file passes (bank-file-gate.ts): files
 * nested deeper than any schema allows, and files in another encoding than UTF-8, however it is spelled or hidden.
 * A seed replays the same files: `hostileFiles(seed, count)`.
 */

/** mulberry32: a small deterministic generator, so a seed replays the same files. */
export function seededRandom(seed: number) {
  const next = mulberry32(seed);
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}

export type Random = ReturnType<typeof seededRandom>;

/** The valid camt.054 the hostile files are made from, as text. */
export const validText = (): string => new TextDecoder().decode(fixture("camt.054.001.08.xml"));

/** Where in the valid file the nesting goes: inside an entry, in the envelope, in a supplementary data envelope. */
const NEST_AT: [string, string][] = [
  ["<NtryRef>1</NtryRef>", "<NtryRef>1</NtryRef>"],
  ["<GrpHdr>", "<GrpHdr>"],
  ["</Acct>", "</Acct>"],
  ["</Ntfctn>", "</Ntfctn>"],
];

/** `depth` elements named `name` opened and closed, optionally with what makes a naive count go wrong. */
export function nesting(depth: number, name: string, random?: Random): string {
  const open: string[] = [];
  const close: string[] = [];
  for (let level = 0; level < depth; level++) {
    const noise = random && random.next() < 0.2;
    const attribute = noise ? random.pick([` a="/>"`, ` b='>'`, ` c="</x>"`, ``]) : "";
    const before = noise ? random.pick(["<!-- <Tag> -->", "<![CDATA[<Tag>]]>", "<?pi <Tag>?>", "<Empty/>", ""]) : "";
    open.push(`${before}<${name}${attribute}>`);
    close.push(`</${name}>`);
  }
  return open.join("") + close.reverse().join("");
}

/** The valid file with `depth` more levels of nesting put in one place (`at`: an index into the places). */
export function deepFile(depth: number, options: { name?: string; at?: number; random?: Random } = {}): Uint8Array {
  const [search, keep] = NEST_AT[(options.at ?? 0) % NEST_AT.length]!;
  const nested = nesting(depth, options.name ?? "Nested", options.random);
  const text = validText().replace(search, keep.startsWith("</") ? `${nested}${keep}` : `${keep}${nested}`);
  return new TextEncoder().encode(text);
}

/** A file of about `bytes` bytes that is one Document nested `depth` deep (the issue's 4.3 MB / 120,000 file). */
export function deepDocument(depth: number, name: string): Uint8Array {
  const head = `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><BkToCstmrDbtCdtNtfctn>`;
  return new TextEncoder().encode(
    `${head}${`<${name}>`.repeat(depth)}${`</${name}>`.repeat(depth)}</BkToCstmrDbtCdtNtfctn></Document>\n`,
  );
}

/** `text` in UTF-16 (either byte order) or UTF-32LE, without a byte-order mark. */
export function encodeWide(text: string, encoding: "UTF-16LE" | "UTF-16BE" | "UTF-32LE" | "UTF-32BE"): Uint8Array {
  const units = encoding.startsWith("UTF-16") ? 2 : 4;
  const bytes = new Uint8Array(text.length * units);
  const view = new DataView(bytes.buffer);
  const little = encoding.endsWith("LE");
  for (let index = 0; index < text.length; index++) {
    if (units === 2) view.setUint16(index * 2, text.charCodeAt(index), little);
    else view.setUint32(index * 4, text.charCodeAt(index), little);
  }
  return bytes;
}

/** `text` in Latin-1 (its characters past U+00FF as `?`). */
export function encodeLatin1(text: string): Uint8Array {
  return Uint8Array.from(text, (char) => (char.charCodeAt(0) < 256 ? char.charCodeAt(0) : 0x3f));
}

const ENCODING_NAMES = [
  "UTF-16",
  "utf-16",
  "UTF16",
  "UTF-16LE",
  "UTF-16BE",
  "UCS-2",
  "UCS-4",
  "UTF-32",
  "ISO-8859-1",
  "latin1",
  "Windows-1252",
  "US-ASCII",
  "EBCDIC-US",
  "UTF-7",
  "UTF8",
  "utf_8",
  "UTF-8 ",
];

/** An XML declaration naming `name`, spelled as a bank's software might: quotes, white space and case vary. */
export function declaration(name: string, random: Random): string {
  const quote = random.pick(['"', "'"]);
  const space = () => random.pick(["", " ", "  ", "\t", "\n"]);
  const keyword = random.pick(["encoding", "encoding", "ENCODING", "Encoding"]);
  return `<?xml version="1.0" ${keyword}${space()}=${space()}${quote}${name}${quote}${space()}?>`;
}

export type HostileFile = { kind: "depth" | "encoding"; what: string; bytes: Uint8Array };

/** The valid file, its declaration replaced by `declared` (none when undefined). */
function withDeclaration(declared: string | undefined): string {
  const text = validText().replace(/^<\?xml[^?]*\?>\n?/, "");
  return declared === undefined ? text : `${declared}\n${text}`;
}

const BOMS: [string, number[]][] = [
  ["UTF-16LE", [0xff, 0xfe]],
  ["UTF-16BE", [0xfe, 0xff]],
  ["UTF-32LE", [0xff, 0xfe, 0x00, 0x00]],
  ["UTF-32BE", [0x00, 0x00, 0xfe, 0xff]],
  ["UTF-7", [0x2b, 0x2f, 0x76, 0x38]],
  ["GB18030", [0x84, 0x31, 0x95, 0x33]],
];

/** One file in another encoding than UTF-8, or claiming one. */
export function hostileEncoding(random: Random): HostileFile {
  const name = random.pick(ENCODING_NAMES);
  const declared = random.next() < 0.7 ? declaration(name, random) : undefined;
  const text = withDeclaration(declared);
  switch (random.int(0, 4)) {
    case 0: {
      const wide = random.pick(["UTF-16LE", "UTF-16BE", "UTF-32LE", "UTF-32BE"] as const);
      return {
        kind: "encoding",
        what: `${wide} without a byte-order mark, declared ${name}`,
        bytes: encodeWide(text, wide),
      };
    }
    case 1: {
      const [bom, mark] = random.pick(BOMS);
      const body =
        bom.startsWith("UTF-16") || bom.startsWith("UTF-32")
          ? encodeWide(text, bom as "UTF-16LE")
          : new TextEncoder().encode(text);
      return { kind: "encoding", what: `${bom} byte-order mark`, bytes: Uint8Array.from([...mark, ...body]) };
    }
    case 2: {
      // Latin-1 bytes where the file says nothing, or says UTF-8.
      const latin = withDeclaration(random.next() < 0.5 ? undefined : declaration("UTF-8", random)).replace(
        "INV-2026-0042",
        random.pick(["Müller", "Société Générale", "Øresund", "¡Olé!"]),
      );
      return { kind: "encoding", what: "Latin-1 bytes", bytes: encodeLatin1(latin) };
    }
    case 3: {
      // One byte that is not UTF-8 at a random place after the declaration.
      const bytes = new TextEncoder().encode(withDeclaration(declaration("UTF-8", random)));
      const at = random.int(60, bytes.length - 1);
      const bad = random.pick([
        [0x80],
        [0xc0, 0x80],
        [0xed, 0xa0, 0x80],
        [0xf5, 0x80, 0x80, 0x80],
        [0xff],
        [0xe2, 0x82],
      ]);
      return {
        kind: "encoding",
        what: `bytes ${bad.join(",")} at ${at}`,
        bytes: Uint8Array.from([...bytes.subarray(0, at), ...bad, ...bytes.subarray(at)]),
      };
    }
    default:
      return {
        kind: "encoding",
        what: `declared ${JSON.stringify(name)}`,
        bytes: new TextEncoder().encode(withDeclaration(declaration(name, random))),
      };
  }
}

/** One file nested deeper than any schema allows, somewhere. */
export function hostileDepth(random: Random, bound: number): HostileFile {
  const depth = random.pick([bound - 2, bound + 1, bound + random.int(2, 200), random.int(1_000, 20_000)]);
  const at = random.int(0, NEST_AT.length - 1);
  const name = random.pick(["Nested", "a", "Ntry", "p:Deep", "Envlp"]);
  const bytes = deepFile(Math.max(depth, 1), { at, name, random });
  return { kind: "depth", what: `${depth} more levels of ${name} at place ${at}`, bytes };
}

/** `count` hostile files from `seed`, half of each kind. */
export function* hostileFiles(seed: number, count: number, bound: number): Generator<HostileFile> {
  const random = seededRandom(seed);
  for (let index = 0; index < count; index++) {
    yield index % 2 === 0 ? hostileDepth(random, bound) : hostileEncoding(random);
  }
}
