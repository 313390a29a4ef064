import { ParseOption, XmlDocument, XmlLibError, XmlParseError } from "libxml2-wasm";
import { AppError } from "../../errors.ts";
import { checkBankFileBytes } from "./bank-file-gate.ts";
import { messageForNamespace, type MessageDefinition } from "./message-registry.ts";
import { validatorFor } from "./schema-validators.ts";
import { readableMessage, schemaProblems } from "./validation-problems.ts";
import { copyTree, type XmlTree } from "./xml-tree.ts";

/*
 * The one door bank files come in by (C46, C52). Nothing is read from a file before all of this holds, in this order:
 * it is no larger than the limit; its bytes pass the gate (bank-file-gate.ts: UTF-8 and no other encoding, no
 * DOCTYPE, so no entity is ever loaded or expanded, and nested no deeper than the schemas allow); it is well-formed; its root is a `Document` in the namespace of a message and version we read; and it is valid against
 * that version's official schema. A refusal is an `AppError` naming the element (or `file`) and the reason; a file
 * refused changes nothing because nothing has been read from it yet.
 */

/** 64 MB: a day's camt.053 of a busy account is a few megabytes; the issue asks 50 MB to import. */
export const DEFAULT_MAX_BANK_FILE_BYTES = 64 * 1024 * 1024;

export type ReadBankFileOptions = {
  maxBytes?: number;
  /** Which directions are accepted; by default only what a bank sends (`in`), never our own payment files. */
  directions?: readonly MessageDefinition["direction"][];
};

export type BankFile = {
  definition: MessageDefinition;
  /** The root `Document` element, validated, as plain objects. */
  document: XmlTree;
};

/*
 * NONET and NO_XXE: never load anything from outside, even if a DTD slipped past the prolog check. No NOENT (it
 * would substitute entities) and no HUGE (libxml2's default limits stay: 10 MB text nodes, depth 256). BIG_LINES so
 * errors past line 65,535 still say where they are.
 */
export const BANK_FILE_PARSE_OPTIONS =
  ParseOption.XML_PARSE_NONET |
  ParseOption.XML_PARSE_NO_XXE |
  ParseOption.XML_PARSE_NOCDATA |
  ParseOption.XML_PARSE_BIG_LINES;

function refuse(field: string, reason: string): AppError {
  return new AppError("VALIDATION", `The bank file was refused: ${field} ${reason}`, { [field]: reason });
}

function parse(bytes: Uint8Array): XmlDocument {
  try {
    return XmlDocument.fromBuffer(bytes, { option: BANK_FILE_PARSE_OPTIONS });
  } catch (error) {
    if (!(error instanceof XmlParseError)) throw error;
    const first = error.details[0];
    const where = first ? `line ${first.line}, column ${first.col}: ` : "";
    throw refuse("file", `is not well-formed XML (${where}${readableMessage(first?.message ?? error.message)})`);
  }
}

function checkDocument(document: XmlDocument, options: ReadBankFileOptions): MessageDefinition {
  // The prolog check refused a DOCTYPE already; this is the lock behind it.
  if (document.dtd !== null) throw refuse("file", "must not contain a DOCTYPE");
  const root = document.root;
  if (root.name !== "Document") {
    throw refuse(root.name, "is not an ISO 20022 message (the root element must be Document)");
  }
  const definition = messageForNamespace(root.namespaceUri);
  const directions = options.directions ?? ["in"];
  if (!definition || !directions.includes(definition.direction)) {
    const namespace = root.namespaceUri || "no namespace";
    throw refuse("Document", `is in ${namespace}, not a message and version Tokenrail reads`);
  }
  return definition;
}

function validate(document: XmlDocument, definition: MessageDefinition): void {
  try {
    validatorFor(definition).validate(document);
  } catch (error) {
    if (!(error instanceof XmlLibError)) throw error;
    const problems = schemaProblems(document, error.details);
    const [first] = Object.entries(problems);
    const summary = first ? `${first[0]}: ${first[1]}` : readableMessage(error.message);
    throw new AppError("VALIDATION", `The bank file is not a valid ${definition.id}: ${summary}`, problems);
  }
}

/** Checks a bank file as above and returns its message and its validated document; throws `AppError` otherwise. */
export function readBankFile(bytes: Uint8Array, options: ReadBankFileOptions = {}): BankFile {
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BANK_FILE_BYTES;
  if (bytes.byteLength > maxBytes) {
    throw new AppError("PAYLOAD_TOO_LARGE", `The bank file is larger than ${maxBytes} bytes`, {
      file: `must be at most ${maxBytes} bytes`,
    });
  }
  checkBankFileBytes(bytes);

  const document = parse(bytes);
  try {
    const definition = checkDocument(document, options);
    validate(document, definition);
    return { definition, document: copyTree(document) };
  } finally {
    // The parsed tree lives in WebAssembly memory, outside the garbage collector's reach.
    document.dispose();
  }
}
