import { refuseUnblockWhileFrozen, refuseWhileScreeningOpen } from "../screening/cases/screening-holds.ts";
import { screenProfile } from "../screening/screen-profile.ts";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { mailKycDecision } from "./mail-kyc-decision.ts";
import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { uuidOrUndefined } from "../ids.ts";
import { requireEddForApproval } from "./enhanced-due-diligence.ts";
import { requiredSections, sameSection } from "./kyc-rules.ts";
import { loadProfile, profileView, type ProfileView } from "./profile-view.ts";
import type { Decision } from "./review.schemas.ts";
import { settleProfileState } from "./settle-profile-state.ts";
import type { ReviewItem } from "./review.responses.ts";
import { openValue } from "../keys/sealed-value.ts";
import { SUBMISSION_DATA } from "./submission-data.ts";

/** The operator's review (SPEC "Profile states"; the transition table is in `kyc-rules.ts`). */

export type { ReviewItem };

/** Profiles with something to review (any pending section), oldest submission first. */
export async function listAwaitingReview(): Promise<{ profiles: ReviewItem[] }> {
  const prisma = await db();
  const rows = await prisma.profile.findMany({
    where: { submissions: { some: { state: "pending" } }, state: { notIn: ["blocked", "closed"] } },
    select: { id: true },
    orderBy: { updatedAt: "asc" },
    take: 100,
  });
  return { profiles: await Promise.all(rows.map((r) => reviewItem(r.id))) };
}

/** One profile with everything submitted and the documents it references. */
export async function reviewItem(id: string): Promise<ReviewItem> {
  const profileId = knownId(id);
  const prisma = await db();
  const profile = await loadProfile(prisma, profileId);
  if (!profile) throw new AppError("NOT_FOUND", "Profile not found");
  const submissions = (
    await prisma.profileSubmission.findMany({
      where: { profileId },
      orderBy: [{ section: "asc" }, { kind: "asc" }],
    })
  ).map((s) => ({ ...s, data: openValue<typeof s.data>(s.data, SUBMISSION_DATA) }));
  const fileIds = submissions.flatMap((s) => documentIds(s.data));
  const files = await prisma.storedFile.findMany({
    where: { id: { in: fileIds } },
    select: { id: true, name: true, type: true, size: true, hash: true },
  });
  return {
    ...profileView(profile),
    reason: profile.stateReason,
    submissions: submissions.map((s) => ({
      section: s.section,
      kind: s.kind,
      state: s.state,
      // The body as accepted: always an object.
      data: s.data as ReviewItem["submissions"][number]["data"],
      submittedAt: s.submittedAt.toISOString(),
      decidedAt: s.decidedAt?.toISOString() ?? null,
      reason: s.reason,
    })),
    files,
  };
}

function documentIds(data: unknown): string[] {
  const documents = (data as { documents?: { fileId?: unknown }[] } | null)?.documents;
  return Array.isArray(documents) ? documents.flatMap((d) => (typeof d.fileId === "string" ? [d.fileId] : [])) : [];
}

/**
 * Approve or reject one pending section, or (without `section`) every pending section of the profile. Approving
 * the whole profile needs every required section submitted. An operator's decision is audited; the sandbox's
 * automatic approval has no `operator`.
 */
