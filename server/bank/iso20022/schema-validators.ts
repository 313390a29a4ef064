import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { XmlDocument, XsdValidator } from "libxml2-wasm";
import { type MessageDefinition } from "./message-registry.ts";

/*
 * One compiled schema per message and version, for the life of the process. Compiling a camt schema takes tens of
 * milliseconds and its validator lives in WebAssembly memory, so validators are compiled on first use and kept;
 * they are never disposed (a process holds at most the ten listed in the registry, about a megabyte each).
 */

/**
 * The schemas beside this module; inside a Next.js build the module is bundled away from its folder (and
 * `new URL("./schemas/", import.meta.url)` is refused by the bundler, a folder not being an asset), so there they
 * are read from the project's root, where next.config.mjs ships them (`outputFileTracingIncludes`).
 */
function schemasDir(): string {
  const beside = path.join(path.dirname(fileURLToPath(import.meta.url)), "schemas");
  if (existsSync(path.join(beside, "pain.002.001.11.xsd"))) return beside;
  return path.join(process.cwd(), "server", "bank", "iso20022", "schemas");
}

let schemas: string | undefined;

const validators = new Map<string, XsdValidator>();

export function schemaPath(definition: MessageDefinition): string {
  return path.join((schemas ??= schemasDir()), definition.schemaFile);
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
