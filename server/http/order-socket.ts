import type http from "node:http";
import type { Duplex } from "node:stream";
import { WebSocketServer } from "ws";
import { serverClock, type Clock } from "../clock.ts";
import type { Config } from "../config.ts";
import { isStopping, onShutdown } from "../instance/shutdown.ts";
import { logger } from "../logging/logger.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import { orderFeedReady, stopOrderFeed } from "../orders/order-feed.ts";
import { watchOrdersQuery } from "../orders/order.schemas.ts";
import { authorizeOrderWatch } from "../orders/watch-orders.ts";
import { queryObject } from "./body.ts";
import { edgeRefusal } from "./edge.ts";
import { AppError, isAppError } from "../errors.ts";
import { CLOSE, closeOrderSockets, serveOrderSocket, type OrderSession } from "./order-socket-session.ts";
import { requestIdFrom } from "./request-id.ts";
import { errorBody } from "./respond.ts";
import { requestedOffsetMs } from "./test-clock.ts";
import { validate } from "../validate.ts";

/**
 * Order WebSockets one access token may hold open on one instance; the next upgrade is refused with 429. The SDK
 * opens one per filter (`profile`, `state`), so a few cover an integrator; the bound keeps a leaked token or a
 * reconnect loop from holding an instance's memory and file descriptors.
 */
export const MAX_SOCKETS_PER_TOKEN = 5;

/** The client sends nothing: a frame beyond this is a protocol abuse, which ws answers with close code 1009. */
const MAX_CLIENT_FRAME_BYTES = 1024;

const perToken = new Map<string, number>();
let server: WebSocketServer | undefined;

/** Whether an upgrade request is for the order WebSocket (`{base_url}/orders`, C62). */
export function isOrderSocketPath(path: string, apiPrefix: string): boolean {
  return path === `${apiPrefix}/orders`;
}

/**
 * An upgrade request for `{base_url}/orders`, as the published SDK sends it: `?access_token=…&profile=…&state=…`
 * (an `Authorization: Bearer` header works too). Checked like `GET /orders` before anything is upgraded: a bad
 * upgrade gets a plain HTTP answer with the spec's error body (401 without a valid token, 400 for a bad query or
 * handshake, 404 for a profile the token cannot read, 429 beyond `MAX_SOCKETS_PER_TOKEN`). The token is never
 * logged: log lines name the path only.
 */
export function handleOrderUpgrade(req: http.IncomingMessage, socket: Duplex, head: Buffer, config: Config): void {
  const requestId = requestIdFrom({ get: (name: string) => req.headers[name]?.toString() ?? null });
  socket.on("error", () => undefined);
  accept(req, socket, head, config).catch((error: unknown) => {
    let refusal: AppError;
    if (isAppError(error)) refusal = error;
    else {
      logger().error({ err: error, reqId: requestId, path: `${config.apiPrefix}/orders` }, "unhandled error");
      refusal = new AppError("INTERNAL", `Internal error; quote request id ${requestId} when reporting it`);
    }
    refuse(socket, refusal, requestId);
  });
}

async function accept(req: http.IncomingMessage, socket: Duplex, head: Buffer, config: Config): Promise<void> {
  const url = new URL(req.url ?? "/", "http://host");
  const { environment, apiPrefix } = config;
  const method = req.method ?? "";
  const edge = edgeRefusal({ method, pathname: url.pathname, search: url.search, environment, apiPrefix });
  if (edge) throw edge;
  if (method !== "GET") throw new AppError("BAD_REQUEST", "A WebSocket upgrade must be a GET request");
  const offsetMs = requestedOffsetMs({ get: (name: string) => req.headers[name]?.toString() ?? null });
  const clock: Clock = () => new Date(serverClock().getTime() + offsetMs);
  // Who is calling first, as for `GET /orders`: a stranger learns nothing from the query's validation.
  const authorization = req.headers.authorization ?? `Bearer ${url.searchParams.get("access_token") ?? ""}`;
  const caller = await authenticateBearer(authorization, clock);
  const query = validate(watchOrdersQuery, queryObject(url), "query");
  const watch = await authorizeOrderWatch(caller, query);
  // Listening before the handshake: a change committed after the client sees the socket open is never missed.
  stopAtShutdown();
  await orderFeedReady();
  // The client may have gone while it was checked; from here to the close listener below nothing awaits.
  if (socket.destroyed) return;
  const held = perToken.get(caller.tokenId) ?? 0;
  if (held >= MAX_SOCKETS_PER_TOKEN) {
    throw new AppError(
      "TOO_MANY_REQUESTS",
      `At most ${MAX_SOCKETS_PER_TOKEN} order WebSockets may be open with one access token; close one first`,
    );
  }
  perToken.set(caller.tokenId, held + 1);
  const release = () => {
    const left = (perToken.get(caller.tokenId) ?? 1) - 1;
    if (left > 0) perToken.set(caller.tokenId, left);
    else perToken.delete(caller.tokenId);
  };
  const session: OrderSession = { authorization, caller, query, watch, clock };
  let upgraded = false;
  socket.once("close", () => {
    if (!upgraded) release();
  });
  webSocketServer().handleUpgrade(req, socket, head, (ws) => {
    upgraded = true;
    ws.once("close", release);
    serveOrderSocket(ws, session);
    logger().info({ path: url.pathname, status: 101, profile: watch.profileId }, "order WebSocket opened");
    if (isStopping()) ws.close(CLOSE.stopping.code, CLOSE.stopping.reason);
  });
}

let stopsAtShutdown = false;

/**
 * At shutdown the sockets are closed (1001), so that the HTTP server, which waits for its connections, can close,
 * and then the feed's listening connection.
 */
function stopAtShutdown(): void {
  if (stopsAtShutdown) return;
  stopsAtShutdown = true;
  onShutdown(async () => {
    await closeOrderSockets();
    await stopOrderFeed();
  });
}

/** One server for every order socket of the process; its handshake errors get the spec's error body. */
function webSocketServer(): WebSocketServer {
  if (server) return server;
  server = new WebSocketServer({ noServer: true, clientTracking: false, maxPayload: MAX_CLIENT_FRAME_BYTES });
  server.on("wsClientError", (error: Error, socket: Duplex, req: http.IncomingMessage) => {
    const requestId = requestIdFrom({ get: (name: string) => req.headers[name]?.toString() ?? null });
    refuse(socket, new AppError("BAD_REQUEST", `Not a valid WebSocket handshake: ${error.message}`), requestId);
  });
  return server;
}

/** A refused upgrade: a plain HTTP answer with the spec's error body, then the connection is closed. */
function refuse(socket: Duplex, error: AppError, requestId: string): void {
  const body = errorBody(error);
  const text = JSON.stringify(body);
  const headers = {
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(text)),
    "X-Request-Id": requestId,
    ...error.headers,
    Connection: "close",
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  if (socket.writable) socket.end(`HTTP/1.1 ${body.code} ${body.status}\r\n${lines.join("")}\r\n${text}`);
  else socket.destroy();
  logger().info({ reqId: requestId, path: "/orders", status: body.code }, "order WebSocket refused");
}
