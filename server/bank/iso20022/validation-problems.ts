import { XmlElement, type ErrorDetail, type XmlDocument } from "libxml2-wasm";

/*
 * libxml2's schema errors made readable: its messages name elements as `{urn:iso:…:camt.054.001.08}Amt` and its
 * paths count positions (`/*\/*\/*[2]/*[3]/*[1]`). A refusal should say `Document/…/Ntry[1]/Amt, line 4: '1x0.00'
 * is not a valid value…`, so the path is resolved in the document while it is still open and the namespace braces go.
 */

/** At most this many schema errors are reported: the first ones say what is wrong, a thousand more do not. */
export const MAX_REPORTED_PROBLEMS = 5;

function childElements(element: XmlElement): XmlElement[] {
  const elements: XmlElement[] = [];
  for (let node = element.firstChild; node !== null; node = node.next) {
    if (node instanceof XmlElement) elements.push(node);
  }
  return elements;
}

/** `/*\/*\/*[2]` as `Document/BkToCstmrDbtCdtNtfctn/Ntfctn[1]`: same-named siblings numbered from 1, as in XPath. */
export function namedPath(document: XmlDocument, positional: string | undefined): string | undefined {
  if (!positional?.startsWith("/")) return undefined;
  const steps = positional.split("/").slice(1);
  let element: XmlElement = document.root;
  const names = [element.name];
  for (const step of steps.slice(1)) {
    // `*[2]` counts every child element; `p:Name[2]` (libxml2's step for a prefixed element) only those so named.
    const position = /^(?:\*|(?:[^:[\]]+:)?([^:[\]]+))(?:\[(\d+)\])?$/.exec(step);
    if (!position) return undefined;
    const siblings = childElements(element);
    const candidates = position[1] ? siblings.filter((sibling) => sibling.name === position[1]) : siblings;
    const next = candidates[Number(position[2] ?? "1") - 1];
    if (!next) return undefined;
    const sameName = siblings.filter((sibling) => sibling.name === next.name);
    names.push(sameName.length > 1 ? `${next.name}[${sameName.indexOf(next) + 1}]` : next.name);
    element = next;
  }
  return names.join("/");
}

export function readableMessage(message: string): string {
  return message.replace(/\{[^}]*\}/g, "").trim();
}

/**
 * The first schema errors as field problems keyed by the element's path (or `line N` when libxml2 gave no path),
 * each reason carrying its line: `{"Document/…/Ntry[1]/Amt": "line 4: Element 'Amt': '1x0.00' is not a valid…"}`.
 */
export function schemaProblems(document: XmlDocument, details: readonly ErrorDetail[]): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const detail of details.slice(0, MAX_REPORTED_PROBLEMS)) {
    const key = namedPath(document, detail.xpath) ?? `line ${detail.line}`;
    const reason = `line ${detail.line}: ${readableMessage(detail.message)}`;
    problems[key] = problems[key] ? `${problems[key]}; ${reason}` : reason;
  }
  return problems;
}
