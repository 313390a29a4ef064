import pg from "pg";
import { logger } from "../logging/logger.ts";

/**
 * This process as the holder of the work it claims, so its claims die with it (C60). A queue whose rows an instance
 * claims for a while (webhook deliveries now; the mail outbox next) records in each claimed row the holder's number
 * (`current()`, a "claimedBy" column). The number is held as a session-level advisory lock on a connection that lives
 * as long as the process (prisma/migrations/…_claim_holders: `take_claim_holder()`, `live_claim_holders()`), so the
 * moment the process dies the database stops listing it, and any instance's worker can release its rows
 * (`"claimedBy" NOT IN (SELECT "live_claim_holders"())`) and claim them again: each worker round does, and every
 * instance is told when it sees a holder go (`onHoldersGone`), so it does not wait for its next poll. A lease on the
 * row stays as the last safety net, for a holder whose host vanished without its connection being closed.
 *
 * A claim is carried out only while `holds` says its holder is still this process's: a process that lost its
 * connection (and with it its lock, which lets others release its claims) sends nothing more under the old number,
 * and claims under a new one once it has it. The chain queue needs none of this: a queue is driven by whoever holds
 * its own advisory lock (server/chains/driver-locks.ts), and its rows carry no claim.
 */
export interface ClaimHolder {
  /** The number a claim made now records; undefined while this process holds none (it claims nothing then). */
  current(): number | undefined;
  /** Whether claims made under `holder` are still this process's to carry out. */
  holds(holder: number): boolean;
  /** Calls `listener` whenever another holder is seen to go (its instance died); returns a function that stops it. */
  onHoldersGone(listener: () => void): () => void;
  close(): Promise<void>;
}

/** How often a holder on PostgreSQL looks at who holds, itself included. */
export const HOLDER_WATCH_MS = 1_000;
/** A look that takes longer counts as a lost connection (and number), rather than stalling the watch. */
const LOOK_TIMEOUT_MS = 10_000;
const RETRY_MS = 1_000;

type Query = <R extends Record<string, unknown>>(sql: string) => Promise<R[]>;

/** The embedded database belongs to one process, whose single session holds its number until the process ends. */
export async function embeddedClaimHolder(query: Query): Promise<ClaimHolder> {
  const [row] = await query<{ holder: number }>(`SELECT "take_claim_holder"() AS holder`);
  const id = row!.holder;
  return {
    current: () => id,
    holds: (holder) => holder === id,
    // Nobody else shares the database: the claims of a process that used it before are released by the first round.
    onHoldersGone: () => () => undefined,
    close: () => Promise.resolve(),
  };
}

/**
 * On PostgreSQL: a connection of its own holding this process's number. If the connection breaks, the number goes
 * with it (another instance may already be releasing its claims); a new connection takes a new number.
 */
export class PostgresClaimHolder implements ClaimHolder {
  private client?: pg.Client;
  private id?: number;
  private known = new Set<number>();
  private readonly listeners = new Set<() => void>();
  private timer?: NodeJS.Timeout;
  private closed = false;
  /** A number was lost: its claims are anyone's to release, this process's own worker's too once it has a new one. */
  private lostOne = false;

  constructor(private readonly url: string) {}

  /** Takes a number; if that fails, keeps trying in the background (claiming nothing meanwhile). */
  async open(): Promise<void> {
    if (this.closed) return;
    const client = new pg.Client({
      connectionString: this.url,
      application_name: "tokenrail-claim-holder",
      connectionTimeoutMillis: LOOK_TIMEOUT_MS,
      query_timeout: LOOK_TIMEOUT_MS,
    });
    const lost = (error: Error) => this.lose(client, error);
    client.on("error", lost);
    client.on("end", () => lost(new Error("the claim holder's connection closed")));
    this.client = client;
    try {
      await client.connect();
      const { rows } = await client.query<{ holder: number }>(`SELECT "take_claim_holder"() AS holder`);
      this.id = rows[0]!.holder;
    } catch (error) {
      this.lose(client, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    this.schedule(HOLDER_WATCH_MS);
    if (this.lostOne) {
      this.lostOne = false;
      this.tell();
    }
  }

  current(): number | undefined {
    return this.id;
  }

  holds(holder: number): boolean {
    return holder === this.id;
  }

  onHoldersGone(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.id = undefined;
    await client?.end().catch(() => undefined);
  }

  private schedule(ms: number): void {
    if (this.closed) return;
    this.timer = setTimeout(() => void (this.client ? this.watch(this.client) : this.open()), ms);
    this.timer.unref();
  }

  /** Who holds now: a holder seen before and missing now is gone, and the listeners are told. */
  private async watch(client: pg.Client): Promise<void> {
    let live: Set<number>;
    try {
      const { rows } = await client.query<{ holder: number }>(`SELECT "live_claim_holders"() AS holder`);
      live = new Set(rows.map((row) => row.holder));
    } catch (error) {
      this.lose(client, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (client !== this.client) return;
    if (this.id === undefined || !live.has(this.id)) {
      this.lose(client, new Error("the claim holder's lock is no longer held"));
      return;
    }
    const gone = [...this.known].some((holder) => !live.has(holder));
    this.known = live;
    this.schedule(HOLDER_WATCH_MS);
    if (gone) this.tell();
  }

  private tell(): void {
    for (const listener of this.listeners) listener();
  }

  /** The connection (and the number with it) is gone: claim nothing until a new one is taken. */
  private lose(client: pg.Client, error: Error): void {
    if (client !== this.client) return;
    this.client = undefined;
    this.lostOne ||= this.id !== undefined;
    this.id = undefined;
    this.known = new Set();
    client.end().catch(() => undefined);
    if (this.closed) return;
    logger().warn({ err: error }, "the claim holder's connection was lost; taking a new number");
    clearTimeout(this.timer);
    this.schedule(RETRY_MS);
  }
}
