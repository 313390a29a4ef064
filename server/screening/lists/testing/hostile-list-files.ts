import { bytesOf, fixtureText } from "./list-fixtures.ts";

/*
 * Hostile list files, each made from a real excerpt so that only the hostile part is wrong: a DOCTYPE that expands
 * entities a billion times, nesting far deeper than any list, an attribute of megabytes, another encoding, a list
 * without entries, an entry without its name. Each comes with the words its refusal must say.
 */

export type HostileFile = { what: string; bytes: Uint8Array; says: RegExp };

const LAUGHS = `<!DOCTYPE lolz [
 <!ENTITY lol "lol">
 <!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
 <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
 <!ENTITY lol9 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
]>`;

/** The XML declaration and everything up to the end of the root's start tag, and the rest. */
function split(text: string): [string, string] {
  const root = text.indexOf(">", text.indexOf("<", text.indexOf("?>") + 2)) + 1;
  return [text.slice(0, root), text.slice(root)];
}

function utf16(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes.set([0xff, 0xfe]);
  for (let at = 0; at < text.length; at++) {
    bytes[2 + at * 2] = text.charCodeAt(at) & 0xff;
    bytes[3 + at * 2] = text.charCodeAt(at) >> 8;
  }
  return bytes;
}

/** The hostile files made from the XML fixture `name`, whose entries are `entry` elements. */
export function hostileXmlFiles(name: string, entry: string): HostileFile[] {
  const text = fixtureText(name);
  const [head, body] = split(text);
  const declaration = head.slice(0, head.indexOf("?>") + 2);
  const rootAndRest = head.slice(declaration.length);
  const rootName = /<([\w:]+)/.exec(rootAndRest)![1]!;
  const firstEntry = body.search(new RegExp(`<${entry}[\\s>]`));
  const deep = `${"<deep>".repeat(5_000)}${"</deep>".repeat(5_000)}`;
  return [
    {
      what: "a billion-laughs DOCTYPE",
      bytes: bytesOf(`${declaration}\n${LAUGHS.replace("lolz", rootName)}${rootAndRest}&lol9;${body}`),
      says: /must not contain a DOCTYPE/,
    },
    {
      what: "nesting 5,000 deep",
      bytes: bytesOf(`${head}${body.slice(0, firstEntry)}${deep}${body.slice(firstEntry)}`),
      says: /nests elements deeper than 16 levels \(deep is at level 17\)/,
    },
    {
      what: "an attribute of 3 MB",
      bytes: bytesOf(`${head}${body.slice(0, firstEntry)}<x a="${"A".repeat(3_000_000)}"/>${body.slice(firstEntry)}`),
      says: /has a value longer than 262144 characters \(attribute a/,
    },
    {
      what: "a text of 3 MB in an entry",
      bytes: bytesOf(
        `${head}${body.slice(0, firstEntry)}<${entry}><x>${"B".repeat(3_000_000)}</x></${entry}>${body.slice(firstEntry)}`,
      ),
      says: /has a value longer than 262144 characters/,
    },
    { what: "UTF-16", bytes: utf16(text), says: /must be encoded in UTF-8.*not UTF-16LE/ },
    {
      what: "a Latin-1 byte",
      bytes: new Uint8Array([...bytesOf(head), 0xe9, ...bytesOf(body)]),
      says: /must be encoded in UTF-8.*is not UTF-8/,
    },
    {
      what: "the root alone, without entries",
      bytes: bytesOf(`${head}</${rootName}>`),
      says: /without a single entry/,
    },
    {
      what: "text after the root",
      bytes: bytesOf(`${text}<${rootName}/>`),
      says: /is not well-formed XML/,
    },
  ];
}
