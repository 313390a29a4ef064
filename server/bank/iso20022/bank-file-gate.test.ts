import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { AppError } from "../../errors.ts";
import { ElementDepth, MAX_ELEMENT_DEPTH } from "./element-depth.ts";
import { readBankFile } from "./read-bank-file.ts";
import { readStatementStream } from "./read-statement-stream.ts";
import { fixture } from "./testing/fixtures.ts";
import {
  deepDocument,
  deepFile,
  encodeLatin1,
  encodeWide,
  nesting,
  seededRandom,
  validText,
} from "./testing/hostile-files.ts";
import { fileOf, streamBytes } from "./testing/stream-files.ts";

/*
 * The gate every bank file passes before a parser sees it (bank-file-gate.ts), on both paths: `readBankFile` (files
 * read whole) and `readStatementStream` (files over 4 MB). Issue 31, items 5 and 6.
 */

const encode = (text: string) => new TextEncoder().encode(text);

/** The refusal of `bytes` on both paths, asserted to be the same `VALIDATION` on `file`; its reason. */
async function refusedOnBothPaths(bytes: Uint8Array): Promise<string> {
  let whole: unknown;
  try {
    readBankFile(bytes);
  } catch (error) {
    whole = error;
  }
  assert.ok(whole instanceof AppError, `readBankFile: expected a refusal, got ${String(whole)}`);
  const streamed: unknown = await readStatementStream(fileOf(bytes)).then(
    () => undefined,
    (error: unknown) => error,
  );
  assert.ok(streamed instanceof AppError, `readStatementStream: expected a refusal, got ${String(streamed)}`);
  assert.equal(whole.code, "VALIDATION");
  assert.deepEqual([streamed.code, streamed.message, streamed.fields], [whole.code, whole.message, whole.fields]);
  assert.ok(whole.fields?.file, `the refusal names the file: ${JSON.stringify(whole.fields)}`);
  return whole.fields.file;
}

/** The deepest element path of an .xsd, from `Document` down, through its named complex types (none recursive). */
function schemaDepth(xsd: string): number {
  const types = new Map<string, string[]>();
  for (const [, name, body] of xsd.matchAll(/<xs:complexType name="([^"]+)">([\s\S]*?)<\/xs:complexType>/g)) {
    types.set(
      name!,
      [...body!.matchAll(/<xs:element[^>]*name="[^"]+"[^>]*type="([^"]+)"/g)].map((m) => m[1]!),
    );
  }
  const depth = (type: string, seen: ReadonlySet<string>): number => {
    assert.ok(!seen.has(type), `${type} is recursive`);
    const children = types.get(type) ?? [];
    return 1 + Math.max(0, ...children.map((child) => depth(child, new Set([...seen, type]))));
  };
  return depth("Document", new Set());
}

describe("issue 31: a file nested deeper than the schemas allow is refused as its tags come in (C46)", () => {
  it("C46 the bound is four times the deepest element path of every schema shipped (15 levels)", () => {
    const dir = fileURLToPath(new URL("./schemas/", import.meta.url));
    const depths = readdirSync(dir).map((file) => schemaDepth(readFileSync(path.join(dir, file), "utf8")));
    assert.equal(Math.max(...depths), 15);
    assert.ok(MAX_ELEMENT_DEPTH >= 4 * Math.max(...depths) && MAX_ELEMENT_DEPTH < 256);
  });

  it("C46 one level past the bound, anywhere in the file, is refused on both paths, naming the element and line", async () => {
    for (let at = 0; at < 4; at++) {
      // The places nest at levels 4 (inside an entry), 3, 3 and 2: one more than the bound in each.
      const levels = MAX_ELEMENT_DEPTH + 1 - [4, 3, 3, 2][at]!;
      const reason = await refusedOnBothPaths(deepFile(levels, { at, name: "Deep" }));
      assert.match(reason, /^nests elements deeper than 64 levels \(Deep is at level 65\): .* \(line \d+\)$/);
    }
  });

  it("C46 nesting up to the bound passes the gate: the schema refuses it, not the depth", () => {
    assert.throws(
      () => readBankFile(deepFile(MAX_ELEMENT_DEPTH - 3, { at: 1, name: "Deep" })),
      (error: AppError) => error.code === "VALIDATION" && !/deeper than/.test(error.message),
    );
  });

  it("C46 the issue's files, 4.3 MB nested 120,000 deep and 7.7 MB nested 1.1 million deep, are refused in moments", async (context) => {
    for (const [depth, name] of [
      [120_000, "Abcdefghijklmnop"],
      [1_100_000, "a"],
    ] as const) {
      const bytes = deepDocument(depth, name);
      const started = performance.now();
      const reason = await refusedOnBothPaths(bytes);
      const seconds = (performance.now() - started) / 1000;
      context.diagnostic(
        `${(bytes.byteLength / 1e6).toFixed(1)} MB, ${depth} deep: refused in ${seconds.toFixed(2)} s`,
      );
      assert.match(reason, /deeper than 64 levels/);
      assert.ok(seconds < 5, `refused in ${seconds} s`);
    }
  });

  it("C46 the count is exact however the bytes are cut: comments, CDATA, instructions and quoted > do not fool it", () => {
    const seed = Number(process.env.BANK_GATE_SEED ?? 31_005);
    const random = seededRandom(seed);
    for (let run = 0; run < 200; run++) {
      const depth = random.int(1, 90);
      const bytes = encode(
        `<?xml version="1.0"?><!-- <a> --><R>${nesting(depth, random.pick(["a", "p:b"]), random)}</R>`,
      );
      for (const max of [depth + 1, depth]) {
        const scanner = new ElementDepth(max);
        let problem = null;
        for (let at = 0; at < bytes.length && !problem;) {
          const end = at + random.int(1, 40);
          problem = scanner.write(bytes.subarray(at, end));
          at = end;
        }
        assert.equal(problem !== null, max === depth, `seed ${seed}, run ${run}: ${depth + 1} deep, bound ${max}`);
      }
    }
  });
});

