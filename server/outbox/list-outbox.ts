import { db } from "../db/client.ts";

export type OutboxEntry = { id: string; to: string; subject: string; body: string; createdAt: Date };

/** The newest messages first, for the operator (optionally to one address). */
export async function listOutbox(options: { to?: string; take?: number } = {}): Promise<OutboxEntry[]> {
  const prisma = await db();
  return prisma.outboxMessage.findMany({
    where: options.to ? { to: options.to.toLowerCase() } : {},
    orderBy: { createdAt: "desc" },
    take: options.take ?? 50,
  });
}
