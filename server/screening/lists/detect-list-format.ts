import { type ListSource } from "../list-entry.ts";
import { EU_NAMESPACE } from "./read-eu-list.ts";
import { OFAC_NAMESPACES } from "./read-ofac-sdn-xml.ts";

/*
 * Which list a file is, from its first bytes, so an upload need not say: the root element and its namespace for the
 * XML lists, the shape of the first row for OFAC's sdn.csv. Only a guess at the door: the reader the answer names
 * checks the whole file, and refuses it if the guess was wrong.
 */

export type ListFormat = "eu-fsf-xml" | "un-sc-xml" | "ofac-sdn-xml" | "ofac-sdn-csv" | "uk-fcdo-xml";

export const FORMAT_SOURCES: Record<ListFormat, ListSource> = {
  "eu-fsf-xml": "eu",
  "un-sc-xml": "un",
  "ofac-sdn-xml": "ofac",
  "ofac-sdn-csv": "ofac",
  "uk-fcdo-xml": "uk",
};

const HEAD_BYTES = 64 * 1024;

/** The first start tag after the prolog: its local name and default namespace (or undefined when none is found). */
export function rootTag(head: string): { local: string; namespace: string } | undefined {
  const text = head.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, "");
  const match = /<([A-Za-z_][\w.-]*:)?([A-Za-z_][\w.-]*)([^>]*)>/.exec(text);
  if (!match) return undefined;
  const prefix = match[1]?.slice(0, -1);
  const declared = new RegExp(`\\sxmlns${prefix ? `:${prefix}` : ""}\\s*=\\s*["']([^"']*)["']`).exec(match[3]!);
  return { local: match[2]!, namespace: declared?.[1] ?? "" };
}

/** sdn.csv's first row: a numeric uid, a quoted name, then ten more fields. */
const SDN_CSV_ROW = /^\d+,"[^"]*",(?:"[^"]*"|-0- ?),/;

/** The list format the file's first bytes say it is, or undefined for anything else. */
export function detectListFormat(bytes: Uint8Array): ListFormat | undefined {
  const head = new TextDecoder("utf-8").decode(bytes.subarray(0, HEAD_BYTES)).replace(/^\uFEFF/, "");
  const trimmed = head.trimStart();
  if (!trimmed.startsWith("<")) return SDN_CSV_ROW.test(trimmed) ? "ofac-sdn-csv" : undefined;
  const root = rootTag(trimmed);
  if (!root) return undefined;
  if (root.local === "export" && root.namespace === EU_NAMESPACE) return "eu-fsf-xml";
  if (root.local === "CONSOLIDATED_LIST" && root.namespace === "") return "un-sc-xml";
  if (root.local === "sdnList" && OFAC_NAMESPACES.includes(root.namespace)) return "ofac-sdn-xml";
  if (root.local === "Designations" && root.namespace === "") return "uk-fcdo-xml";
  return undefined;
}
