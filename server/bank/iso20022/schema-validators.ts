import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { XmlDocument, XsdValidator } from "libxml2-wasm";
import { type MessageDefinition } from "./message-registry.ts";

/*
 * One compiled schema per message and version, for the life of the process. Compiling a camt schema takes tens of
 * milliseconds and its validator lives in WebAssembly memory, so validators are compiled on first use and kept;
 * they are never disposed (a process holds at most the ten listed in the registry, about a megabyte each).
 */

const SCHEMAS_DIR = fileURLToPath(new URL("./schemas/", import.meta.url));

const validators = new Map<string, XsdValidator>();

export function schemaPath(definition: MessageDefinition): string {
  return `${SCHEMAS_DIR}${definition.schemaFile}`;
}

export function validatorFor(definition: MessageDefinition): XsdValidator {
  const cached = validators.get(definition.id);
  if (cached) return cached;
  // The schema document is only needed while compiling: the validator keeps what it needs and the text goes.
  const schema = XmlDocument.fromBuffer(readFileSync(schemaPath(definition)));
  try {
    const validator = XsdValidator.fromDoc(schema);
    validators.set(definition.id, validator);
    return validator;
  } finally {
    schema.dispose();
  }
}
