import { z } from "zod";
import { recordAudit, type AuditActor } from "../audit/record-audit.ts";
import { serverClock, type Clock } from "../clock.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { uuidOrUndefined } from "../ids.ts";
import type { ApplicationReview, ClientKind, Environment, KycModel } from "../generated/prisma/client.ts";
import { evictAuth } from "../oauth/auth-cache.ts";
import { ALL_PRIVILEGES, type Privilege } from "./privileges.ts";
import type { ApplicationView } from "./application.responses.ts";
import { openEmail } from "../users/user-email.ts";

export type { ApplicationView };

export const applicationChangeSchema = z.object({
  privileges: z
    .array(z.enum(ALL_PRIVILEGES as [Privilege, ...Privilege[]], `Known privileges: ${ALL_PRIVILEGES.join(", ")}`))
    .optional(),
  kycModel: z.enum(["sharing", "reliance"], "Use sharing or reliance").optional(),
});

export const APPLICATION_SELECT = {
  id: true,
  name: true,
  environment: true,
  profileId: true,
  privileges: true,
  kycModel: true,
  requestedPrivileges: true,
  privilegeRequestNote: true,
  review: true,
  owner: { select: { email: true } },
  clients: { select: { id: true, kind: true, redirectUris: true }, orderBy: { kind: "asc" } },
} as const;

export type ApplicationRow = {
  id: string;
  name: string;
  environment: Environment;
  profileId: string;
  privileges: string[];
  kycModel: KycModel;
  requestedPrivileges: string[];
  privilegeRequestNote: string | null;
  review: ApplicationReview;
  owner: { email: unknown };
  clients: { id: string; kind: ClientKind; redirectUris: string[] }[];
};

/** Privileges are written only through the checks of this file and the portal's (`ALL_PRIVILEGES`). */
const privilegesOf = (names: string[]) => names as Privilege[];

export const applicationView = (a: ApplicationRow): ApplicationView => ({
  id: a.id,
  name: a.name,
  environment: a.environment,
  owner: openEmail(a.owner.email),
  profile: a.profileId,
  privileges: privilegesOf(a.privileges),
  kycModel: a.kycModel,
  clients: a.clients,
  requestedPrivileges: privilegesOf(a.requestedPrivileges),
  privilegeRequestNote: a.privilegeRequestNote,
  review: a.review,
});

/** The operator's list of registered applications with their clients, privileges and KYC model. */
export async function listApplications(): Promise<{ applications: ApplicationView[] }> {
  const prisma = await db();
  const rows = await prisma.application.findMany({ select: APPLICATION_SELECT, orderBy: { createdAt: "asc" } });
  return { applications: rows.map(applicationView) };
}

/**
 * The operator grants or withdraws extra privileges and sets the KYC model (profiles the application creates from
 * then on follow it). Each of the two is audited as its own action, in the transaction of the change.
 */
export async function changeApplication(options: {
  id: string;
  change: z.infer<typeof applicationChangeSchema>;
  operator: AuditActor;
  clock?: Clock;
}): Promise<ApplicationView> {
  const { operator, clock = serverClock } = options;
  const id = uuidOrUndefined(options.id);
  if (!id) throw new AppError("NOT_FOUND", "Application not found");
  const { privileges, kycModel } = options.change;
  const prisma = await db();
  const row = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Application" WHERE id = ${id}::uuid FOR UPDATE`;
    const before = await tx.application.findUnique({
      where: { id },
      select: { privileges: true, kycModel: true, requestedPrivileges: true },
    });
    if (!before) throw new AppError("NOT_FOUND", "Application not found");
    const granted: string[] | undefined = privileges ? [...new Set(privileges)] : undefined;
    const after = await tx.application.update({
      where: { id },
      data: {
        // A privilege granted directly is no longer asked for.
        ...(granted
          ? { privileges: granted, requestedPrivileges: before.requestedPrivileges.filter((p) => !granted.includes(p)) }
          : {}),
        ...(kycModel ? { kycModel } : {}),
      },
      select: APPLICATION_SELECT,
    });
    const subject = { type: "application", id } as const;
    const at = clock();
    if (privileges) {
      await recordAudit(tx, {
        actor: operator,
        action: "application.privileges",
        subject,
        before: { privileges: before.privileges },
        after: { privileges: after.privileges },
        at,
      });
    }
    if (kycModel) {
      await recordAudit(tx, {
        actor: operator,
        action: "application.kycModel",
        subject,
        before: { kycModel: before.kycModel },
        after: { kycModel: after.kycModel },
        at,
      });
    }
    return after;
  });
  await evictAuth(row.clients.map((c) => `client:${c.id}`));
  return applicationView(row);
}

export const privilegeRequestDecisionSchema = z.object({
  privilege: z.enum(ALL_PRIVILEGES as [Privilege, ...Privilege[]], `Known privileges: ${ALL_PRIVILEGES.join(", ")}`),
  decision: z.enum(["grant", "decline"], "Use grant or decline"),
});

/**
 * The operator decides on a privilege the developer requested: granting adds it to the application's privileges,
 * either way it leaves the requests (the note goes with the last one). Audited in the transaction of the change;
 * a privilege that is not (or no longer) requested is a CONFLICT, so two operators cannot both decide.
 */
export async function decidePrivilegeRequest(options: {
  id: string;
  request: z.infer<typeof privilegeRequestDecisionSchema>;
  operator: AuditActor;
  clock?: Clock;
}): Promise<ApplicationView> {
  const { operator, clock = serverClock } = options;
  const { privilege, decision } = options.request;
  const id = uuidOrUndefined(options.id);
  if (!id) throw new AppError("NOT_FOUND", "Application not found");
  const prisma = await db();
  const row = await prisma.$transaction(async (tx) => {
    await tx.$queryRaw`SELECT id FROM "Application" WHERE id = ${id}::uuid FOR UPDATE`;
    const before = await tx.application.findUnique({
      where: { id },
      select: { privileges: true, requestedPrivileges: true, privilegeRequestNote: true },
    });
    if (!before) throw new AppError("NOT_FOUND", "Application not found");
    if (!before.requestedPrivileges.includes(privilege)) {
      throw new AppError("CONFLICT", `The application has no pending request for ${privilege}`);
    }
    const requestedPrivileges = before.requestedPrivileges.filter((p) => p !== privilege);
    const after = await tx.application.update({
      where: { id },
      data: {
        requestedPrivileges,
        ...(requestedPrivileges.length === 0 ? { privilegeRequestNote: null } : {}),
        ...(decision === "grant" ? { privileges: [...new Set([...before.privileges, privilege])] } : {}),
      },
      select: APPLICATION_SELECT,
    });
    await recordAudit(tx, {
      actor: operator,
      action: decision === "grant" ? "application.privileges.request.grant" : "application.privileges.request.decline",
      subject: { type: "application", id },
      before: {
        privileges: before.privileges,
        requestedPrivileges: before.requestedPrivileges,
        privilegeRequestNote: before.privilegeRequestNote,
      },
      after: { privileges: after.privileges, requestedPrivileges: after.requestedPrivileges },
      at: clock(),
    });
    return after;
  });
  await evictAuth(row.clients.map((c) => `client:${c.id}`));
  return applicationView(row);
}
