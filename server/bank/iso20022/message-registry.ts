/*
 * The ISO 20022 messages the bank rail speaks, by namespace. Banks send older and newer versions side by side and
 * the namespace of the root `Document` is the only thing that says which one a file is, so it decides the schema a
 * file is validated against and the reader that reads it. A namespace missing here is refused, never guessed.
 */

export type MessageName = "camt.052" | "camt.053" | "camt.054" | "pain.001" | "pain.002";

/** `in`: the bank sends it to us (statements, notifications, status reports); `out`: we send it (payment files). */
export type MessageDirection = "in" | "out";

export type MessageDefinition = {
  /** `camt.054.001.08`: the message identifier, also the schema's file name. */
  id: string;
  message: MessageName;
  /** The version within the message, `02`, `04`, `08`…: versions differ in element names and nesting. */
  version: string;
  namespace: string;
  direction: MessageDirection;
  /** The file in `schemas/`, copied unchanged from the official ISO 20022 XSDs. */
  schemaFile: string;
};

const NAMESPACE_PREFIX = "urn:iso:std:iso:20022:tech:xsd:";

function define(message: MessageName, version: string, direction: MessageDirection): MessageDefinition {
  const id = `${message}.001.${version}`;
  return { id, message, version, namespace: `${NAMESPACE_PREFIX}${id}`, direction, schemaFile: `${id}.xsd` };
}

export const MESSAGES: readonly MessageDefinition[] = [
  define("camt.052", "08", "in"),
  define("camt.053", "02", "in"),
  define("camt.053", "04", "in"),
  define("camt.053", "08", "in"),
  define("camt.054", "02", "in"),
  define("camt.054", "04", "in"),
  define("camt.054", "08", "in"),
  define("pain.002", "11", "in"),
  define("pain.001", "03", "out"),
  define("pain.001", "09", "out"),
];

const BY_NAMESPACE = new Map(MESSAGES.map((definition) => [definition.namespace, definition]));
const BY_ID = new Map(MESSAGES.map((definition) => [definition.id, definition]));

export function messageForNamespace(namespace: string): MessageDefinition | undefined {
  return BY_NAMESPACE.get(namespace);
}

/** The definition of `camt.054.001.08` and the like; throws for an id not listed above (a programming error). */
export function messageById(id: string): MessageDefinition {
  const definition = BY_ID.get(id);
  if (!definition) throw new Error(`No ISO 20022 message ${id} is registered`);
  return definition;
}
