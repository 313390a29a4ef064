// The verifications body: the shapes each generation sends and what is kept of them (refusals are in
// kyc-verifications-refusals.test.ts).
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import {
  CORPORATE_VERIFICATION_KINDS,
  PERSONAL_VERIFICATION_KINDS,
  fileIdsOf,
  verificationsBodySchema,
} from "./kyc.schemas.ts";
import { FILE_A, FILE_B, PERSON_ID, parse } from "./testing/kyc-bodies.ts";

describe("verifications body", () => {
  const generations: [string, unknown, unknown][] = [
    [
      "the spec's example (historic PUT: documents with name and side)",
      {
        personal: [
          { kind: "idDocument", documents: [{ name: "passport.jpg", side: "back", fileId: FILE_A }] },
          { kind: "enhancedDueDiligence", documents: [{ name: "payslip.pdf", fileId: FILE_B }] },
        ],
      },
      {
        kind: "personal",
        verifications: [
          { kind: "idDocument", documents: [{ fileId: FILE_A, side: "back", name: "passport.jpg" }] },
          { kind: "enhancedDueDiligence", documents: [{ fileId: FILE_B, name: "payslip.pdf" }] },
        ],
      },
    ],
    [
      "personal, current (documents with kind and side)",
      {
        personal: [
          {
            kind: "idDocument",
            documents: [
              { kind: "nationalIdentityCard", fileId: FILE_A, side: "front" },
              { kind: "nationalIdentityCard", fileId: FILE_B, side: "back" },
            ],
          },
          { kind: "sourceOfFunds", documents: [{ kind: "sourceOfFunds", fileId: FILE_B }] },
        ],
      },
      {
        kind: "personal",
        verifications: [
          {
            kind: "idDocument",
            documents: [
              { fileId: FILE_A, kind: "nationalIdentityCard", side: "front" },
              { fileId: FILE_B, kind: "nationalIdentityCard", side: "back" },
            ],
          },
          { kind: "enhancedDueDiligence", documents: [{ fileId: FILE_B, kind: "sourceOfFunds" }] },
        ],
      },
    ],
    [
      "personal, 2026-04 to 05 (SDK 4.2.0: one fileId per item)",
      {
        personal: [
          { kind: "facialSimilarity", fileId: FILE_A },
          { kind: "proofOfResidency", fileId: FILE_B.toUpperCase() },
        ],
      },
      {
        kind: "personal",
        verifications: [
          { kind: "facialSimilarity", documents: [{ fileId: FILE_A }] },
          { kind: "proofOfResidency", documents: [{ fileId: FILE_B }] },
        ],
      },
    ],
    [
      "personal, historic deviceIntelligence",
      { personal: [{ kind: "deviceIntelligence", documents: [{ fileId: FILE_A }] }] },
      { kind: "personal", verifications: [{ kind: "deviceIntelligence", documents: [{ fileId: FILE_A }] }] },
    ],
    [
      "corporate, current (personId for person-scoped kinds)",
      {
        corporate: [
          { kind: "registrationNumber", documents: [{ kind: "companyFilePDF", fileId: FILE_A }] },
          { kind: "idDocument", personId: PERSON_ID, documents: [{ kind: "passport", fileId: FILE_B }] },
          { kind: "proofOfResidency", personId: PERSON_ID, documents: [{ kind: "proofOfResidency", fileId: FILE_B }] },
          { kind: "beneficialOwnership", documents: [{ kind: "other", fileId: FILE_A }] },
        ],
      },
      {
        kind: "corporate",
        verifications: [
          { kind: "registrationNumber", documents: [{ fileId: FILE_A, kind: "companyFilePDF" }] },
          { kind: "idDocument", personId: PERSON_ID, documents: [{ fileId: FILE_B, kind: "passport" }] },
          {
            kind: "proofOfResidency",
            personId: PERSON_ID,
            documents: [{ fileId: FILE_B, kind: "proofOfResidency" }],
          },
          { kind: "beneficialOwnership", documents: [{ fileId: FILE_A, kind: "other" }] },
        ],
      },
    ],
    [
      "corporate, 2026-04 to 05 (one fileId per item)",
      {
        corporate: [
          { kind: "sourceOfFunds", fileId: FILE_A },
          { kind: "corporateName", fileId: FILE_B },
          { kind: "powerOfAttorney", fileId: FILE_B },
        ],
      },
      {
        kind: "corporate",
        verifications: [
          { kind: "enhancedDueDiligence", documents: [{ fileId: FILE_A }] },
          { kind: "corporateName", documents: [{ fileId: FILE_B }] },
          { kind: "powerOfAttorney", documents: [{ fileId: FILE_B }] },
        ],
      },
    ],
    [
      "corporate, historic PUT (documents named, kind companyPDF)",
      {
        corporate: [
          {
            kind: "enhancedDueDiligence",
            documents: [{ name: "accounts-2025.pdf", kind: "companyPDF", side: "front", fileId: FILE_A }],
          },
          { kind: "corporateAddress", documents: [{ name: "lease.pdf", kind: "companyPDF", fileId: FILE_B }] },
          { kind: "dateOfRegistration", documents: [{ name: "register.pdf", kind: "companyPDF", fileId: FILE_B }] },
        ],
      },
      {
        kind: "corporate",
        verifications: [
          {
            kind: "enhancedDueDiligence",
            documents: [{ fileId: FILE_A, kind: "companyFilePDF", side: "front", name: "accounts-2025.pdf" }],
          },
          { kind: "corporateAddress", documents: [{ fileId: FILE_B, kind: "companyFilePDF", name: "lease.pdf" }] },
          {
            kind: "dateOfRegistration",
            documents: [{ fileId: FILE_B, kind: "companyFilePDF", name: "register.pdf" }],
          },
        ],
      },
    ],
  ];
  for (const [name, body, expected] of generations) {
    it(`accepts ${name}`, () => assert.deepEqual(parse(verificationsBodySchema, body), expected));
  }

  it("merges a top-level fileId sent beside documents", () => {
    const body = { personal: [{ kind: "idDocument", fileId: FILE_B, documents: [{ fileId: FILE_A }] }] };
    assert.deepEqual(parse(verificationsBodySchema, body), {
      kind: "personal",
      verifications: [{ kind: "idDocument", documents: [{ fileId: FILE_A }, { fileId: FILE_B }] }],
    });
  });

  it("strips privileged and unknown fields, and a personId on a personal item", () => {
    const sneaky = { state: "approved", id: FILE_A, profile: FILE_B };
    const body = {
      ...sneaky,
      personal: [{ ...sneaky, kind: "idDocument", personId: PERSON_ID, documents: [{ ...sneaky, fileId: FILE_A }] }],
    };
    assert.deepEqual(parse(verificationsBodySchema, body), {
      kind: "personal",
      verifications: [{ kind: "idDocument", documents: [{ fileId: FILE_A }] }],
    });
  });

  it("accepts one idDocument per person", () => {
    const other = "7c6b5a49-3827-4165-a4b3-c2d1e0f9a8b7";
    const body = {
      corporate: [
        { kind: "idDocument", personId: PERSON_ID, fileId: FILE_A },
        { kind: "idDocument", personId: other, fileId: FILE_B },
      ],
    };
    const parsed = parse(verificationsBodySchema, body);
    assert.deepEqual(
      parsed.verifications.map((v) => v.personId),
      [PERSON_ID, other],
    );
  });

  it("lists the canonical kinds", () => {
    assert.deepEqual(PERSONAL_VERIFICATION_KINDS, [
      "idDocument",
      "facialSimilarity",
      "proofOfResidency",
      "enhancedDueDiligence",
      "deviceIntelligence",
    ]);
    assert.deepEqual(CORPORATE_VERIFICATION_KINDS, [
      "enhancedDueDiligence",
      "corporateName",
      "corporateAddress",
      "registrationNumber",
      "dateOfRegistration",
      "beneficialOwnership",
      "powerOfAttorney",
      "idDocument",
      "proofOfResidency",
    ]);
  });

  it("collects each file id once, in order", () => {
    const parsed = parse(verificationsBodySchema, {
      personal: [
        { kind: "idDocument", documents: [{ fileId: FILE_B }, { fileId: FILE_A }] },
        { kind: "proofOfResidency", fileId: FILE_B },
      ],
    });
    assert.deepEqual(fileIdsOf(parsed.verifications), [FILE_B, FILE_A]);
    assert.deepEqual(fileIdsOf([]), []);
  });
});
