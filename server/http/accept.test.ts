import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkAccept } from "./accept.ts";
import { AppError } from "../errors.ts";

const VENDORS = ["tokenrail", "monerium"];

describe("Accept negotiation (CONTRACT §1)", () => {
  const cases: [string | null, boolean][] = [
    [null, true],
    ["", true],
    ["*/*", true],
    ["application/json", true],
    ["application/vnd.tokenrail.api-v2+json", true],
    ["application/vnd.monerium.api-v2+json", true],
    ["APPLICATION/VND.MONERIUM.API-V2+JSON", true],
    ["text/html,application/xhtml+xml,*/*;q=0.8", true],
    ["application/vnd.tokenrail.api-v1+json, application/json;q=0.5", true],
    ["application/vnd.tokenrail.api-v1+json", false],
    ["application/vnd.tokenrail.api-v3+json", false],
    ["application/vnd.other.api-v2+json", false],
    ["application/vnd.tokenrail.api-v2+json; q=0", false],
  ];
  for (const [header, ok] of cases) {
    it(`${JSON.stringify(header)} is ${ok ? "served" : "refused with 406"}`, () => {
      if (ok) assert.doesNotThrow(() => checkAccept(header, VENDORS));
      else
        assert.throws(
          () => checkAccept(header, VENDORS),
          (e: unknown) => e instanceof AppError && e.code === "NOT_ACCEPTABLE",
        );
    });
  }
});