export async function decide(options: {
  profileId: string;
  decision: Decision;
  operator?: AuditActor;
  clock?: Clock;
}): Promise<ProfileView> {
  const { decision, operator, clock = serverClock } = options;
  const profileId = knownId(options.profileId);
  const now = clock();
  const prisma = await db();
  // Screened again right before an approval (C64): the lists may have changed since the details came.
  if (decision.decision === "approve") await screenProfile({ profileId, clock });
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${profileId}::uuid FOR UPDATE`;
    const profile = await loadProfile(tx, profileId);
    if (!profile) throw new AppError("NOT_FOUND", "Profile not found");
    if (profile.state === "blocked") throw new AppError("CONFLICT", "The profile is blocked; unblock it first");
    if (profile.state === "closed") throw new AppError("CONFLICT", "The profile is closed");
    if (decision.decision === "approve") await refuseWhileScreeningOpen(tx, profileId);
    const target = decision.section ? { section: decision.section, kind: decision.kind ?? "" } : undefined;
    const pending = profile.sections.filter((s) => s.state === "pending" && (!target || sameSection(s, target)));
    if (pending.length === 0) {
      throw new AppError("CONFLICT", target ? "That section is not awaiting review" : "Nothing is awaiting review");
    }
    if (!target && decision.decision === "approve") {
      const missing = requiredSections(profile.kycModel, profile.kind).filter(
        (r) => !profile.sections.some((s) => sameSection(s, r) && s.state !== "incomplete"),
      );
      if (missing.length > 0) {
        const names = missing.map((m) => (m.section === "verification" ? `${m.kind} verification` : m.section));
        throw new AppError("CONFLICT", `Not yet submitted: ${names.join(", ")}`);
      }
    }
    if (decision.decision === "approve" && pending.some((s) => s.section === "form")) {
      await requireEddForApproval(tx, profileId);
    }
    const state = decision.decision === "approve" ? "approved" : "rejected";
    for (const s of pending) {
      await tx.profileSubmission.update({
        where: { profileId_section_kind: { profileId, section: s.section, kind: s.kind } },
        data: { state, decidedAt: now, reason: decision.reason ?? null },
      });
    }
    const after = await settleProfileState(tx, { profileId, now, reason: decision.reason });
    // The people are told: approved once the whole profile is, or what was rejected and why.
    if (state === "rejected" || (after.state === "approved" && profile.state !== "approved")) {
      await mailKycDecision(tx, { profileId, outcome: state, sections: pending, reason: decision.reason });
    }
    if (operator) {
      await recordAudit(tx, {
        actor: operator,
        action: target ? `profile.section.${decision.decision}` : `profile.${decision.decision}`,
        subject: { type: "profile", id: profileId },
        before: reviewState(profileView(profile)),
        after: reviewState(after),
        reason: decision.reason,
        at: now,
      });
    }
    return after;
  });
}

/** Block (no submissions, no services) or unblock (the state follows the sections again). */
export async function setBlocked(options: {
  profileId: string;
  blocked: boolean;
  reason?: string;
  operator: AuditActor;
  clock?: Clock;
}): Promise<ProfileView> {
  const { blocked, operator, clock = serverClock } = options;
  const profileId = knownId(options.profileId);
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Profile" WHERE id = ${profileId}::uuid FOR UPDATE`;
    const profile = await loadProfile(tx, profileId);
    if (!profile) throw new AppError("NOT_FOUND", "Profile not found");
    if (profile.state === "closed") throw new AppError("CONFLICT", "The profile is closed");
    if ((profile.state === "blocked") === blocked) {
      throw new AppError("CONFLICT", blocked ? "The profile is already blocked" : "The profile is not blocked");
    }
    if (!blocked) await refuseUnblockWhileFrozen(tx, profileId);
    const now = clock();
    const after = await settleProfileState(tx, { profileId, now, blocked, reason: options.reason });
    await recordAudit(tx, {
      actor: operator,
      action: blocked ? "profile.block" : "profile.unblock",
      subject: { type: "profile", id: profileId },
      before: reviewState(profileView(profile)),
      after: reviewState(after),
      reason: options.reason,
      at: now,
    });
    return after;
  });
}

/** What the audit log keeps of a profile: its state and the state of each section. */
function reviewState(view: ProfileView) {
  return {
    state: view.state,
    details: view.details.state,
    form: view.form.state,
    verifications: view.verifications,
  };
}

function knownId(id: string): string {
  const uuid = uuidOrUndefined(id);
  if (!uuid) throw new AppError("NOT_FOUND", "Profile not found");
  return uuid;
}
