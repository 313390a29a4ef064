import { z } from "zod";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { uuidOrUndefined } from "../ids.ts";
import { evictAuth } from "../oauth/auth-cache.ts";
import { APPLICATION_SELECT, applicationView, type ApplicationView } from "./operate-applications.ts";

export const applicationReviewSchema = z.object({
  decision: z.enum(["approve", "reject"], "Use approve or reject"),
});

/**
 * The operator decides on an application waiting in review (production): approved, `/auth` and the token endpoint
 * accept its client ids; rejected, they keep refusing them. Audited in the transaction of the change; an application
 * not (or no longer) in review is a CONFLICT, so two operators cannot both decide.
 */
export async function reviewApplication(options: {
  id: string;
  review: z.infer<typeof applicationReviewSchema>;
  operator: AuditActor;
  clock?: Clock;
}): Promise<ApplicationView> {
  const { operator, clock = serverClock } = options;
  const id = uuidOrUndefined(options.id);
  if (!id) throw new AppError("NOT_FOUND", "Application not found");
  const review = options.review.decision === "approve" ? "approved" : "rejected";
  const prisma = await db();
  const row = await prisma.$transaction(async (tx) => {
    const { count } = await tx.application.updateMany({ where: { id, review: "pending" }, data: { review } });
    if (count !== 1) {
      const exists = await tx.application.findUnique({ where: { id }, select: { id: true } });
      if (!exists) throw new AppError("NOT_FOUND", "Application not found");
      throw new AppError("CONFLICT", "The application is not waiting for review");
    }
    await recordAudit(tx, {
      actor: operator,
      action: review === "approved" ? "application.review.approve" : "application.review.reject",
      subject: { type: "application", id },
      before: { review: "pending" },
      after: { review },
      at: clock(),
    });
    return tx.application.findUniqueOrThrow({ where: { id }, select: APPLICATION_SELECT });
  });
  await evictAuth(row.clients.map((c) => `client:${c.id}`));
  return applicationView(row);
}