describe("issue 31: a file in another encoding than UTF-8 is refused, naming the encoding (C46)", () => {
  const body = validText().replace(/^<\?xml[^?]*\?>\n/, "");
  const declared = (declaration: string) => encode(`${declaration}\n${body}`);

  it("C46 an XML declaration naming another encoding, however spelled", async () => {
    const spellings: [string, string][] = [
      [`<?xml version="1.0" encoding="UTF-16"?>`, "UTF-16"],
      [`<?xml version='1.0' encoding='utf-16'?>`, "utf-16"],
      [`<?xml version="1.0" encoding="UTF16"?>`, "UTF16"],
      [`<?xml version="1.0" encoding="ISO-8859-1"?>`, "ISO-8859-1"],
      [`<?xml version="1.0" encoding="UTF-16LE"?>`, "UTF-16LE"],
      [`<?xml version="1.0" encoding="UCS-2"?>`, "UCS-2"],
      [`<?xml version="1.0" encoding = "utf-32" ?>`, "utf-32"],
      [`<?xml version="1.0"\n\tencoding\n=\n'windows-1252'?>`, "windows-1252"],
      [`<?xml version="1.0" ENCODING="UTF-16"?>`, "UTF-16"],
      [`<?xml version="1.0" encoding=UTF-16?>`, "UTF-16"],
    ];
    for (const [declaration, name] of spellings) {
      const reason = await refusedOnBothPaths(declared(declaration));
      assert.equal(reason, `must be encoded in UTF-8, not ${name} (as its XML declaration says) (line 1)`);
    }
  });

  it("C46 UTF-16 and UTF-32 bytes, with a byte-order mark or without, whatever they declare", async () => {
    const cases: [Uint8Array, string][] = [
      [encodeWide(`<?xml version="1.0" encoding="UTF-16"?>\n${body}`, "UTF-16LE"), "UTF-16LE (no byte-order mark)"],
      [encodeWide(`<?xml version="1.0" encoding="UTF-16"?>\n${body}`, "UTF-16BE"), "UTF-16BE (no byte-order mark)"],
      [encodeWide(`  \n<?xml version="1.0" encoding="UTF-8"?>\n${body}`, "UTF-16LE"), "UTF-16LE (no byte-order mark)"],
      [encodeWide(`  \n<?xml version="1.0"?>\n${body}`, "UTF-16BE"), "UTF-16BE (no byte-order mark)"],
      [encodeWide(body, "UTF-16LE"), "UTF-16LE (no byte-order mark)"],
      [encodeWide(body, "UTF-32LE"), "UTF-32LE (no byte-order mark)"],
      [encodeWide(` ${body}`, "UTF-32BE"), "UTF-32BE (no byte-order mark)"],
      [Uint8Array.from([0xff, 0xfe, ...encodeWide(body, "UTF-16LE")]), "UTF-16LE (byte-order mark)"],
      [Uint8Array.from([0xfe, 0xff, ...encodeWide(body, "UTF-16BE")]), "UTF-16BE (byte-order mark)"],
      [Uint8Array.from([0xff, 0xfe, 0, 0, ...encodeWide(body, "UTF-32LE")]), "UTF-32LE (byte-order mark)"],
      [Uint8Array.from([0x2b, 0x2f, 0x76, 0x38, ...encode(body)]), "UTF-7 (byte-order mark)"],
      [Uint8Array.from([0x4c, 0x6f, 0xa7, 0x94, 0x93]), "EBCDIC (no byte-order mark)"],
    ];
    for (const [bytes, name] of cases) {
      assert.equal(await refusedOnBothPaths(bytes), `must be encoded in UTF-8 (ISO 20022 files are), not ${name}`);
    }
  });

  it("C46 bytes that are not UTF-8, or NUL, where a file says UTF-8 or nothing, saying where", async () => {
    const latin1 = encodeLatin1(validText().replace("INV-2026-0042", "Müller"));
    const at = encode(validText().slice(0, validText().indexOf("INV-2026-0042"))).byteLength;
    assert.equal(
      await refusedOnBothPaths(latin1),
      `must be encoded in UTF-8 (ISO 20022 files are): byte ${at + 1} is not UTF-8`,
    );
    for (const bad of [[0x80], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xf4, 0x90, 0x80, 0x80], [0xe2, 0x82]]) {
      const bytes = Uint8Array.from([...encode(validText().slice(0, 300)), ...bad, ...encode(validText().slice(300))]);
      assert.equal(
        await refusedOnBothPaths(bytes),
        `must be encoded in UTF-8 (ISO 20022 files are): byte 300 is not UTF-8`,
        `bytes ${bad.join(",")}`,
      );
    }
    const nul = encode(validText().replace("INV-2026-0042", "INV\u00002026"));
    assert.match(await refusedOnBothPaths(nul), /^must be encoded in UTF-8 \(ISO 20022 files are\): byte \d+ is NUL/);
  });

  it("C46 UTF-8 is read with its byte-order mark or without, declared in any case or not at all", async () => {
    const files = [
      fixture("camt.054.001.08.xml"),
      Uint8Array.from([0xef, 0xbb, 0xbf, ...fixture("camt.054.001.08.xml")]),
      declared(`<?xml version='1.0' encoding='utf-8'?>`),
      encode(body),
    ];
    for (const bytes of files) {
      assert.equal(readBankFile(bytes).definition.id, "camt.054.001.08");
      assert.equal((await streamBytes(bytes)).reports[0]!.entries.length, 4);
    }
  });
});
