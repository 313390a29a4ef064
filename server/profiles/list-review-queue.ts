import { db } from "../db/client.ts";
import type { KycSection, ProfileKind, ProfileState } from "../generated/prisma/enums.ts";
import { withNameOpened } from "./profile-name.ts";

export const REVIEW_QUEUE_PAGE_SIZE = 25;

export type ReviewQueueItem = {
  id: string;
  name: string;
  kind: ProfileKind;
  state: ProfileState;
  /** When the longest-waiting of its pending sections was submitted. */
  waitingSince: Date;
  pending: { section: KycSection; kind: string }[];
};

export type ReviewQueuePage = { items: ReviewQueueItem[]; page: number; pages: number; total: number };

/**
 * The operator's review queue as the console shows it: profiles with a section awaiting review (blocked ones wait
 * for an unblock first), the longest-waiting first, one numbered page at a time (1-based; past the end reads the
 * last page).
 */
export async function listReviewQueue(options: { page?: number; pageSize?: number } = {}): Promise<ReviewQueuePage> {
  const pageSize = options.pageSize ?? REVIEW_QUEUE_PAGE_SIZE;
  const prisma = await db();
  const where = { state: "pending" as const, profile: { state: { notIn: ["blocked" as const, "closed" as const] } } };
  const waiting = await prisma.profileSubmission.groupBy({
    by: ["profileId"],
    where,
    _min: { submittedAt: true },
    orderBy: [{ _min: { submittedAt: "asc" } }, { profileId: "asc" }],
  });
  const total = waiting.length;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(options.page ?? 1)), pages);
  const slice = waiting.slice((page - 1) * pageSize, page * pageSize);
  const profiles = await prisma.profile.findMany({
    where: { id: { in: slice.map((w) => w.profileId) } },
    select: {
      id: true,
      name: true,
      kind: true,
      state: true,
      submissions: {
        where: { state: "pending" },
        select: { section: true, kind: true },
        orderBy: [{ section: "asc" }, { kind: "asc" }],
      },
    },
  });
  const byId = new Map(profiles.map((p) => [p.id, p]));
  const items = slice.flatMap((w): ReviewQueueItem[] => {
    const profile = byId.get(w.profileId);
    if (!profile || !w._min.submittedAt) return [];
    const { submissions, ...rest } = profile;
    return [{ ...withNameOpened(rest), waitingSince: w._min.submittedAt, pending: submissions }];
  });
  return { items, page, pages, total };
}
