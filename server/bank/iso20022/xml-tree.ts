import { XmlElement, type XmlDocument } from "libxml2-wasm";

/*
 * A validated bank file as plain JavaScript objects. libxml2's document lives in WebAssembly memory and must be
 * disposed; copying the elements out once lets the readers be ordinary code over ordinary objects, and lets the
 * document go as soon as it is validated. Only elements are kept: their local name (every element of a validated
 * file is in the message's namespace), attributes, the text of leaf elements and the line they started on.
 */

export type XmlTree = {
  name: string;
  attributes: Readonly<Record<string, string>>;
  /** The text of an element without child elements; `""` for one with them (ISO 20022 has no mixed content). */
  text: string;
  children: readonly XmlTree[];
  line: number;
};

const NO_CHILDREN: readonly XmlTree[] = Object.freeze([]);
const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});

function copyElement(element: XmlElement): XmlTree {
  const children: XmlTree[] = [];
  for (let node = element.firstChild; node !== null; node = node.next) {
    if (node instanceof XmlElement) children.push(copyElement(node));
  }
  const attrs = element.attrs;
  let attributes = NO_ATTRIBUTES;
  if (attrs.length > 0) {
    const copied: Record<string, string> = {};
    for (const attr of attrs) copied[attr.name] = attr.value;
    attributes = copied;
  }
  return {
    name: element.name,
    attributes,
    text: children.length === 0 ? element.content : "",
    children: children.length === 0 ? NO_CHILDREN : children,
    line: element.line,
  };
}

export function copyTree(document: XmlDocument): XmlTree {
  return copyElement(document.root);
}

/** The first child element named `name`. */
export function child(element: XmlTree | undefined, name: string): XmlTree | undefined {
  return element?.children.find((candidate) => candidate.name === name);
}

/** Every child element named `name`, in document order. */
export function childrenNamed(element: XmlTree | undefined, name: string): XmlTree[] {
  return element ? element.children.filter((candidate) => candidate.name === name) : [];
}

/** The element at a path of child names below `element` (`at(entry, "BookgDt", "Dt")`). */
export function at(element: XmlTree | undefined, ...path: string[]): XmlTree | undefined {
  let current = element;
  for (const name of path) current = child(current, name);
  return current;
}

/** The text at a path of child names, or `undefined` when an element on the way is absent. */
export function textAt(element: XmlTree | undefined, ...path: string[]): string | undefined {
  return at(element, ...path)?.text;
}
