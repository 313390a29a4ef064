import pg from "pg";

/** Stops listening: closes the connection (or the subscription) and cancels any reconnection. */
export type Unlisten = () => Promise<void>;

export type ListenHandlers = {
  /**
   * A notification arrived (with its payload), or the connection (re)started (no payload): whatever the listener
   * missed may be waiting.
   */
  onNotify: (payload?: string) => void;
  /** The connection failed; it is opened again after `retryMs`. */
  onError: (error: Error) => void;
};

const RETRY_MS = 1_000;

/**
 * `LISTEN channel` on a connection of its own (a pooled one would go back to the pool and stop hearing). A broken
 * connection is reopened after a pause, for as long as nobody called the returned function; each (re)opening counts
 * as a notification, since anything sent while nobody listened was lost. The first opening is awaited, so a caller
 * knows it hears from then on; if it fails, it is retried in the background like any other.
 */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
  retryMs = RETRY_MS,
): Promise<Unlisten> {
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;

  const reopen = (client: pg.Client, error: Error) => {
    if (current !== client) return;
    current = undefined;
    client.end().catch(() => undefined);
    if (closed) return;
    handlers.onError(error);
    retry = setTimeout(() => void open(), retryMs);
    retry.unref();
  };

  const open = async (): Promise<void> => {
    retry = undefined;
    if (closed) return;
    const client = new pg.Client({ connectionString: url });
    current = client;
    client.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? "");
    });
    client.on("error", (error) => reopen(client, error));
    client.on("end", () => reopen(client, new Error("the listening connection closed")));
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      reopen(client, error instanceof Error ? error : new Error(String(error)));
      return;
    }
    if (current === client) handlers.onNotify();
  };

  await open();
  return async () => {
    closed = true;
    clearTimeout(retry);
    const client = current;
    current = undefined;
    await client?.end().catch(() => undefined);
  };
}
