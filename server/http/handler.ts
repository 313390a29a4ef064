import type { Logger } from "pino";
import type { z } from "zod";
import { getConfig } from "../config.ts";
import { logger } from "../logging/logger.ts";
import { checkAccept } from "./accept.ts";
import { queryObject, readForm, readJson } from "./body.ts";
import { AppError, isAppError } from "../errors.ts";
import { errorResponse, jsonResponse } from "./respond.ts";
import { Reply } from "../contract/reply.ts";
import { requestIdOf } from "./request-id.ts";
import { routeLabel } from "./route-label.ts";
import { inSpan, SpanStatusCode } from "../telemetry/tracing.ts";
import { atRequestedTime } from "./test-clock.ts";
import { validate } from "../validate.ts";
import type { Spec } from "../contract/operation.ts";

/** What Next.js hands a route handler. */
export type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
export type RouteHandler = (req: Request, ctx: RouteContext) => Promise<Response>;

/**
 * A caller check a wrapper attaches to its handlers, so that `methods()` applies it to the route's other answers
 * too (405 and OPTIONS): a route hidden from a caller must not show itself through a method it does not implement.
 */
export const GUARD = Symbol("route guard");

/**
 * What a handler accepts and from whom, attached by the caller wrappers: the schemas its request is parsed with
 * and the kind of caller it authenticates. Tests generate requests from it (the fuzz test, C44).
 */
export const DESCRIPTION = Symbol.for("tokenrail.route-description");
export type CallerKind = "public" | "bearer" | "application" | "sandbox-bearer" | "oauth-client" | "operator";
export type RouteDescription = Spec & { caller: CallerKind };

export type GuardedHandler = RouteHandler & {
  [GUARD]?: (req: Request) => Promise<unknown>;
  [DESCRIPTION]?: RouteDescription;
};

/** The handler, carrying its description. */
export function described(handler: RouteHandler, spec: Spec, caller: CallerKind): GuardedHandler {
  return Object.assign(handler, { [DESCRIPTION]: { ...spec, caller } });
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type Input<S extends Spec> = {
  req: Request;
  url: URL;
  requestId: string;
  log: Logger;
  params: Out<S["params"]>;
  query: Out<S["query"]>;
  body: Out<S["body"]>;
  headers: Out<S["headers"]>;
};

/** Everything the wrappers share: request id, Accept, parsing, error mapping, one log line per request. */
export function run<S extends Spec, X>(
  req: Request,
  ctx: RouteContext,
  spec: S,
  authenticate: (req: Request) => Promise<X>,
  fn: (input: Input<S> & X) => Promise<unknown>,
): Promise<Response> {
  return atRequestedTime(req, () => traced(req, () => handle(req, ctx, spec, authenticate, fn)));
}

/**
 * The request's span (a child of the one Next.js opens for it, which continues a caller's `traceparent`): named by
 * its method and route pattern, never the raw path, with the status it was answered with. Its name and attributes
 * are worked out only when traces are recorded.
 */
function traced(req: Request, answer: () => Promise<Response>): Promise<Response> {
  return inSpan(req.method, {}, async (span) => {
    if (span.isRecording()) {
      const route = routeLabel(new URL(req.url).pathname, getConfig().apiPrefix);
      span.updateName(`${req.method} ${route}`);
      span.setAttributes({ "http.request.method": req.method, "http.route": route });
    }
    const response = await answer();
    if (span.isRecording()) {
      if (response.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
      span.setAttributes({
        "http.response.status_code": response.status,
        "tokenrail.request_id": response.headers.get("x-request-id") ?? "",
      });
    }
    return response;
  });
}

async function handle<S extends Spec, X>(
  req: Request,
  ctx: RouteContext,
  spec: S,
  authenticate: (req: Request) => Promise<X>,
  fn: (input: Input<S> & X) => Promise<unknown>,
): Promise<Response> {
  const started = performance.now();
  const requestId = requestIdOf(req);
  const url = new URL(req.url);
  const log = logger().child({ reqId: requestId });
  const extraHeaders: Record<string, string> = { "x-request-id": requestId };
  if (spec.oauth) Object.assign(extraHeaders, { "cache-control": "no-store", pragma: "no-cache" });
  let response: Response;
  try {
    if (spec.accept !== false) checkAccept(req.headers.get("accept"), getConfig().vendors);
    const caller = await authenticate(req);
    const params = spec.params ? validate(spec.params, await ctx.params, "params") : undefined;
    const query = spec.query ? validate(spec.query, queryObject(url), "query") : undefined;
    const headers = spec.headers ? validate(spec.headers, Object.fromEntries(req.headers), "headers") : undefined;
    let body: unknown;
    if (spec.body) {
      const raw = spec.bodyKind === "form" ? await readForm(req, spec.bodyLimit) : await readJson(req, spec.bodyLimit);
      body = validate(spec.body, raw ?? {});
    }
    const input = { req, url, requestId, log, params, query, body, headers } as Input<S>;
    const result = await fn({ ...input, ...caller });
    response =
      result instanceof Response
        ? result
        : result instanceof Reply
          ? jsonResponse(result.status, result.body, { ...result.headers, ...extraHeaders })
          : jsonResponse(200, result, extraHeaders);
  } catch (error) {
    if (isAppError(error)) {
      response = errorResponse(error, { oauth: spec.oauth, headers: extraHeaders });
    } else {
      log.error({ err: error, method: req.method, path: url.pathname }, "unhandled error");
      const internal = new AppError("INTERNAL", `Internal error; quote request id ${requestId} when reporting it`);
      response = errorResponse(internal, { oauth: spec.oauth, headers: extraHeaders });
    }
  }
  if (!response.headers.has("x-request-id")) response.headers.set("x-request-id", requestId);
  log.info(
    { method: req.method, path: url.pathname, status: response.status, ms: +(performance.now() - started).toFixed(2) },
    "request",
  );
  return response;
}
