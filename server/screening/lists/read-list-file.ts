import { type ParsedList } from "../list-entry.ts";
import { detectListFormat, rootTag, type ListFormat } from "./detect-list-format.ts";
import { listRefusal } from "./list-file-gate.ts";
import { readEuList } from "./read-eu-list.ts";
import { readOfacSdnCsv } from "./read-ofac-sdn-csv.ts";
import { readOfacSdnXml } from "./read-ofac-sdn-xml.ts";
import { readUkList } from "./read-uk-list.ts";
import { readUnList } from "./read-un-list.ts";

/*
 * One door for a list file whatever list it is: its format is told from its first bytes (detect-list-format.ts)
 * unless the caller names it, and it is read by that format's reader. A file of none of the formats is refused,
 * saying what it looked like.
 */

const READERS: Record<ListFormat, (bytes: Uint8Array) => Promise<ParsedList>> = {
  "eu-fsf-xml": readEuList,
  "un-sc-xml": readUnList,
  "ofac-sdn-xml": readOfacSdnXml,
  "ofac-sdn-csv": (sdn) => readOfacSdnCsv({ sdn }),
  "uk-fcdo-xml": readUkList,
};

function whatItIs(bytes: Uint8Array): string {
  const head = new TextDecoder("utf-8").decode(bytes.subarray(0, 4096)).trimStart();
  if (head === "") return "it is empty";
  if (!head.startsWith("<")) return "it is not XML, nor OFAC's sdn.csv";
  const root = rootTag(head);
  if (!root) return "it has no root element";
  return `its root element is ${root.namespace ? `{${root.namespace}}` : ""}${root.local}`;
}

/** Reads a list file of any format Tokenrail reads (or of `format`), whole; throws the refusal. */
export async function readListFile(bytes: Uint8Array, format = detectListFormat(bytes)): Promise<ParsedList> {
  if (!format) {
    throw listRefusal(
      `is none of the lists Tokenrail reads (EU FSF XML, UN Security Council XML, OFAC sdn.xml or sdn.csv, UK Sanctions List XML): ${whatItIs(bytes)}`,
    );
  }
  return READERS[format](bytes);
}
