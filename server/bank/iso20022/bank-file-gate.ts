import { isUtf8 } from "node:buffer";
import { AppError } from "../../errors.ts";
import { ElementDepth, MAX_ELEMENT_DEPTH } from "./element-depth.ts";
import { firstNonUtf8, sniffedEncoding } from "./file-encoding.ts";
import { checkProlog } from "./xml-prolog.ts";

/*
 * The bytes of every bank file pass here before any parser sees them, whole (`readBankFile`) or chunk by chunk
 * (`bankFileText`, for the streamed reader): one door for what is judged on bytes (C46, C52). In order: the first
 * bytes are UTF-8 and not another encoding's (file-encoding.ts); the prolog has no DOCTYPE and declares no other
 * encoding (xml-prolog.ts); every byte is UTF-8 and none is NUL; elements nest no deeper than the schemas allow
 * (element-depth.ts). Each refusal is a `VALIDATION` on `file` saying why, and which encoding or element.
 */

/** The prolog scan looks at this much of the file: a prolog longer than that is scanned by the parser (C52). */
const PROLOG_BYTES = 64 * 1024;

/**
 * What a refusal says, for the kind of file the gate guards: bank files by default; other XML files Tokenrail reads
 * (the sanctions lists, server/screening/lists/list-file-gate.ts) pass the same door with their own words and depth.
 */
export type GateWords = {
  /** The refusal's message before the reason: "The bank file was refused". */
  refused: string;
  /** Why UTF-8 only: "ISO 20022 files are". */
  utf8Because: string;
  /** Who never carries a DOCTYPE: "bank files". */
  carriers: string;
  maxDepth: number;
  /** What the deepest legitimate file nests, said when a file goes past `maxDepth`. */
  deepest: string;
};

export const BANK_FILE_WORDS: GateWords = {
  refused: "The bank file was refused",
  utf8Because: "ISO 20022 files are",
  carriers: "bank files",
  maxDepth: MAX_ELEMENT_DEPTH,
  deepest: "no ISO 20022 message Tokenrail reads goes deeper than 15",
};

export class BankFileGate {
  private head: Uint8Array[] | undefined = [];
  private headBytes = 0;
  /** Bytes passed on so far, and the last three of them (a UTF-8 sequence may straddle two chunks). */
  private passed = 0;
  private tail = new Uint8Array();
  private readonly decoder = new TextDecoder("utf-8", { fatal: true });
  private readonly depth: ElementDepth;
  private readonly words: GateWords;
  private readonly text: boolean;

  /** `text: false` for a whole file whose text nobody reads: its UTF-8 is checked, not decoded. */
  constructor(options: { text?: boolean; words?: GateWords } = {}) {
    this.text = options.text ?? true;
    this.words = options.words ?? BANK_FILE_WORDS;
    this.depth = new ElementDepth(this.words.maxDepth, this.words.deepest);
  }

  private refuse(reason: string): AppError {
    return new AppError("VALIDATION", `${this.words.refused}: file ${reason}`, { file: reason });
  }

  private get notUtf8(): string {
    return `must be encoded in UTF-8 (${this.words.utf8Because})`;
  }

  /** Takes the next chunk and answers its text (nothing while the prolog is still being gathered); throws a refusal. */
  write(chunk: Uint8Array): string {
    if (!this.head) return this.pass(chunk, true);
    this.head.push(chunk);
    this.headBytes += chunk.byteLength;
    if (this.headBytes < PROLOG_BYTES) return "";
    return this.passHead(false);
  }

  /** The end of the file: answers the text still held; throws a refusal. */
  end(): string {
    const text = this.head ? this.passHead(true) : "";
    return text + this.pass(new Uint8Array(), false);
  }

  private passHead(whole: boolean): string {
    const bytes = this.head!.length === 1 ? this.head![0]! : Buffer.concat(this.head!);
    this.head = undefined;
    const encoding = sniffedEncoding(bytes);
    if (encoding) throw this.refuse(`${this.notUtf8}, not ${encoding}`);
    const problem = checkProlog(bytes, this.words.carriers);
    // Cut short, the head may end inside a long prolog: whether a root follows is then the parser's to say.
    if (problem && !(!whole && problem.reason === "has no root element")) {
      throw this.refuse(`${problem.reason} (line ${problem.line})`);
    }
    return this.pass(bytes, true);
  }

  private pass(bytes: Uint8Array, more: boolean): string {
    let text = "";
    try {
      if (this.text) text = this.decoder.decode(bytes, { stream: more });
      else if (!isUtf8(bytes)) throw new TypeError("not UTF-8");
    } catch {
      throw this.refuse(`${this.notUtf8}: byte ${this.nonUtf8At(bytes, more)} is not UTF-8`);
    }
    const nul = bytes.indexOf(0);
    if (nul !== -1) {
      throw this.refuse(`${this.notUtf8}: byte ${this.passed + nul} is NUL, as in UTF-16 or UTF-32 and in no XML file`);
    }
    const problem = this.depth.write(bytes);
    if (problem) throw this.refuse(`${problem.reason} (line ${problem.line})`);
    this.passed += bytes.byteLength;
    this.tail = bytes.byteLength >= 3 ? bytes.slice(-3) : Uint8Array.from([...this.tail, ...bytes].slice(-3));
    return text;
  }

  /** Where in the file the first byte that is not UTF-8 is, counting a sequence begun in the chunk before. */
  private nonUtf8At(bytes: Uint8Array, more: boolean): number {
    // From the lead byte of the last chunk's last sequence, in case it was left unfinished.
    let carried = 0;
    for (let at = 0; at < this.tail.length; at++) if (this.tail[at]! >= 0xc0) carried = this.tail.length - at;
    const joined = Uint8Array.from([...this.tail.subarray(this.tail.length - carried), ...bytes]);
    const at = firstNonUtf8(joined, more);
    return this.passed - carried + Math.max(at, 0);
  }
}

/** Passes a whole file through the gate; throws its refusal. */
export function checkBankFileBytes(bytes: Uint8Array): void {
  const gate = new BankFileGate({ text: false });
  gate.write(bytes);
  gate.end();
}
