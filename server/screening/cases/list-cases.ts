import { awaitingApproval } from "../../approvals/list-approvals.ts";
import { db } from "../../db/client.ts";
import { AppError } from "../../errors.ts";
import type { ComplianceCase } from "../../generated/prisma/client.ts";
import { uuidOrUndefined } from "../../ids.ts";
import type { CaseDetailView, CaseView } from "./cases.responses.ts";
import { caseDetail, caseReason, caseSubjectName, eventNote } from "./case-text.ts";
import type { ListCasesQuery } from "./cases.schemas.ts";
import { openEmail } from "../../users/user-email.ts";
import { openProfileName } from "../../profiles/profile-name.ts";

const nameOf = (profile: { name: unknown } | undefined) => (profile ? openProfileName(profile.name) : null);

const emailOf = (user: { email: unknown } | undefined) => (user ? openEmail(user.email) : null);

const PER_PAGE = 25;

async function views(rows: ComplianceCase[]): Promise<CaseView[]> {
  const prisma = await db();
  const profileIds = [...new Set(rows.flatMap((r) => (r.profileId ? [r.profileId] : [])))];
  const deciderIds = [...new Set(rows.flatMap((r) => (r.decidedById ? [r.decidedById] : [])))];
  const [profiles, deciders, waiting] = await Promise.all([
    prisma.profile.findMany({ where: { id: { in: profileIds } }, select: { id: true, name: true } }),
    prisma.user.findMany({ where: { id: { in: deciderIds } }, select: { id: true, email: true } }),
    awaitingApproval(
      "compliance-case",
      rows.map((r) => r.id),
    ),
  ]);
  return rows.map((row) => ({
    id: row.id,
    number: Number(row.seq),
    kind: row.kind as CaseView["kind"],
    state: row.state as CaseView["state"],
    profileId: row.profileId,
    profileName: nameOf(profiles.find((p) => p.id === row.profileId)),
    subjectKind: row.subjectKind,
    subjectName: caseSubjectName(row),
    holds: row.holds,
    holdsId: row.holdsId,
    listSource: row.listSource,
    listRef: row.listRef,
    score: row.score,
    explanation: row.kind === "monitoring" ? alertExplanation(caseDetail(row)) : null,
    createdAt: row.createdAt.toISOString(),
    decidedAt: row.decidedAt?.toISOString() ?? null,
    decidedBy: emailOf(deciders.find((d) => d.id === row.decidedById)),
    reason: caseReason(row),
    awaitingConfirmation: waiting.has(row.id),
  }));
}

/**
 * The case queue (C64, C67): open cases oldest first, so none waits longest; decided ones newest first; screening
 * hits and monitoring alerts together, or one kind.
 */
export async function listCases(query: ListCasesQuery): Promise<{ cases: CaseView[]; page: number; pages: number }> {
  const prisma = await db();
  const where = { state: query.state, ...(query.kind ? { kind: query.kind } : {}) };
  const [total, rows] = await Promise.all([
    prisma.complianceCase.count({ where }),
    prisma.complianceCase.findMany({
      where,
      orderBy: { seq: query.state === "open" ? "asc" : "desc" },
      skip: (query.page - 1) * PER_PAGE,
      take: PER_PAGE,
    }),
  ]);
  return { cases: await views(rows), page: query.page, pages: Math.max(1, Math.ceil(total / PER_PAGE)) };
}

/** One case: the subject beside the list entry, the score's explanation, and its history. */
export async function readCase(caseId: string): Promise<CaseDetailView> {
  const prisma = await db();
  const id = uuidOrUndefined(caseId);
  const row = id ? await prisma.complianceCase.findUnique({ where: { id } }) : null;
  if (!row) throw new AppError("NOT_FOUND", "No such case");
  const events = await prisma.complianceCaseEvent.findMany({ where: { caseId: row.id }, orderBy: { at: "asc" } });
  const actors = await prisma.user.findMany({
    where: { id: { in: events.flatMap((e) => (e.actorId ? [e.actorId] : [])) } },
    select: { id: true, email: true },
  });
  const [view] = await views([row]);
  return {
    ...view!,
    detail: caseDetail(row),
    events: events.map((e) => ({
      at: e.at.toISOString(),
      action: e.action,
      actor: emailOf(actors.find((a) => a.id === e.actorId)),
      note: eventNote(e),
    })),
  };
}

/** What a monitoring case's rule saw, as the alert said it (`alert-case.ts`). */
function alertExplanation(detail: unknown): string | null {
  const said = detail !== null && typeof detail === "object" ? (detail as { explanation?: unknown }).explanation : null;
  return typeof said === "string" ? said : null;
}
