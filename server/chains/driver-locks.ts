import { createHash } from "node:crypto";
import pg from "pg";
import type { Config } from "../config.ts";
import { logger } from "../logging/logger.ts";

/** Who drives which queue: at most one holder of a key among all instances sharing the database. */
export interface DriverLocks {
  tryAcquire(key: string): Promise<boolean>;
  /** Whether this process still holds `key` (a lost connection loses its locks). */
  holds(key: string): boolean;
  release(key: string): Promise<void>;
  close(): Promise<void>;
}

/** The embedded database belongs to one process: an in-process lock suffices. */
export class InProcessLocks implements DriverLocks {
  private readonly held = new Set<string>();
  tryAcquire(key: string): Promise<boolean> {
    if (this.held.has(key)) return Promise.resolve(false);
    this.held.add(key);
    return Promise.resolve(true);
  }
  holds(key: string): boolean {
    return this.held.has(key);
  }
  release(key: string): Promise<void> {
    this.held.delete(key);
    return Promise.resolve();
  }
  close(): Promise<void> {
    this.held.clear();
    return Promise.resolve();
  }
}

/**
 * PostgreSQL session-level advisory locks on one dedicated connection: held while this process drives a queue,
 * released when it is done, or by the server the moment the connection ends (the process died).
 */
export class PostgresLocks implements DriverLocks {
  private client?: Promise<pg.Client>;
  private readonly held = new Set<string>();

  constructor(private readonly url: string) {}

  async tryAcquire(key: string): Promise<boolean> {
    if (this.held.has(key)) return false;
    this.held.add(key);
    try {
      const client = await this.connection();
      const { rows } = await client.query<{ ok: boolean }>("SELECT pg_try_advisory_lock($1::bigint) AS ok", [
        lockId(key),
      ]);
      if (rows[0]?.ok) return true;
    } catch (error) {
      logger().warn({ err: error }, "the chain queue's lock connection failed");
    }
    this.held.delete(key);
    return false;
  }

  holds(key: string): boolean {
    return this.held.has(key);
  }

  async release(key: string): Promise<void> {
    if (!this.held.delete(key)) return;
    try {
      const client = await this.connection();
      await client.query("SELECT pg_advisory_unlock($1::bigint)", [lockId(key)]);
    } catch {
      // The connection is gone, and its locks with it.
    }
  }

  async close(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.held.clear();
    if (client) await (await client.catch(() => undefined))?.end().catch(() => undefined);
  }

  private connection(): Promise<pg.Client> {
    this.client ??= (async () => {
      const client = new pg.Client({ connectionString: this.url, application_name: "tokenrail-chain-queue" });
      client.on("error", (err) => {
        logger().warn({ err }, "the chain queue's lock connection was lost");
        // Its locks are released by the server: this process no longer holds any.
        this.held.clear();
        this.client = undefined;
      });
      try {
        await client.connect();
      } catch (error) {
        this.client = undefined;
        throw error;
      }
      return client;
    })();
    return this.client;
  }
}

/** A 64-bit advisory lock id for a queue key, in a namespace of its own. */
function lockId(key: string): string {
  return createHash("sha256").update(`tokenrail chain queue ${key}`).digest().readBigInt64BE(0).toString();
}

const holder = globalThis as typeof globalThis & { __tokenrailDriverLocks?: DriverLocks };

/** This process's driver locks (one dedicated connection on PostgreSQL). */
export function driverLocks(config: Config): DriverLocks {
  holder.__tokenrailDriverLocks ??=
    config.database.kind === "postgres" ? new PostgresLocks(config.database.url) : new InProcessLocks();
  return holder.__tokenrailDriverLocks;
}

/** Ends this process's lock connection (shutdown): whatever it held is free for the other instances. */
export async function closeDriverLocks(): Promise<void> {
  const locks = holder.__tokenrailDriverLocks;
  holder.__tokenrailDriverLocks = undefined;
  await locks?.close();
}
