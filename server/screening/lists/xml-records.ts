import { SaxesParser, type SaxesTagNS } from "saxes";
import { MAX_LIST_VALUE_CHARS, listRefusal, listText, type ListBytes } from "./list-file-gate.ts";

/*
 * A sanctions list file read as a stream of records: saxes checks well-formedness and namespaces as the text goes
 * by (after the gate, list-file-gate.ts), and each element at one of the format's record paths (`sanctionEntity`,
 * `INDIVIDUALS/INDIVIDUAL`, `sdnEntry`, `Designation`) is built into a small tree and handed to the format's reader,
 * one at a time, so nothing but the record being read is ever held as a tree. Elements are matched by local name
 * under a root whose name and namespace the format names; a file with another root is another format and is refused
 * before any record is read. Any error throws: the caller builds nothing from a file that is not read to its end.
 */

export type XmlNode = { name: string; attrs: Record<string, string>; text: string; children: XmlNode[] };

export type RecordFormat = {
  /** What the format is called in a refusal: "the EU consolidated financial sanctions list". */
  title: string;
  root: string;
  /** The namespaces the root may be in ("" for none). */
  namespaces: readonly string[];
  /** The paths below the root whose elements are records, e.g. ["INDIVIDUALS", "INDIVIDUAL"]. */
  records: readonly (readonly string[])[];
};

function tooLong(what: string, line: number): never {
  throw listRefusal(`has a value longer than ${MAX_LIST_VALUE_CHARS} characters (${what}, line ${line})`);
}

function rootName(tag: SaxesTagNS): string {
  return tag.uri ? `{${tag.uri}}${tag.local}` : tag.local;
}

/** Reads every record of the file in order, each handed to `record` with its path; answers the root's attributes. */
export async function readXmlRecords(
  input: ListBytes,
  format: RecordFormat,
  record: (node: XmlNode, path: string) => void,
): Promise<Record<string, string>> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const paths = new Set(format.records.map((path) => path.join("/")));
  const below: string[] = [];
  const building: XmlNode[] = [];
  let recordPath = "";
  let rootAttrs: Record<string, string> | undefined;

  parser.on("error", (error) => {
    const reason = error.message.replace(/^\d+:\d+: /, "").replace(/\.$/, "");
    throw listRefusal(`is not well-formed XML (line ${parser.line}, column ${parser.column}: ${reason})`);
  });
  parser.on("doctype", () => {
    throw listRefusal(`must not contain a DOCTYPE: sanctions lists carry none (line ${parser.line})`);
  });
  parser.on("opentag", (tag) => {
    const attrs: Record<string, string> = {};
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.value.length > MAX_LIST_VALUE_CHARS) tooLong(`attribute ${attribute.name}`, parser.line);
      if (attribute.prefix !== "xmlns" && attribute.name !== "xmlns") attrs[attribute.local] = attribute.value;
    }
    if (!rootAttrs) {
      if (tag.local !== format.root || !format.namespaces.includes(tag.uri)) {
        throw listRefusal(`is not ${format.title}: its root element is ${rootName(tag)}`);
      }
      rootAttrs = attrs;
      return;
    }
    below.push(tag.local);
    const node: XmlNode = { name: tag.local, attrs, text: "", children: [] };
    if (building.length > 0) building.at(-1)!.children.push(node);
    else if (paths.has(below.join("/"))) recordPath = below.join("/");
    else return;
    building.push(node);
  });
  const text = (chunk: string) => {
    const node = building.at(-1);
    if (!node) {
      if (chunk.length > MAX_LIST_VALUE_CHARS) tooLong("text", parser.line);
      return;
    }
    node.text += chunk;
    if (node.text.length > MAX_LIST_VALUE_CHARS) tooLong(`text of ${node.name}`, parser.line);
  };
  parser.on("text", text);
  parser.on("cdata", text);
  parser.on("closetag", () => {
    if (!rootAttrs) return;
    below.pop();
    const node = building.pop();
    if (node && building.length === 0) record(node, recordPath);
  });

  for await (const chunk of listText(input)) parser.write(chunk);
  parser.close();
  if (!rootAttrs) throw listRefusal(`is not ${format.title}: it has no root element`);
  return rootAttrs;
}

/** The children of `node` named `name` (a path "a/b" goes down through every `a`). */
export function all(node: XmlNode | undefined, path: string): XmlNode[] {
  let nodes = node ? [node] : [];
  for (const name of path.split("/")) nodes = nodes.flatMap((n) => n.children.filter((child) => child.name === name));
  return nodes;
}

/** The trimmed text of the first element at `path` below `node`, or "" when there is none. */
export function textAt(node: XmlNode | undefined, path: string): string {
  return (all(node, path)[0]?.text ?? "").trim();
}
