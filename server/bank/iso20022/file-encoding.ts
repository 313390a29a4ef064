/*
 * Bank files are UTF-8 (ISO 20022's XML rules and the SEPA rulebooks say so), and a file in any other encoding is
 * refused rather than converted (C46). An XML parser does not need a declaration to read another encoding: libxml2
 * reads UTF-16 from its first bytes alone (`<` is `3C 00` in UTF-16LE), whatever the declaration says or omits. So
 * the encoding is judged from the bytes themselves, before any parser sees them: a byte-order mark of another
 * encoding, first bytes that are `<?xml` in another encoding (XML 1.0, appendix F), a NUL byte anywhere (no XML
 * file holds one; every UTF-16 or UTF-32 file of markup does), or bytes that are not UTF-8.
 */

/** Byte-order marks of other encodings, longest first where one starts another (UTF-32LE's starts UTF-16LE's). */
const BYTE_ORDER_MARKS: [number[], string][] = [
  [[0x00, 0x00, 0xfe, 0xff], "UTF-32BE (byte-order mark)"],
  [[0xff, 0xfe, 0x00, 0x00], "UTF-32LE (byte-order mark)"],
  [[0xfe, 0xff], "UTF-16BE (byte-order mark)"],
  [[0xff, 0xfe], "UTF-16LE (byte-order mark)"],
  [[0x2b, 0x2f, 0x76], "UTF-7 (byte-order mark)"],
  [[0xf7, 0x64, 0x4c], "UTF-1 (byte-order mark)"],
  [[0xdd, 0x73, 0x66, 0x73], "UTF-EBCDIC (byte-order mark)"],
  [[0x0e, 0xfe, 0xff], "SCSU (byte-order mark)"],
  [[0xfb, 0xee, 0x28], "BOCU-1 (byte-order mark)"],
  [[0x84, 0x31, 0x95, 0x33], "GB18030 (byte-order mark)"],
];

/** `<` in other encodings, without a byte-order mark (XML 1.0, appendix F), each at the start of its code unit. */
const FIRST_BYTES: [number[], string][] = [
  [[0x00, 0x00, 0x00, 0x3c], "UTF-32BE (no byte-order mark)"],
  [[0x3c, 0x00, 0x00, 0x00], "UTF-32LE (no byte-order mark)"],
  [[0x00, 0x3c], "UTF-16BE (no byte-order mark)"],
  [[0x3c, 0x00], "UTF-16LE (no byte-order mark)"],
];

const EBCDIC_XML = [0x4c, 0x6f, 0xa7, 0x94];
const WHITE_OR_NUL = new Set([0x00, 0x09, 0x0a, 0x0d, 0x20]);

function startsWith(bytes: Uint8Array, prefix: number[], at = 0): boolean {
  return at >= 0 && at + prefix.length <= bytes.length && prefix.every((byte, index) => bytes[at + index] === byte);
}

/** The encoding a file's first bytes say it is in, when that is not UTF-8 (with or without its BOM). */
export function sniffedEncoding(bytes: Uint8Array): string | undefined {
  for (const [prefix, name] of BYTE_ORDER_MARKS) if (startsWith(bytes, prefix)) return name;
  if (startsWith(bytes, EBCDIC_XML)) return "EBCDIC (no byte-order mark)";
  // White space before the first `<` is NULs and spaces in UTF-16 or UTF-32: the `<`'s offset says whose code unit
  // it ends (big-endian: an odd offset) or starts (little-endian: an even one).
  let at = 0;
  while (at < 64 && WHITE_OR_NUL.has(bytes[at] ?? -1)) at++;
  if (bytes[at] !== 0x3c) return undefined;
  const unit = at % 4 === 3 && startsWith(bytes, FIRST_BYTES[0]![0], at - 3) ? at - 3 : at - (at % 2);
  for (const [prefix, name] of FIRST_BYTES) if (startsWith(bytes, prefix, unit)) return name;
  return undefined;
}

/** Whether `name` (an XML declaration's `encoding`) is UTF-8: only that spelling, in any case. */
export function isUtf8Name(name: string): boolean {
  return name.toUpperCase() === "UTF-8";
}

/**
 * The offset of the first byte in `bytes` that does not belong to a UTF-8 sequence (overlong forms, surrogates and
 * code points past U+10FFFF included), or -1; a sequence cut short by the end of `bytes` is not counted when
 * `partial` says more bytes follow. Only called once a decoder has refused: it says where.
 */
export function firstNonUtf8(bytes: Uint8Array, partial = false): number {
  for (let at = 0; at < bytes.length;) {
    const lead = bytes[at]!;
    if (lead < 0x80) {
      at++;
      continue;
    }
    const length =
      lead >= 0xc2 && lead <= 0xdf ? 2 : lead >= 0xe0 && lead <= 0xef ? 3 : lead >= 0xf0 && lead <= 0xf4 ? 4 : 0;
    if (length === 0) return at;
    // The second byte's range is narrower after these leads: no overlong form, no surrogate, nothing past U+10FFFF.
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    for (let next = 1; next < length; next++) {
      if (at + next >= bytes.length) return partial ? -1 : at;
      const byte = bytes[at + next]!;
      if (next === 1 ? byte < low || byte > high : byte < 0x80 || byte > 0xbf) return at;
    }
    at += length;
  }
  return -1;
}
