import { SaxesParser, type SaxesTagNS } from "saxes";
import { AppError } from "../../errors.ts";

/*
 * Cuts a statement streamed as text into its envelope and its entries, so that no step ever holds more than one
 * entry. saxes checks XML 1.0 well-formedness and namespaces as the text goes by; every `Ntry` child of a report
 * (`Document/<message>/<report>/Ntry`, all in the message's namespace) is handed out as the exact text the file has
 * (and, on request, as its events, to build its tree) and everything else is kept as the envelope, each run of
 * entries replaced by a stand-in. Nothing else is ever named `Ntry` here: one anywhere else stays in the envelope
 * for the schema to judge.
 */

export type CutEntry = {
  /** 0-based index of the report (`Stmt`, `Ntfctn`, `Rpt`) the entry is in. */
  report: number;
  /** 1-based position of the entry in its report. */
  position: number;
  /** The line its start tag begins on in the file. */
  line: number;
  text: string;
  /** The namespace declarations in scope where the entry stands (`xmlns`, `xmlns:p`). */
  declarations: Readonly<Record<string, string>>;
};

/** Where a run of entries was taken out of the envelope: envelope lines after it are `removed` lines later. */
export type EnvelopeCut = { envelopeLine: number; fileLine: number; removed: number };

export type CutterHooks = {
  /** Called with the root element; it refuses what is not a statement and says which names to cut on. */
  root(tag: SaxesTagNS): { namespace: string; message: string; report: string; standIn: string };
  entry(entry: CutEntry): void;
  /** Every event inside an entry, for a reader that builds its tree while cutting (`depth` 0 is the `Ntry`). */
  inEntry?: { open(tag: SaxesTagNS, line: number): void; text(text: string): void; close(): void };
  keepEnvelope: boolean;
};

type Open = { local: string; uri: string; declarations: Readonly<Record<string, string>> };

const NO_DECLARATIONS: Readonly<Record<string, string>> = Object.freeze({});

function refuse(reason: string): AppError {
  return new AppError("VALIDATION", `The bank file was refused: file ${reason}`, { file: reason });
}

export class StatementCutter {
  private readonly parser = new SaxesParser({ xmlns: true, position: true });
  private readonly open: Open[] = [];
  private lastClosed: string | undefined;
  private names: ReturnType<CutterHooks["root"]> | undefined;
  /** Text not yet routed to the envelope or to an entry, starting at `pendingAt` in the stream. */
  private pending = "";
  private pendingAt = 0;
  private mode: "envelope" | "entry" | "between" = "envelope";
  private tagStart = 0;
  private tagLine = 0;
  private entryStart = 0;
  private entryLine = 0;
  private report = -1;
  private position = 0;
  private envelopeParts: string[] = [];
  private envelopeLines = 1;
  readonly cuts: EnvelopeCut[] = [];
  readonly entriesPerReport: number[] = [];

  constructor(private readonly hooks: CutterHooks) {
    const parser = this.parser;
    parser.on("error", (error) => {
      const reason = error.message.replace(/^\d+:\d+: /, "").replace(/\.$/, "");
      // saxes has closed the open element before it finds the end tag does not match it: name that element.
      const context = /close tag/.test(reason) && this.lastClosed ? ` (${this.lastClosed} is open)` : "";
      throw refuse(`is not well-formed XML (line ${parser.line}, column ${parser.column}: ${reason}${context})`);
    });
    parser.on("doctype", () => {
      throw refuse(
        `must not contain a DOCTYPE: bank files carry none, and entities come in through one (line ${parser.line})`,
      );
    });
    parser.on("opentagstart", () => {
      this.tagStart = this.pendingAt + this.pending.lastIndexOf("<", parser.position - this.pendingAt - 1);
      this.tagLine = parser.line;
    });
    parser.on("opentag", (tag) => this.onOpen(tag));
    parser.on("closetag", () => this.onClose());
    parser.on("text", (text) => this.mode === "entry" && this.hooks.inEntry?.text(text));
    parser.on("cdata", (text) => this.mode === "entry" && this.hooks.inEntry?.text(text));
  }

