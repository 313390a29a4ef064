import { db } from "../db/client.ts";

/** Operators hold the `admin` role. */
export async function isOperator(userId: string | undefined): Promise<boolean> {
  if (!userId) return false;
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { roles: true } });
  return Boolean(user?.roles.includes("admin"));
}
