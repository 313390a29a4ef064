import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { AppError } from "../errors.ts";
import { inviteOperator, type Invitation } from "./invite-operator.ts";

/**
 * The first administrator of an instance, invited from the command line (a fresh production instance has no
 * operator and no screen to make one), with every role. Refused once any administrator exists: from then on admins
 * invite operators from the console.
 */
export async function bootstrapOperator(options: { email: string; config: Config; now: Date }): Promise<Invitation> {
  const prisma = await db();
  return prisma.$transaction(async (tx) => {
    // An enabled operator holding the admin role (C58; a filter on the enum array, as the adapter cannot bind one).
    const [{ admins }] = await tx.$queryRaw<[{ admins: number }]>`
      SELECT count(*)::int AS "admins" FROM "Operator" WHERE 'admin' = ANY("roles") AND "disabledAt" IS NULL`;
    if (admins > 0) {
      throw new AppError(
        "CONFLICT",
        "This instance already has an administrator: invite further operators from the console (Operators)",
      );
    }
    // Every role: the first operator must be able to do everything until they invite others (and may drop roles).
    return inviteOperator(tx, {
      email: options.email,
      roles: ["reviewer", "treasurer", "admin"],
      config: options.config,
      now: options.now,
    });
  });
}
