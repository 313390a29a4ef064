import http from "node:http";
import { getConfig } from "../config.ts";
import { logger } from "../logging/logger.ts";
import { edgeRefusal } from "./edge.ts";
import { requestIdFrom } from "./request-id.ts";
import { errorBody } from "./respond.ts";

const installed = Symbol.for("tokenrail.edge-rules");

/**
 * Applies the edge rules (`edgeRefusal`) to every request the process's HTTP servers receive, before Next.js sees
 * it. Here rather than in the proxy because here nothing has happened yet: Next.js cannot even represent TRACE (its
 * fetch `Request` forbids the method, so it answers a plain-text 500 before any proxy runs), and a proxy would have
 * every request body buffered in memory (uploads must stream so that a 413 arrives while they are sent).
 * Installed once per process at start-up; a refused request gets the spec's error body, a request id and a log line.
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
      const refusal = edgeRefusal({
        method: req.method ?? "",
        // An absolute-form target (`GET http://host/path`) is judged by its path.
        pathname: path.startsWith("/") ? path : new URL(path, "http://host").pathname,
        search: query < 0 ? "" : target.slice(query),
        environment: config.environment,
        apiPrefix: config.apiPrefix,
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
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof proto.emit;
}
