import type { Config } from "../config.ts";
import { db } from "../db/client.ts";
import { holdsOperatorRole } from "../users/is-operator.ts";
import { hasSecondFactor } from "./second-factors.ts";
import { whereUserEmail } from "../users/user-email.ts";

/**
 * What follows a correct password for this address: nothing (`none`), a second factor (`verify`: an operator who
 * has one), or enrolling one (`enrol`: an operator without any, when the instance requires it).
 */
export async function secondStepFor(
  who: { email: string } | { userId: string },
  config: Config,
): Promise<"none" | "verify" | "enrol"> {
  const prisma = await db();
  const user = await prisma.user.findFirst({
    where: "email" in who ? whereUserEmail(who.email) : { id: who.userId },
    select: { id: true, roles: true },
  });
  if (!user || !holdsOperatorRole(user.roles)) return "none";
  if (await hasSecondFactor(user.id)) return "verify";
  return config.operatorMfa === "required" ? "enrol" : "none";
}
