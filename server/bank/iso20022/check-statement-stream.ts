import { XmlDocument, XmlLibError, XmlParseError, type ErrorDetail } from "libxml2-wasm";
import { AppError } from "../../errors.ts";
import { bankFileText, sha256, type TimeBudget } from "./bank-file-text.ts";
import { wrapEntry } from "./entry-envelope.ts";
import { BANK_FILE_PARSE_OPTIONS } from "./read-bank-file.ts";
import { validatorFor } from "./schema-validators.ts";
import { StatementCutter, type CutEntry, type EnvelopeCut } from "./statement-cutter.ts";
import { cutterNames, statementRoot, type StatementRoot } from "./statement-root.ts";
import { MAX_REPORTED_PROBLEMS, namedPath, readableMessage } from "./validation-problems.ts";
import { copyTree, type XmlTree } from "./xml-tree.ts";

/*
 * The first pass of a streamed statement: every check `readBankFile` makes, made on a file too large to hold. Each
 * entry is validated on its own as it is cut, wrapped in a minimal envelope of its message and version, and
 * dropped; the envelope (the file without its entries) is validated at the end. libxml2 thus never holds more than
 * one entry or the envelope. A refusal names elements by their path in the file and lines by the file's lines.
 */

export type CheckedStatement = {
  root: StatementRoot;
  /** The validated envelope: the file with each run of entries replaced by one stand-in `Ntry`. */
  envelope: XmlTree;
  entriesPerReport: readonly number[];
  /** Hex SHA-256 of the file's bytes: the second pass checks it read the same file. */
  sha256: string;
};

/** An entry's problem, its path finished once the number of reports and entries is known. */
type Problem = { entry?: { report: number; position: number; rest: string[] }; path?: string; reason: string };

function notWellFormed(line: number, detail: ErrorDetail | undefined, message: string): AppError {
  const reason = `is not well-formed XML (line ${line}, column ${detail?.col ?? 0}: ${readableMessage(message)})`;
  return new AppError("VALIDATION", `The bank file was refused: file ${reason}`, { file: reason });
}

/**
 * Parses and validates `text`; its problems come back with `line` turned into the file's line. Returns whether it
 * is valid, and with `tree` its tree (the envelope's; an entry's is not kept: pass two reads it again).
 */
function validateText(
  root: StatementRoot,
  text: string,
  fileLine: (line: number) => number,
  onProblem: (document: XmlDocument, detail: ErrorDetail, line: number) => void,
  tree: { copy?: (tree: XmlTree) => void } = {},
): boolean {
  let document: XmlDocument;
  try {
    document = XmlDocument.fromString(text, { option: BANK_FILE_PARSE_OPTIONS });
  } catch (error) {
    if (!(error instanceof XmlParseError)) throw error;
    const first = error.details[0];
    throw notWellFormed(fileLine(first?.line ?? 1), first, first?.message ?? error.message);
  }
  try {
    validatorFor(root.definition).validate(document);
    tree.copy?.(copyTree(document));
    return true;
  } catch (error) {
    if (!(error instanceof XmlLibError)) throw error;
    for (const detail of error.details) onProblem(document, detail, fileLine(detail.line));
    return false;
  } finally {
    document.dispose();
  }
}

function checkEntry(root: StatementRoot, entry: CutEntry, problems: Problem[]): void {
  const wrapped = wrapEntry(root.definition, root.container, entry.declarations, entry.text);
  validateText(
    root,
    wrapped,
    (line) => entry.line + line - 1,
    (document, detail, line) => {
      const steps = namedPath(document, detail.xpath)?.split("/");
      const reason = `line ${line}: ${readableMessage(detail.message)}`;
      if (steps?.[3] === "Ntry") {
        problems.push({ entry: { report: entry.report, position: entry.position, rest: steps.slice(4) }, reason });
      } else {
        problems.push({ path: `line ${line}`, reason });
      }
    },
  );
}

/** An envelope line as the file's line: every run of entries cut before it moves it down by the lines it took. */
function envelopeToFile(cuts: readonly EnvelopeCut[], line: number): number {
  let fileLine = line;
  for (const cut of cuts) {
    if (cut.envelopeLine > line) break;
    fileLine = cut.envelopeLine === line ? cut.fileLine : fileLine + cut.removed;
  }
  return fileLine;
}

function pathOf(root: StatementRoot, counts: readonly number[], problem: Problem): string {
  if (!problem.entry) return problem.path!;
  const { report, position, rest } = problem.entry;
  // Same-named siblings numbered from 1, as `namedPath` does for a whole file.
  const reportStep = counts.length > 1 ? `${root.container.report}[${report + 1}]` : root.container.report;
  const entryStep = (counts[report] ?? 0) > 1 ? `Ntry[${position}]` : "Ntry";
  return ["Document", root.container.message, reportStep, entryStep, ...rest].join("/");
}

function refusal(root: StatementRoot, counts: readonly number[], problems: readonly Problem[]): AppError {
  const fields: Record<string, string> = {};
  for (const problem of problems.slice(0, MAX_REPORTED_PROBLEMS)) {
    const key = pathOf(root, counts, problem);
    fields[key] = fields[key] ? `${fields[key]}; ${problem.reason}` : problem.reason;
  }
  const [first] = Object.entries(fields);
  const summary = first ? `${first[0]}: ${first[1]}` : "";
  return new AppError("VALIDATION", `The bank file is not a valid ${root.definition.id}: ${summary}`, fields);
}

/** Makes every check on the statement at `path`; throws the refusal `AppError`, else returns what pass two needs. */
export async function checkStatementStream(
  path: string,
  maxBytes: number,
  budget?: TimeBudget,
): Promise<CheckedStatement> {
  const hash = sha256();
  let root: StatementRoot | undefined;
  const problems: Problem[] = [];
  const cutter = new StatementCutter({
    keepEnvelope: true,
    root: (tag) => cutterNames((root = statementRoot(tag))),
    // Past the fifth problem the rest are not reported: they are not looked for either.
    entry: (entry) => problems.length < MAX_REPORTED_PROBLEMS && checkEntry(root!, entry, problems),
  });
  for await (const text of bankFileText(path, maxBytes, hash, budget)) cutter.write(text);
  const envelopeText = cutter.end();
  const checked = root!;
  let envelope: XmlTree | undefined;
  const valid = validateText(
    checked,
    envelopeText,
    (line) => envelopeToFile(cutter.cuts, line),
    (document, detail, line) => {
      const reason = `line ${line}: ${readableMessage(detail.message)}`;
      problems.push({ path: namedPath(document, detail.xpath) ?? `line ${line}`, reason });
    },
    { copy: (tree) => (envelope = tree) },
  );
  if (problems.length > 0 || !valid || !envelope) throw refusal(checked, cutter.entriesPerReport, problems);
  return { root: checked, envelope, entriesPerReport: cutter.entriesPerReport, sha256: hash.digest("hex") };
}
