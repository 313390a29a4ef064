import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { MESSAGES, messageForNamespace } from "./message-registry.ts";
import { validatorFor } from "./schema-validators.ts";

describe("schema validators", () => {
  it("every registered schema compiles, once per process", () => {
    for (const definition of MESSAGES) {
      const validator = validatorFor(definition);
      assert.equal(validatorFor(definition), validator, definition.id);
    }
  });

  it("the registry finds a message by its namespace and nothing else", () => {
    assert.equal(
      messageForNamespace("urn:iso:std:iso:20022:tech:xsd:camt.053.001.04")?.schemaFile,
      "camt.053.001.04.xsd",
    );
    assert.equal(messageForNamespace("urn:iso:std:iso:20022:tech:xsd:camt.053.001.13"), undefined);
    assert.equal(messageForNamespace(""), undefined);
  });
});
