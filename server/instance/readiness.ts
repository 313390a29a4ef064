import { db } from "../db/client.ts";
import { readMigrations } from "../db/migrate.ts";
import { isStopping } from "./shutdown.ts";

/** A database that does not answer within this is as good as unreachable for a load balancer's probe. */
const PROBE_TIMEOUT_MS = 2_000;

export type Readiness = {
  ready: boolean;
  checks: { database: "ok" | "unreachable"; migrations: "ok" | "behind"; accepting: "ok" | "stopping" };
};

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Whether this instance should be sent traffic: its database answers, every migration this build carries is
 * applied there, and it is not stopping. A load balancer takes an instance out of rotation on the first failure.
 */
export async function readiness(): Promise<Readiness> {
  const accepting = isStopping() ? "stopping" : "ok";
  let database: Readiness["checks"]["database"] = "ok";
  let migrations: Readiness["checks"]["migrations"] = "ok";
  try {
    const applied = await withTimeout(
      (async () => {
        const prisma = await db();
        return prisma.$queryRawUnsafe<{ migration_name: string }[]>(
          `SELECT migration_name FROM "_prisma_migrations" WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL`,
        );
      })(),
      PROBE_TIMEOUT_MS,
    );
    const names = new Set(applied.map((row) => row.migration_name));
    if (!readMigrations().every((migration) => names.has(migration.name))) migrations = "behind";
  } catch {
    database = "unreachable";
    migrations = "behind";
  }
  const ready = database === "ok" && migrations === "ok" && accepting === "ok";
  return { ready, checks: { database, migrations, accepting } };
}
