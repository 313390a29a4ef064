import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import { inviteOperator, type Invitation } from "./invite-operator.ts";
import { adminExists, lockOperators } from "./last-admin.ts";
import { OPERATOR_ROLES } from "./operator-roles.ts";

export const HAS_ADMIN =
  "This instance already has an administrator: invite further operators from the console (Operators)";

/** What a bootstrap link answers once the instance has its administrator (C57). */
export const BOOTSTRAP_LINK_VOID =
  "This invitation was for the instance's first administrator, and it has one now. Ask an administrator to " +
  "invite you from the console.";

/**
 * The first administrator of an instance, invited from the command line (a fresh production instance has no
 * operator and no screen to make one), with every role. Refused once any administrator exists: from then on admins
 * invite operators from the console. Such an invitation (no inviting admin) is void once any administrator exists,
 * however many the command printed before: `acceptInvitation` checks it again when one is accepted.
 */
export async function bootstrapOperator(options: { email: string; config: Config; now: Date }): Promise<Invitation> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    await refuseOnceAdministered(tx, HAS_ADMIN);
    // Every role: the first operator must be able to do everything until they invite others (and may drop roles).
    return inviteOperator(tx, {
      email: options.email,
      roles: [...OPERATOR_ROLES],
      config: options.config,
      now: options.now,
    });
  });
}

/**
 * In the caller's transaction, under the operators' lock (so two bootstrap links accepted at once make one admin, not
 * two): CONFLICT with `message` if the instance has an administrator.
 */
export async function refuseOnceAdministered(tx: Prisma.TransactionClient, message: string): Promise<void> {
  await lockOperators(tx);
  if (await adminExists(tx)) throw new AppError("CONFLICT", message);
}
