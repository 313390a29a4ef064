import type { WebSocket } from "ws";
import type { Clock } from "../clock.ts";
import { logger } from "../logging/logger.ts";
import { callerTags, onAuthEvicted } from "../oauth/auth-cache.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import type { Caller } from "../oauth/caller.ts";
import { watchOrderFeed } from "../orders/order-feed.ts";
import type { WatchOrdersQuery } from "../orders/order.schemas.ts";
import { authorizeOrderWatch, type OrderWatch } from "../orders/watch-orders.ts";
import { isAppError } from "../errors.ts";

/**
 * Why the server closes an order WebSocket: 4401 and 4403 mirror the HTTP statuses a request with the same token
 * would now get; 1001 and 1012 are the protocol's own "going away" and "service restart" (RFC 6455 §7.4).
 */
export const CLOSE = {
  expired: { code: 4401, reason: "The access token expired" },
  revoked: { code: 4401, reason: "The access token is no longer valid" },
  unreadable: { code: 4403, reason: "The profile can no longer be read with this access token" },
  slow: { code: 1008, reason: "Order messages were not read in time" },
  interrupted: { code: 1012, reason: "Order notifications were interrupted; connect again" },
  stopping: { code: 1001, reason: "The server is stopping" },
} as const;
export type CloseReason = (typeof CLOSE)[keyof typeof CLOSE];

/** An accepted order WebSocket: who opened it, with which token, and what it watches. */
export type OrderSession = {
  /** `Bearer <token>`, to authenticate it again. */
  authorization: string;
  caller: Caller;
  query: WatchOrdersQuery;
  watch: OrderWatch;
  /** The server's clock as the upgrade request asked for it (a test clock offset, where allowed). */
  clock: Clock;
};

/**
 * How often a socket is pinged; one that has not answered the previous ping by then is dropped, so sockets whose
 * peer vanished without closing do not pile up. Each ping also checks the token and the profile again, which
 * bounds how long a change no eviction announced (a grant withdrawn, a missed notification) goes unnoticed.
 */
export const PING_MS = 30_000;
/** Messages a client leaves unread beyond this many bytes close its socket instead of growing in memory. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** setTimeout's largest delay. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/** This process's open order sockets, closed at shutdown. */
export const openOrderSockets = new Set<WebSocket>();

/**
 * Serves an accepted socket until it closes: every change of the watched orders as an `Order` (JSON text), until
 * the token expires (4401), is revoked or its client's secret rotated (4401, as soon as the eviction is heard), or
 * the profile can no longer be read (4403). The client sends nothing; anything it sends is ignored.
 */
export function serveOrderSocket(
  ws: WebSocket,
  session: OrderSession,
  { pingMs = PING_MS, check = stillAllowed }: { pingMs?: number; check?: typeof stillAllowed } = {},
): void {
  openOrderSockets.add(ws);
  let closed = false;
  const close = ({ code, reason }: CloseReason) => {
    if (!closed) ws.close(code, reason);
    closed = true;
  };

  const unwatch = watchOrderFeed({
    watch: session.watch,
    deliver: (order) => {
      if (closed) return;
      if (ws.bufferedAmount > MAX_BUFFERED_BYTES) return close(CLOSE.slow);
      ws.send(JSON.stringify(order));
    },
    interrupted: () => close(CLOSE.interrupted),
  });

  const recheck = async () => {
    const outcome = await check(session);
    if (outcome) close(outcome);
  };
  const tags = new Set([...callerTags(session.caller), `application:${session.caller.applicationId}`]);
  const unobserve = onAuthEvicted((evicted) => {
    if (!evicted || evicted.some((tag) => tags.has(tag))) void recheck();
  });

  let expiry: NodeJS.Timeout | undefined;
  const expireAt = (at: number) => {
    const wait = at - session.clock().getTime();
    if (wait <= 0) return close(CLOSE.expired);
    expiry = setTimeout(() => expireAt(at), Math.min(wait, MAX_DELAY_MS));
    expiry.unref();
  };
  if (session.caller.expiresAt !== undefined) expireAt(session.caller.expiresAt);

  let alive = true;
  ws.on("pong", () => (alive = true));
  const heartbeat = setInterval(() => {
    // A closing socket is ws's to end (it waits 30 s for the peer's close frame); ping throws on it.
    if (ws.readyState !== ws.OPEN) return;
    if (!alive) return ws.terminate();
    alive = false;
    ws.ping();
    void recheck();
  }, pingMs);
  heartbeat.unref();

  ws.on("error", (err) => logger().info({ err }, "order WebSocket error"));
  ws.once("close", () => {
    closed = true;
    openOrderSockets.delete(ws);
    unwatch();
    unobserve();
    clearTimeout(expiry);
    clearInterval(heartbeat);
  });
}

/** Undefined while the token still authenticates and may read the watched profile; otherwise why to close. */
async function stillAllowed(session: OrderSession): Promise<CloseReason | undefined> {
  try {
    const caller = await authenticateBearer(session.authorization, session.clock);
    await authorizeOrderWatch(caller, session.query);
    return undefined;
  } catch (error) {
    if (!isAppError(error)) {
      // The database may be briefly unreachable: the socket stays, and the next check decides.
      logger().warn({ err: error }, "an order WebSocket's token could not be checked again");
      return undefined;
    }
    if (error.code !== "UNAUTHENTICATED") return CLOSE.unreadable;
    const expiresAt = session.caller.expiresAt;
    return expiresAt !== undefined && expiresAt <= session.clock().getTime() ? CLOSE.expired : CLOSE.revoked;
  }
}

/** Closes every open order socket (1001) and resolves when they are gone, terminating any left after `graceMs`. */
export async function closeOrderSockets(graceMs = 2_000): Promise<void> {
  const sockets = [...openOrderSockets];
  const gone = sockets.map((ws) => new Promise<void>((resolve) => ws.once("close", () => resolve())));
  for (const ws of sockets) ws.close(CLOSE.stopping.code, CLOSE.stopping.reason);
  const late = setTimeout(() => sockets.forEach((ws) => ws.terminate()), graceMs);
  await Promise.all(gone);
  clearTimeout(late);
}
