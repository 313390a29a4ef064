import http from "node:http";
import { getConfig } from "../config.ts";
import { logger } from "../logging/logger.ts";
import { metrics } from "../metrics/metrics.ts";
import { routeLabel } from "./route-label.ts";
import type { Socket } from "node:net";
import type { Duplex } from "node:stream";
import { AppError } from "../errors.ts";
import { MAX_REQUEST_HEADER_BYTES } from "../header-limits.ts";
import { crossSiteActionRefusal } from "./cross-site-action.ts";
import { edgeRefusal } from "./edge.ts";
import { handleOrderUpgrade, isOrderSocketPath } from "./order-socket.ts";
import { requestIdFrom } from "./request-id.ts";
import { errorBody } from "./respond.ts";

const installed = Symbol.for("tokenrail.edge-rules");

/**
 * Applies the edge rules (`edgeRefusal`) to every request the process's HTTP servers receive, before Next.js sees
 * it. Here rather than in the proxy because here nothing has happened yet: Next.js cannot even represent TRACE (its
 * fetch `Request` forbids the method, so it answers a plain-text 500 before any proxy runs), and a proxy would have
 * every request body buffered in memory (uploads must stream so that a 413 arrives while they are sent).
 * Server actions posted from another site are refused here too (`cross-site-action.ts`), and the socket's peer is
 * appended to `X-Forwarded-For` (`appendPeer`), where nothing but the socket can have written it.
 * Installed once per process at start-up; a refused request gets the spec's error body, a request id and a log line.
 * Upgrades to the order WebSocket (`{apiPrefix}/orders`) are answered here too (`order-socket.ts`).
 */
export function applyEdgeRules(): void {
  const proto = http.Server.prototype as http.Server & { [installed]?: true };
  if (proto[installed]) return;
  proto[installed] = true;
  // eslint-disable-next-line @typescript-eslint/unbound-method -- applied below with the server as `this`
  const emit = proto.emit;
  const config = getConfig();
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]): boolean {
    if (event === "request") {
      const [req, res] = args as [http.IncomingMessage, http.ServerResponse];
      const target = req.url ?? "/";
      const query = target.indexOf("?");
      const path = query < 0 ? target : target.slice(0, query);
      countRequest(req, res, path, config.apiPrefix);
      appendPeer(req);
      const method = req.method ?? "";
      // An absolute-form target (`GET http://host/path`) is judged by its path.
      const pathname = path.startsWith("/") ? path : new URL(path, "http://host").pathname;
      const header = (name: string) => req.headers[name]?.toString();
      const refusal =
        edgeRefusal({
          method,
          pathname,
          search: query < 0 ? "" : target.slice(query),
          environment: config.environment,
          apiPrefix: config.apiPrefix,
        }) ??
        crossSiteActionRefusal({
          method,
          pathname,
          apiPrefix: config.apiPrefix,
          appUrl: config.appUrl,
          origin: header("origin"),
          fetchSite: header("sec-fetch-site"),
          nextAction: header("next-action"),
          contentType: header("content-type"),
        });
      if (refusal) {
        const body = errorBody(refusal);
        const requestId = requestIdFrom({ get: (name: string) => req.headers[name]?.toString() ?? null });
        res.writeHead(body.code, {
          "content-type": "application/json; charset=utf-8",
          "x-request-id": requestId,
          ...refusal.headers,
        });
        res.end(JSON.stringify(body));
        req.resume();
        logger().info({ reqId: requestId, method: req.method, path, status: body.code }, "refused at the edge");
        return true;
      }
    }
    if (event === "upgrade") {
      // The order WebSocket (C62): Next.js route handlers cannot upgrade, so it is served here; any other upgrade
      // goes on to Next.js as before.
      const [req, socket, head] = args as [http.IncomingMessage, Duplex, Buffer];
      const target = req.url ?? "/";
      const query = target.indexOf("?");
      if (isOrderSocketPath(query < 0 ? target : target.slice(0, query), config.apiPrefix)) {
        handleOrderUpgrade(req, socket, head, config);
        return true;
      }
    }
    if (event === "clientError") {
      const [error, socket] = args as [NodeJS.ErrnoException, Socket];
      if (socket.writable && !socket.destroyed) {
        answerUnparsable(error, socket);
        return true;
      }
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof proto.emit;
}

/**
 * Appends the socket's peer to `X-Forwarded-For`, as a proxy appends its own, so that the header's right-most hop is
 * always the address that connected: what a client writes there sits left of it, and is believed only as far as
 * `clientAddress` trusts the hops right of it (issue 11). Next.js would fill the header from the socket only when
 * the client sent none. A socket already gone has no peer: `unknown` stands for it, never the client's say.
 */
function appendPeer(req: http.IncomingMessage): void {
  const peer = req.socket.remoteAddress ?? "unknown";
  const header = req.headers["x-forwarded-for"];
  const prior = Array.isArray(header) ? header.join(", ") : header;
  req.headers["x-forwarded-for"] = prior ? `${prior}, ${peer}` : peer;
}

/** Counts the request and times it from arrival to the end of its response, under its route's label. */
function countRequest(req: http.IncomingMessage, res: http.ServerResponse, path: string, apiPrefix: string): void {
  const started = performance.now();
  res.once("finish", () => {
    const { requests, duration } = metrics();
    const route = routeLabel(path, apiPrefix);
    const method = req.method ?? "";
    requests.inc({ route, method, status: String(res.statusCode) });
    duration.observe({ route, method }, (performance.now() - started) / 1000);
  });
}

/**
 * A request the HTTP parser gave up on (a request line or headers over Node's 16 KB limit, bytes that are not
 * HTTP): Node would close the connection with a bare status line. It gets the spec's error body like any other.
 */
function answerUnparsable(error: NodeJS.ErrnoException, socket: Socket): void {
  const refusal =
    error.code === "HPE_HEADER_OVERFLOW"
      ? new AppError("HEADERS_TOO_LARGE", `The request line and headers exceed ${MAX_REQUEST_HEADER_BYTES / 1024} KB`)
      : new AppError("BAD_REQUEST", "The request is not valid HTTP");
  const body = errorBody(refusal);
  const text = JSON.stringify(body);
  const { code, status } = body;
  socket.end(
    `HTTP/1.1 ${code} ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
  logger().info({ status: code, err: error.code }, "refused at the edge");
}
