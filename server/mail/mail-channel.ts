import type { DbOrTx } from "../db/client.ts";

/** The channel on which every instance's mail worker hears that mail is due now (queued, or sent again). */
export const MAIL_WORK_CHANNEL = "tokenrail_mail_work";

/** Tells the mail workers of every instance sharing the database, once the caller's transaction commits. */
export async function announceMail(tx: Pick<DbOrTx, "$executeRaw">): Promise<void> {
  await tx.$executeRaw`SELECT pg_notify(${MAIL_WORK_CHANNEL}, 'due')`;
}
