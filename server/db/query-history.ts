import { clearLogs } from "@prisma/debug";

/**
 * Lets go of the query parameters Prisma's driver adapters keep for their error reports: `@prisma/debug` holds the
 * arguments of the last hundred queries whether debugging is on or off. Ordinary queries make that little; the bank
 * importer's batch statements carry a batch's lines as sealed JSON (0.6 MB each), and a hundred of them ran the import
 * process out of its heap on a 16 MB file. Whoever sends statements that large calls this after them. It reaches the
 * PostgreSQL adapter's history (one copy of the module: next.config.mjs keeps it external); the embedded database's
 * adapter ships a copy of its own, whose history stays at a hundred queries in a server whose heap is not capped.
 */
export function forgetQueryHistory(): void {
  clearLogs();
}
