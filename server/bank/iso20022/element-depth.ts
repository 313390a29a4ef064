/*
 * How deep a bank file's elements nest, counted from its bytes as they come, before a parser sees them (C46). The
 * deepest element path in any schema we ship is 15 levels (camt.052/053/054.001.08:
 * Document/…/Ntry/NtryDtls/TxDtls/RltdPties/Prtry/Pty/Pty/Id/OrgId/Othr/SchmeNm/Cd; element-depth.test.ts computes
 * it from the .xsd files). Only `SplmtryData/Envlp` goes deeper, being `xs:any`: a bank's own extension, a few
 * levels in practice. A file nested deeper than `MAX_ELEMENT_DEPTH` cannot be valid, so it is refused as its tags
 * stream in, before the streamed reader (saxes, which resolves each element's namespace by walking the open
 * elements: time growing with the square of the depth) or libxml2 (which stops at 256 on its own) spends anything
 * on it. 64 is four times the deepest schema path: room for the versions banks will send next and for any
 * extension a bank may put in an envelope, and a quarter of libxml2's own bound.
 *
 * Markup characters are ASCII, and no byte of a multi-byte UTF-8 sequence is, so the bytes can be scanned without
 * decoding. The count is exact for a well-formed file; for one that is not, the parser behind says where.
 */

export const MAX_ELEMENT_DEPTH = 64;

export type DepthProblem = { reason: string; line: number };

const enum State {
  Text,
  /** After `<`. */
  Open,
  /** After `<!`. */
  Bang,
  /** After `<!-`. */
  BangDash,
  StartTag,
  EndTag,
  Comment,
  CData,
  Instruction,
  /** `<!…>` that is neither a comment nor CDATA: a DOCTYPE, refused by the prolog scan or the parser. */
  Declaration,
}

const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const DASH = 0x2d;
const LBRACKET = 0x5b;
const RBRACKET = 0x5d;
const QUOTE = 0x22;
const APOSTROPHE = 0x27;
const NEWLINE = 0x0a;

function endsName(byte: number): boolean {
  return byte === GT || byte === SLASH || byte === 0x20 || byte === 0x09 || byte === 0x0a || byte === 0x0d;
}

/** Counts the element depth of a byte stream fed in chunks; `write` answers the first problem, then nothing more. */
export class ElementDepth {
  private state = State.Text;
  private depth = 0;
  /** In a start tag: the quote of the attribute value it is in (0: none), and whether `/` came last. */
  private quote = 0;
  private slash = false;
  /** `-` (comment), `]` (CDATA) or `?` (instruction) bytes just seen: the end is that run and `>`. */
  private run = 0;
  /** The name of a start tag past the bound, as far as it is read. */
  private name: number[] | undefined;
  private naming = false;
  private lines = 1;

  constructor(
    private readonly max = MAX_ELEMENT_DEPTH,
    /** What the deepest legitimate file nests, for the refusal to say. */
    private readonly deepest = "no ISO 20022 message Tokenrail reads goes deeper than 15",
  ) {}

  write(bytes: Uint8Array): DepthProblem | null {
    const length = bytes.length;
    for (let at = 0; at < length; at++) {
      switch (this.state) {
        case State.Text: {
          const next = bytes.indexOf(LT, at);
          if (next === -1) at = length;
          else {
            at = next;
            this.state = State.Open;
          }
          break;
        }
        case State.Open: {
          const byte = bytes[at]!;
          if (byte === SLASH) this.state = State.EndTag;
          else if (byte === QUESTION) this.enter(State.Instruction);
          else if (byte === BANG) this.state = State.Bang;
          else {
            this.state = State.StartTag;
            this.quote = 0;
            this.slash = false;
            this.naming = this.depth >= this.max;
            this.name = this.naming ? [] : undefined;
            at--;
          }
          break;
        }
        case State.Bang:
          if (bytes[at] === DASH) this.state = State.BangDash;
          else this.enter(bytes[at] === LBRACKET ? State.CData : State.Declaration);
          break;
        case State.BangDash:
          this.enter(bytes[at] === DASH ? State.Comment : State.Declaration);
          break;
        case State.Comment:
          this.runTo(bytes[at]!, DASH, 2);
          break;
        case State.CData:
          this.runTo(bytes[at]!, RBRACKET, 2);
          break;
        case State.Instruction:
          this.runTo(bytes[at]!, QUESTION, 1);
          break;
        case State.Declaration:
        case State.EndTag: {
          const next = bytes.indexOf(GT, at);
          if (next === -1) at = length;
          else {
            at = next;
            if (this.state === State.EndTag && this.depth > 0) this.depth--;
            this.state = State.Text;
          }
          break;
        }
        case State.StartTag: {
          const end = this.startTag(bytes, at);
          if (end === -1) at = length;
          else {
            at = end;
            this.state = State.Text;
            if (!this.slash && ++this.depth > this.max) return this.tooDeep(bytes, at);
          }
          break;
        }
      }
    }
    for (let at = bytes.indexOf(NEWLINE); at !== -1; at = bytes.indexOf(NEWLINE, at + 1)) this.lines++;
    return null;
  }

  /** Reads a start tag from `from` to its `>`, and answers where that is; -1 when the chunk ends first. */
  private startTag(bytes: Uint8Array, from: number): number {
    let quote = this.quote;
    let slash = this.slash;
    let at = from;
    for (; at < bytes.length; at++) {
      const byte = bytes[at]!;
      if (quote !== 0) {
        if (byte === quote) quote = 0;
      } else if (byte === GT) {
        break;
      } else if (byte === QUOTE || byte === APOSTROPHE) {
        quote = byte;
        slash = false;
      } else {
        slash = byte === SLASH;
      }
    }
    if (this.naming) this.readName(bytes, from, at);
    this.quote = quote;
    this.slash = slash;
    return at < bytes.length ? at : -1;
  }

  /** Keeps the name of a start tag past the bound (the bytes of it in `from`..`to`), for the refusal to say. */
  private readName(bytes: Uint8Array, from: number, to: number): void {
    for (let at = from; at < to && this.naming; at++) {
      if (endsName(bytes[at]!)) this.naming = false;
      else if (this.name!.length < 100) this.name!.push(bytes[at]!);
    }
  }

  private enter(state: State): void {
    this.state = state;
    this.run = 0;
  }

  private runTo(byte: number, repeated: number, needed: number): void {
    if (byte === GT && this.run >= needed) this.state = State.Text;
    else this.run = byte === repeated ? this.run + 1 : 0;
  }

  private tooDeep(bytes: Uint8Array, at: number): DepthProblem {
    let line = this.lines;
    for (let next = bytes.indexOf(NEWLINE); next !== -1 && next < at; next = bytes.indexOf(NEWLINE, next + 1)) line++;
    const name = this.name ? new TextDecoder().decode(new Uint8Array(this.name)) : "an element";
    return {
      reason: `nests elements deeper than ${this.max} levels (${name} is at level ${this.depth}): ${this.deepest}`,
      line,
    };
  }
}