  write(text: string): void {
    this.pending += text;
    this.parser.write(text);
    if (this.mode === "envelope") {
      // A start tag split by the chunk is reported in the next one: keep the text from its `<` until then.
      const cut = this.pending.lastIndexOf("<");
      this.route(this.pendingAt + (cut === -1 ? this.pending.length : cut));
    }
  }

  /** Ends the stream and returns the envelope (the file without its entries, a stand-in for each run of them). */
  end(): string {
    this.parser.close();
    this.route(this.pendingAt + this.pending.length);
    return this.envelopeParts.join("");
  }

  /** Sends the pending text up to `offset` to the envelope, or drops it when the envelope is not kept. */
  private route(offset: number, drop = false): void {
    const text = this.pending.slice(0, offset - this.pendingAt);
    this.pending = this.pending.slice(offset - this.pendingAt);
    this.pendingAt = offset;
    if (drop || !this.hooks.keepEnvelope || text === "") return;
    this.envelopeParts.push(text);
    for (let at = text.indexOf("\n"); at !== -1; at = text.indexOf("\n", at + 1)) this.envelopeLines++;
  }

  private isEntry(tag: SaxesTagNS): boolean {
    const [document, message, report] = this.open;
    const names = this.names!;
    return (
      this.open.length === 3 &&
      tag.local === "Ntry" &&
      tag.uri === names.namespace &&
      document!.uri === names.namespace &&
      message!.local === names.message &&
      message!.uri === names.namespace &&
      report!.local === names.report &&
      report!.uri === names.namespace
    );
  }

  private onOpen(tag: SaxesTagNS): void {
    // The parent's declarations, shared unless this element declares its own (most declare none).
    let declarations: Record<string, string> = this.open.at(-1)?.declarations ?? NO_DECLARATIONS;
    for (const name in tag.attributes) {
      const attribute = tag.attributes[name]!;
      if (attribute.prefix !== "xmlns" && attribute.name !== "xmlns") continue;
      if (declarations === this.open.at(-1)?.declarations || declarations === NO_DECLARATIONS) {
        declarations = { ...declarations };
      }
      declarations[attribute.name] = attribute.value;
    }
    if (this.open.length === 0) this.names = this.hooks.root(tag);
    if (this.mode === "entry") {
      this.hooks.inEntry?.open(tag, this.parser.line);
    } else if (this.isEntry(tag)) {
      this.entryStart = this.tagStart;
      this.entryLine = this.tagLine;
      if (this.mode === "between") {
        this.route(this.entryStart, true);
      } else {
        this.route(this.entryStart);
        this.cuts.push({ envelopeLine: this.envelopeLines, fileLine: this.entryLine, removed: 0 });
        this.envelopeParts.push(this.names!.standIn);
      }
      this.mode = "entry";
      this.position++;
      this.entriesPerReport[this.report] = this.position;
      this.hooks.inEntry?.open(tag, this.parser.line);
    } else {
      if (this.mode === "between") this.mode = "envelope";
      if (this.open.length === 2 && tag.local === this.names!.report && tag.uri === this.names!.namespace) {
        this.report++;
        this.position = 0;
        this.entriesPerReport[this.report] = 0;
      }
    }
    this.open.push({ local: tag.local, uri: tag.uri, declarations });
  }

  private onClose(): void {
    this.lastClosed = this.open.pop()?.local;
    if (this.mode !== "entry") {
      this.mode = "envelope";
      return;
    }
    this.hooks.inEntry?.close();
    if (this.open.length !== 3) return;
    const end = this.parser.position;
    const text = this.pending.slice(this.entryStart - this.pendingAt, end - this.pendingAt);
    this.route(end, true);
    // The run so far spans these lines of the file; the envelope holds its stand-in on one.
    const cut = this.cuts.at(-1)!;
    cut.removed = this.parser.line - cut.fileLine;
    this.mode = "between";
    this.hooks.entry({
      report: this.report,
      position: this.position,
      line: this.entryLine,
      text,
      declarations: this.open.at(-1)!.declarations,
    });
  }
}
