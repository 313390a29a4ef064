// The verifications bodies that are refused, each with the message at its dotted path.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { verificationsBodySchema } from "./kyc.schemas.ts";
import { FILE_A, FILE_B, PERSON_ID, errors } from "./testing/kyc-bodies.ts";

describe("verifications body", () => {
  const refusals: [string, unknown, Record<string, string>][] = [
    ["an empty list", { personal: [] }, { personal: "Submit at least one verification" }],
    ["an object instead of a list", { personal: { kind: "idDocument" } }, { personal: "Verifications must be a list" }],
    ["an item without kind", { personal: [{ fileId: FILE_A }] }, { "personal.0.kind": "Verification kind is missing" }],
    [
      "an unknown personal kind",
      { personal: [{ kind: "corporateName", fileId: FILE_A }] },
      {
        "personal.0.kind":
          "Unknown verification kind: use idDocument, facialSimilarity, proofOfResidency, enhancedDueDiligence, deviceIntelligence",
      },
    ],
    [
      "an unknown corporate kind",
      { corporate: [{ kind: "facialSimilarity", fileId: FILE_A }] },
      { "corporate.0.kind": "Unknown verification kind" },
    ],
    [
      "an item with no document",
      { personal: [{ kind: "idDocument" }] },
      { "personal.0.documents": "Attach at least one document" },
    ],
    [
      "an item with an empty documents list",
      { personal: [{ kind: "idDocument", documents: [] }] },
      { "personal.0.documents": "Attach at least one document" },
    ],
    [
      "a document without fileId",
      { personal: [{ kind: "idDocument", documents: [{ name: "passport.jpg" }] }] },
      { "personal.0.documents.0.fileId": "File id is missing" },
    ],
    [
      "a fileId that is not a UUID",
      { personal: [{ kind: "idDocument", fileId: "passport.jpg" }] },
      { "personal.0.fileId": "File id must be a UUID" },
    ],
    [
      "an unknown side",
      { personal: [{ kind: "idDocument", documents: [{ fileId: FILE_A, side: "left" }] }] },
      { "personal.0.documents.0.side": "Use front or back" },
    ],
    [
      "an unknown document kind",
      { personal: [{ kind: "idDocument", documents: [{ fileId: FILE_A, kind: "selfie" }] }] },
      { "personal.0.documents.0.kind": "Unknown document kind" },
    ],
    [
      "the same kind twice",
      {
        personal: [
          { kind: "idDocument", fileId: FILE_A },
          { kind: "idDocument", fileId: FILE_B },
        ],
      },
      { "personal.1.kind": "idDocument is submitted twice" },
    ],
    [
      "a kind and its alias",
      {
        personal: [
          { kind: "enhancedDueDiligence", fileId: FILE_A },
          { kind: "sourceOfFunds", fileId: FILE_B },
        ],
      },
      { "personal.1.kind": "enhancedDueDiligence is submitted twice" },
    ],
    [
      "a duplicate beside another problem",
      {
        personal: [
          { kind: "idDocument", fileId: FILE_A },
          { kind: "facialSimilarity", fileId: "nope" },
          { kind: "idDocument", fileId: FILE_B },
        ],
      },
      { "personal.1.fileId": "File id must be a UUID", "personal.2.kind": "idDocument is submitted twice" },
    ],
    [
      "the same person's idDocument twice",
      {
        corporate: [
          { kind: "idDocument", personId: PERSON_ID, fileId: FILE_A },
          { kind: "idDocument", personId: PERSON_ID, fileId: FILE_B },
        ],
      },
      { "corporate.1.kind": "idDocument is submitted twice" },
    ],
    [
      "a corporate idDocument without personId",
      { corporate: [{ kind: "idDocument", fileId: FILE_A }] },
      { "corporate.0.personId": "Person id is missing" },
    ],
    [
      "a corporate proofOfResidency without personId",
      { corporate: [{ kind: "proofOfResidency", fileId: FILE_A }] },
      { "corporate.0.personId": "Person id is missing" },
    ],
    [
      "a personId that is not a UUID",
      { corporate: [{ kind: "idDocument", personId: "director-1", fileId: FILE_A }] },
      { "corporate.0.personId": "Person id must be a UUID" },
    ],
  ];
  for (const [name, body, expected] of refusals) {
    it(`refuses ${name}`, () => assert.deepEqual(errors(verificationsBodySchema, body), expected));
  }
});
