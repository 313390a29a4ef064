import { createHash } from "node:crypto";
import fs from "node:fs";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { PreparingPGlite } from "./preparing-pglite.ts";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import type { PrismaClient } from "../generated/prisma/client.ts";
import type { Config } from "../config.ts";
import { embeddedClaimHolder, PostgresClaimHolder, type ClaimHolder } from "./claim-holder.ts";
import { listenPostgres, type ListenHandlers, type Unlisten } from "./listen.ts";

/**
 * The raw connection under Prisma. The migration runner needs to run multi-statement SQL files and hold a lock,
 * which Prisma's query API does not offer, so both database kinds expose the same two operations here.
 */
type AdapterFactory = NonNullable<ConstructorParameters<typeof PrismaClient>[0]["adapter"]>;

export type RawDatabase = {
  kind: "pglite" | "postgres";
  /** Runs `work` inside one transaction, serialised against every other migrator of the same database. */
  exclusive<T>(work: (sql: RawSql) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  adapter: AdapterFactory;
  /**
   * Hears `NOTIFY channel` (or `pg_notify`) from any session of the database, once the notifying transaction has
   * committed: on PostgreSQL every instance sharing the database hears it, on PGlite the one process that owns it.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<Unlisten>;
  /** This process as the holder of the work it claims, for as long as it lives (server/db/claim-holder.ts). */
  claimHolder(): Promise<ClaimHolder>;
};

export type RawSql = {
  /** Runs one or more statements without parameters (a migration file). */
  exec(sql: string): Promise<void>;
  query<R extends Record<string, unknown>>(sql: string, params?: unknown[]): Promise<R[]>;
};

/** Arbitrary constant: the advisory lock that serialises migrations across app instances sharing a PostgreSQL. */
const MIGRATION_LOCK = 72_431_905;

export function openPglite(dataDir: string | undefined): RawDatabase {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const db = new PreparingPGlite(dataDir);
  const sqlOf = (tx: Pick<PGlite, "exec" | "query">): RawSql => ({
    exec: async (sql) => {
      await tx.exec(sql);
    },
    query: async <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
      (await tx.query<R>(sql, params)).rows,
  });
  return {
    kind: "pglite",
    // A PGlite database belongs to one process and runs one statement at a time, so a transaction suffices.
    exclusive: (work) => db.transaction((tx) => work(sqlOf(tx))),
    close: () => db.close(),
    adapter: new PrismaPGlite(db),
    // The database lives in this process: its notifications are delivered in it, no connection to lose.
    listen: async (channel, { onNotify }) => db.listen(channel, (payload) => onNotify(payload)),
    claimHolder: () =>
      embeddedClaimHolder(async <R extends Record<string, unknown>>(sql: string) => (await db.query<R>(sql)).rows),
  };
}

/** Statements named so far, by their SQL; past the limit, new ones go unnamed. */
const statementNames = new Map<string, string>();
const NAMED_STATEMENTS = 500;

/**
 * A name for each distinct SQL text, so each pooled connection has PostgreSQL parse and plan a statement once and
 * then only binds and executes it. SQL built with a varying number of parameters is as many texts; after
 * `NAMED_STATEMENTS` of them, the rest are sent unnamed (an empty name), as without this.
 */
export function statementName(sql: string): string {
  let name = statementNames.get(sql);
  if (name === undefined) {
    if (statementNames.size >= NAMED_STATEMENTS) return "";
    name = `tr_${createHash("sha256").update(sql).digest("base64url").slice(0, 24)}`;
    statementNames.set(sql, name);
  }
  return name;
}

/** Connections of a process's pool to PostgreSQL. */
export const POOL_SIZE = 10;

export function openPostgres(url: string): RawDatabase {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  return {
    kind: "postgres",
    exclusive: async (work) => {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK]);
        const result = await work({
          exec: async (sql) => {
            await client.query(sql);
          },
          query: async <R extends Record<string, unknown>>(sql: string, params: unknown[] = []) =>
            (await client.query<R>(sql, params)).rows,
        });
        await client.query("COMMIT");
        return result;
      } catch (error) {
        await client.query("ROLLBACK").catch(() => undefined);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
    adapter: new PrismaPg(pool, { statementNameGenerator: (query) => statementName(query.sql) }),
    listen: (channel, handlers) => listenPostgres(url, channel, handlers),
    claimHolder: async () => {
      const holder = new PostgresClaimHolder(url);
      await holder.open();
      return holder;
    },
  };
}

export function openDatabase(database: Config["database"]): RawDatabase {
  return database.kind === "postgres" ? openPostgres(database.url) : openPglite(database.dataDir);
}
