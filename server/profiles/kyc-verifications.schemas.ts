import { z } from "zod";
import { quote } from "../limits.ts";
import type { CodeTable } from "./kyc-codes.ts";
import { code, compact, eitherKind, list, object, optional, optionalText, uuid } from "./kyc-fields.ts";

/*
 * The verifications body (SPEC endpoint 9, CONTRACT §4.11), personal and corporate, every documented generation in,
 * one normalised shape out. No I/O and no server-only imports, so screens can reuse it.
 */

/** Canonical kind ← accepted aliases. The spec's `enhancedDueDiligence` is canonical; `sourceOfFunds` is its 2026-04 name. */
const PERSONAL_VERIFICATION_TABLE = {
  idDocument: [],
  facialSimilarity: ["facialSimilarityMotion"],
  proofOfResidency: [],
  enhancedDueDiligence: ["sourceOfFunds"],
  deviceIntelligence: [],
} as const satisfies CodeTable;

const CORPORATE_VERIFICATION_TABLE = {
  enhancedDueDiligence: ["sourceOfFunds"],
  corporateName: [],
  corporateAddress: [],
  registrationNumber: [],
  dateOfRegistration: [],
  beneficialOwnership: [],
  powerOfAttorney: [],
  idDocument: [],
  proofOfResidency: [],
} as const satisfies CodeTable;

export type PersonalVerificationKind = keyof typeof PERSONAL_VERIFICATION_TABLE;
export type CorporateVerificationKind = keyof typeof CORPORATE_VERIFICATION_TABLE;
export const PERSONAL_VERIFICATION_KINDS = Object.keys(
  PERSONAL_VERIFICATION_TABLE,
) as readonly PersonalVerificationKind[];
export const CORPORATE_VERIFICATION_KINDS = Object.keys(
  CORPORATE_VERIFICATION_TABLE,
) as readonly CorporateVerificationKind[];

/** Corporate verifications about one person (a representative, director or beneficial owner). */
const PERSON_SCOPED: readonly string[] = ["idDocument", "proofOfResidency"];

export const DOCUMENT_KINDS = {
  passport: [],
  nationalIdentityCard: [],
  drivingLicense: [],
  residencePermit: [],
  proofOfResidency: [],
  sourceOfFunds: [],
  companyFilePDF: ["companyPDF"],
  other: [],
} as const satisfies CodeTable;

export type Verification = {
  kind: string;
  personId?: string;
  documents: { fileId: string; kind?: string; side?: "front" | "back"; name?: string }[];
};

const documentSchema = object("Document", {
  fileId: uuid("File id"),
  kind: optional(code("Document kind", DOCUMENT_KINDS, { unknown: "Unknown document kind" })),
  side: optional(z.enum(["front", "back"], { error: "Use front or back" })),
  name: optionalText("Document name"),
}).transform(compact);

/**
 * One verification in any generation: `documents` (current and historic PUT) or a single top-level `fileId`
 * (2026-04 to 05); both become `documents`. `personScoped` kinds need a `personId`.
 */
function verificationItem<T extends CodeTable>(
  table: T,
  personId: z.ZodType<string | undefined>,
  personScoped: readonly string[],
) {
  return object("Verification", {
    kind: code("Verification kind", table, { unknown: "Unknown verification kind" }),
    personId,
    documents: optional(list("Documents", documentSchema)),
    fileId: optional(uuid("File id")),
  })
    .superRefine((item, ctx) => {
      if ((item.documents?.length ?? 0) === 0 && item.fileId === undefined) {
        ctx.addIssue({ code: "custom", path: ["documents"], message: "Attach at least one document" });
      }
      if (personScoped.includes(item.kind) && item.personId === undefined) {
        ctx.addIssue({ code: "custom", path: ["personId"], message: "Person id is missing" });
      }
    })
    .transform(({ kind, personId, documents = [], fileId }) => {
      const listed = fileId === undefined || documents.some((d) => d.fileId === fileId);
      return compact({ kind, personId, documents: listed ? documents : [...documents, { fileId }] });
    });
}

function verificationList<T extends z.ZodType>(item: T) {
  return list("Verifications", item)
    .min(1, "Submit at least one verification")
    .superRefine(
      (items, ctx) => {
        // Runs even when some items failed (those may still hold raw input), so duplicates are reported with them.
        const seen = new Set<string>();
        items.forEach((value: unknown, index) => {
          if (typeof value !== "object" || value === null) return;
          const { kind, personId } = value as { kind?: unknown; personId?: unknown };
          if (typeof kind !== "string") return;
          const key = `${kind}/${typeof personId === "string" ? personId : ""}`;
          if (seen.has(key)) {
            ctx.addIssue({ code: "custom", path: [index, "kind"], message: `${quote(kind)} is submitted twice` });
          }
          seen.add(key);
        });
      },
      { when: (payload) => Array.isArray(payload.value) },
    );
}

const personalVerificationsSchema = verificationList(
  // A personal verification is about the profile's own person: a personId is ignored.
  verificationItem(
    PERSONAL_VERIFICATION_TABLE,
    z
      .unknown()
      .transform(() => undefined)
      .optional(),
    [],
  ),
);
const corporateVerificationsSchema = verificationList(
  verificationItem(CORPORATE_VERIFICATION_TABLE, optional(uuid("Person id")), PERSON_SCOPED),
);

export type PersonalVerification = z.output<typeof personalVerificationsSchema>[number];
export type CorporateVerification = z.output<typeof corporateVerificationsSchema>[number];

export const verificationsBodySchema = eitherKind(personalVerificationsSchema, corporateVerificationsSchema).transform(
  (body) =>
    body.kind === "personal"
      ? { kind: body.kind, verifications: body.value }
      : { kind: body.kind, verifications: body.value },
);
export type VerificationsBody = z.output<typeof verificationsBodySchema>;

/** Every file a submission refers to, once each, in order (to check they exist and belong to the caller). */
export function fileIdsOf(verifications: Verification[]): string[] {
  return [...new Set(verifications.flatMap((v) => v.documents.map((d) => d.fileId)))];
}
