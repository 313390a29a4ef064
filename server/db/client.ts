import { getConfig, type Config } from "../config.ts";
import { PrismaClient } from "../generated/prisma/client.ts";
import type { ClaimHolder } from "./claim-holder.ts";
import { openDatabase, type RawDatabase } from "./driver.ts";
import type { ListenHandlers, Unlisten } from "./listen.ts";
import { migrate } from "./migrate.ts";

export type Db = PrismaClient;
/** A Prisma client or the transaction client passed to `$transaction(async (tx) => …)`. */
export type DbOrTx = Omit<PrismaClient, "$connect" | "$disconnect" | "$on" | "$transaction" | "$extends">;

type Instance = { raw: RawDatabase; prisma: PrismaClient; ready: Promise<void>; holder?: Promise<ClaimHolder> };

// Next.js bundles instrumentation and each route separately, so module state is not shared between them; one
// database per process (PGlite allows only one opener) lives on globalThis instead.
const holder = globalThis as typeof globalThis & { __tokenrailDb?: Instance };

export function createDb(database: Config["database"]): { raw: RawDatabase; prisma: PrismaClient } {
  const raw = openDatabase(database);
  return { raw, prisma: new PrismaClient({ adapter: raw.adapter }) };
}

function instance(): Instance {
  if (!holder.__tokenrailDb) {
    const { raw, prisma } = createDb(getConfig().database);
    holder.__tokenrailDb = { raw, prisma, ready: migrate(raw).then(() => undefined) };
  }
  return holder.__tokenrailDb;
}

/** The process's Prisma client, once the database has been migrated to head. */
export async function db(): Promise<PrismaClient> {
  const { prisma, ready } = instance();
  await ready;
  return prisma;
}

/** Hears the process's database's notifications on `channel` (RawDatabase.listen), once it is migrated. */
export async function listen(channel: string, handlers: ListenHandlers): Promise<Unlisten> {
  const { raw, ready } = instance();
  await ready;
  return raw.listen(channel, handlers);
}

/**
 * This process as the holder of the work it claims (server/db/claim-holder.ts): taken once, when first asked for,
 * and kept until the database is closed or the process ends, which is when its claims may be taken over.
 */
export async function claimHolder(): Promise<ClaimHolder> {
  const current = instance();
  await current.ready;
  return (current.holder ??= current.raw.claimHolder());
}

/** Applies pending migrations (idempotent) and returns when the database is ready. */
export async function ensureDatabase(): Promise<void> {
  await instance().ready;
}

export async function closeDb(): Promise<void> {
  const current = holder.__tokenrailDb;
  if (!current) return;
  holder.__tokenrailDb = undefined;
  await (await current.holder?.catch(() => undefined))?.close();
  await current.prisma.$disconnect();
  await current.raw.close();
}
