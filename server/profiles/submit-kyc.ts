import { screenProfile } from "../screening/screen-profile.ts";
import { logger } from "../logging/logger.ts";
import { PRIVILEGES, requirePrivilege } from "../applications/privileges.ts";
import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { ProfileKind } from "../generated/prisma/enums.ts";
import { AppError, type FieldErrors } from "../errors.ts";
import type { Caller } from "../oauth/caller.ts";
import { requireEddAnswers } from "./enhanced-due-diligence.ts";
import { acceptedVerificationKinds, submissionConflict, type SectionRef } from "./kyc-rules.ts";
import {
  fileIdsOf,
  type DetailsBody,
  type FormBody,
  type Verification,
  type VerificationsBody,
} from "./kyc.schemas.ts";
import { loadProfile, type ProfileView } from "./profile-view.ts";
import { profileForCaller } from "./profile-access.ts";
import { settleProfileState } from "./settle-profile-state.ts";
import { sealAtRest } from "../keys/sealed-value.ts";
import { SUBMISSION_DATA } from "./submission-data.ts";
import { profileNameData } from "./profile-name.ts";

/** One accepted submission body, normalised by `kyc.schemas.ts`. */
export type KycSubmission =
  | { section: "details"; kind: ProfileKind; name: string; data: Prisma.InputJsonValue }
  | { section: "form"; kind: ProfileKind; data: Prisma.InputJsonValue }
  | { section: "verifications"; kind: ProfileKind; verifications: Verification[] };

/**
 * `PATCH|PUT /profiles/{profile}/details|form|verifications` (SPEC endpoints 7–9): an application with the KYC
 * privilege submits a section for a profile it may change. The section becomes `pending`, the profile's state
 * follows (`kyc-rules.ts`), and the answer is the updated profile. All or nothing: one transaction, the profile row
 * locked so concurrent submissions for it take turns.
 */
export async function submitKyc(options: {
  caller: Caller;
  profileId: string;
  submission: KycSubmission;
  clock?: Clock;
}): Promise<ProfileView> {
  const { caller, submission, clock = serverClock } = options;
  const allowed = await profileForCaller(caller, options.profileId, "write");
  await requirePrivilege(caller, PRIVILEGES.submitKyc);

  const now = clock();
  const prisma = await db();
  const view = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${allowed.id}::uuid FOR UPDATE`;
    const profile = await loadProfile(tx, allowed.id);
    if (!profile) throw new AppError("NOT_FOUND", "Profile not found");
    if (profile.state === "closed") throw new AppError("CONFLICT", "The profile is closed");
    const blocked = profile.state === "blocked";
    const changesKind = submission.kind !== profile.kind;
    if (changesKind && submission.section !== "details") {
      throw new AppError("VALIDATION", "Validation errors", {
        [submission.kind]: `The profile is ${profile.kind}; submit ${profile.kind} data, or submit ${submission.kind} details first to change its kind`,
      });
    }

    const targets: { ref: SectionRef; data: Prisma.InputJsonValue }[] =
      submission.section === "verifications"
        ? submission.verifications.map((v) => ({ ref: { section: "verification", kind: v.kind }, data: asJson(v) }))
        : [{ ref: { section: submission.section, kind: "" }, data: submission.data }];

    if (submission.section === "verifications") {
      const accepted = acceptedVerificationKinds(profile.kycModel);
      const refused: FieldErrors = {};
      submission.verifications.forEach((v, i) => {
        if (accepted && !accepted.includes(v.kind)) {
          refused[`${submission.kind}.${i}.kind`] =
            `The KYC reliance model takes only ${accepted.join(", ")} verifications`;
        }
      });
      if (Object.keys(refused).length > 0) throw new AppError("VALIDATION", "Validation errors", refused);
    }
    for (const { ref } of targets) {
      const conflict = submissionConflict({ blocked, sections: profile.sections, target: ref, changesKind });
      if (conflict) throw new AppError("CONFLICT", conflict);
    }
    if (submission.section === "verifications") await requireOwnFiles(tx, caller, submission);
    if (submission.section === "form" && submission.kind === "personal") {
      await requireEddAnswers(tx, profile.id, submission.data);
    }

    if (changesKind) {
      // Data of the old kind no longer describes this profile.
      await tx.profileSubmission.deleteMany({ where: { profileId: profile.id } });
      await tx.profile.update({ where: { id: profile.id }, data: { kind: submission.kind } });
    }
    if (submission.section === "details") {
      await tx.profile.update({ where: { id: profile.id }, data: { name: profileNameData(submission.name) } });
    }
    for (const { ref, data } of targets) {
      const fields = {
        state: "pending" as const,
        data: sealAtRest(data, SUBMISSION_DATA),
        submittedById: caller.userId,
        submittedAt: now,
        decidedAt: null,
        reason: null,
      };
      await tx.profileSubmission.upsert({
        where: { profileId_section_kind: { profileId: profile.id, section: ref.section, kind: ref.kind } },
        create: { profileId: profile.id, section: ref.section, kind: ref.kind, ...fields },
        update: fields,
      });
    }
    return settleProfileState(tx, { profileId: profile.id, now });
  });
  // The people and the company are screened as soon as they are named (C64); approval screens them again.
  if (submission.section === "details") {
    await screenProfile({ profileId: allowed.id, clock }).catch((error: unknown) =>
      logger().error(
        { err: error, profileId: allowed.id },
        "screening at KYC submission failed; approval screens again",
      ),
    );
  }
  return view;
}

/** Documents must be files this caller uploaded; anything else is answered as if it did not exist. */
async function requireOwnFiles(
  tx: Prisma.TransactionClient,
  caller: Caller,
  submission: Extract<KycSubmission, { section: "verifications" }>,
): Promise<void> {
  const ids = fileIdsOf(submission.verifications).map((id) => id.toLowerCase());
  const found = await tx.storedFile.findMany({
    where: { id: { in: ids }, uploadedById: caller.userId },
    select: { id: true },
  });
  const known = new Set(found.map((f) => f.id));
  const missing: FieldErrors = {};
  submission.verifications.forEach((v, i) =>
    v.documents.forEach((d, j) => {
      if (!known.has(d.fileId.toLowerCase())) {
        missing[`${submission.kind}.${i}.documents.${j}.fileId`] = "No file with this id was uploaded by you";
      }
    }),
  );
  if (Object.keys(missing).length > 0) throw new AppError("VALIDATION", "Validation errors", missing);
}

type Submitter<B> = (options: { caller: Caller; profileId: string; body: B }) => Promise<ProfileView>;

/** SPEC endpoint 7. */
export const submitDetails: Submitter<DetailsBody> = ({ caller, profileId, body }) =>
  submitKyc({
    caller,
    profileId,
    submission: { section: "details", kind: body.kind, name: body.name, data: asJson(body.details) },
  });

/** SPEC endpoint 8. */
export const submitForm: Submitter<FormBody> = ({ caller, profileId, body }) =>
  submitKyc({ caller, profileId, submission: { section: "form", kind: body.kind, data: asJson(body.form) } });

/** SPEC endpoint 9: only the verifications supplied are updated. */
export const submitVerifications: Submitter<VerificationsBody> = ({ caller, profileId, body }) =>
  submitKyc({
    caller,
    profileId,
    submission: { section: "verifications", kind: body.kind, verifications: body.verifications },
  });

/** Validated bodies are plain JSON data (zod output of JSON input). */
const asJson = (value: object) => value as Prisma.InputJsonValue;
