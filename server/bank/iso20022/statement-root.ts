import { type SaxesTagNS } from "saxes";
import { AppError } from "../../errors.ts";
import { type StatementContainer, standInEntry } from "./entry-envelope.ts";
import { messageForNamespace, type MessageDefinition } from "./message-registry.ts";
import { statementContainer } from "./read-statement.ts";

/*
 * The streaming reader's look at the root element: the same refusals, in the same words, as `readBankFile` (an
 * element other than `Document`, a namespace not in the registry, our own payment files) and `readStatement` (a
 * message that is not a statement), made as soon as the root's start tag has been read.
 */

export type StatementRoot = { definition: MessageDefinition; container: StatementContainer };

function refuse(field: string, reason: string): AppError {
  return new AppError("VALIDATION", `The bank file was refused: ${field} ${reason}`, { [field]: reason });
}

export function statementRoot(tag: SaxesTagNS): StatementRoot {
  if (tag.local !== "Document") {
    throw refuse(tag.local, "is not an ISO 20022 message (the root element must be Document)");
  }
  const definition = messageForNamespace(tag.uri);
  if (!definition || definition.direction !== "in") {
    throw refuse("Document", `is in ${tag.uri || "no namespace"}, not a message and version Tokenrail reads`);
  }
  return { definition, container: statementContainer(definition) };
}

/** What the cutter needs to know of a statement's root to find its entries. */
export function cutterNames(root: StatementRoot) {
  return {
    namespace: root.definition.namespace,
    message: root.container.message,
    report: root.container.report,
    standIn: standInEntry(root.definition),
  };
}
