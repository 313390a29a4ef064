import { db } from "../db/client.ts";

/** The person's credential version (web sessions carry the one they signed in under); undefined when they are gone. */
export async function credentialVersion(userId: string): Promise<number | undefined> {
  const prisma = await db();
  const user = await prisma.user.findUnique({ where: { id: userId }, select: { credentialVersion: true } });
  return user?.credentialVersion;
}
