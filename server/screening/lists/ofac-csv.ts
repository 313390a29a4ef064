import { listRefusal } from "./list-file-gate.ts";

/*
 * The CSV of OFAC's legacy trio (sdn.csv, alt.csv, add.csv): no header, comma-separated, text in double quotes
 * (doubled inside), "-0-" for nothing, CRLF lines, sometimes a DOS end-of-file byte (0x1A) as the last line. The
 * bytes must be UTF-8 without NUL, as the XML lists must.
 */

export const CSV_NULL = "-0-";

/** The file's text; refuses bytes that are not UTF-8 or hold a NUL. */
export function csvText(bytes: Uint8Array, name: string): string {
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw listRefusal(`must be encoded in UTF-8 (${name} is not)`);
  }
  if (text.includes("\u0000")) throw listRefusal(`must be encoded in UTF-8 (${name} holds a NUL byte)`);
  return text;
}

/** The rows of a CSV text, each its fields with "-0-" made "" and spaces trimmed; refuses an unclosed quote. */
export function csvRows(text: string, name: string, width: number): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = "";
  let quoted = false;
  let line = 1;
  const endField = () => {
    const value = field.trim();
    row.push(value === CSV_NULL ? "" : value);
    field = "";
  };
  const endRow = () => {
    endField();
    const blank = row.length === 1 && (row[0] === "" || row[0] === "\u001a");
    if (!blank) {
      if (row.length !== width) {
        throw listRefusal(`is not OFAC's ${name}: line ${line} has ${row.length} fields, not ${width}`);
      }
      rows.push(row);
    }
    row = [];
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at]!;
    if (quoted) {
      if (char === '"' && text[at + 1] === '"') {
        field += '"';
        at++;
      } else if (char === '"') quoted = false;
      else {
        if (char === "\n") line++;
        field += char;
      }
    } else if (char === '"' && field.trim() === "") {
      field = "";
      quoted = true;
    } else if (char === ",") endField();
    else if (char === "\n") {
      endRow();
      line++;
    } else if (char !== "\r") field += char;
  }
  if (quoted) throw listRefusal(`is not well-formed CSV: a quote opened in ${name} is never closed (line ${line})`);
  if (field !== "" || row.length > 0) endRow();
  return rows;
}
