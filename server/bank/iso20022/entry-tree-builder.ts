import { type SaxesTagNS } from "saxes";
import { type XmlTree } from "./xml-tree.ts";

/*
 * One streamed entry as the same plain objects `copyTree` makes of libxml2's document, built from the parser's
 * events, so `readEntry` reads a streamed entry exactly as it reads one of a whole file. Namespace declarations are
 * not attributes (libxml2 keeps them apart too) and attributes are named by their local name, as libxml2 does.
 */

type Building = { name: string; attributes: Record<string, string>; text: string[]; children: XmlTree[]; line: number };

const NO_CHILDREN: readonly XmlTree[] = Object.freeze([]);
const NO_ATTRIBUTES: Readonly<Record<string, string>> = Object.freeze({});

export class EntryTreeBuilder {
  private readonly stack: Building[] = [];
  private built: XmlTree | undefined;

  open(tag: SaxesTagNS, line: number): void {
    let attributes = NO_ATTRIBUTES as Record<string, string>;
    for (const name in tag.attributes) {
      const attribute = tag.attributes[name]!;
      if (attribute.prefix === "xmlns" || attribute.name === "xmlns") continue;
      if (attributes === NO_ATTRIBUTES) attributes = {};
      attributes[attribute.local] = attribute.value;
    }
    this.stack.push({ name: tag.local, attributes, text: [], children: [], line });
  }

  text(text: string): void {
    this.stack.at(-1)?.text.push(text);
  }

  close(): void {
    const element = this.stack.pop()!;
    const leaf = element.children.length === 0;
    const tree: XmlTree = {
      name: element.name,
      attributes: element.attributes,
      text: leaf ? element.text.join("") : "",
      children: leaf ? NO_CHILDREN : element.children,
      line: element.line,
    };
    const parent = this.stack.at(-1);
    if (parent) parent.children.push(tree);
    else this.built = tree;
  }

  /** The entry last closed; the builder is ready for the next. */
  take(): XmlTree {
    const built = this.built!;
    this.built = undefined;
    return built;
  }
}
