import { AppError } from "../errors.ts";
import { DESCRIPTION, GUARD, run, type GuardedHandler, type RouteHandler } from "./handler.ts";
import { quote } from "../limits.ts";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/** A handler that always fails with the error `make` builds, logged and shaped like every other answer. */
function failing(make: (req: Request, url: URL) => Error): RouteHandler {
  return (req, ctx) =>
    run(
      req,
      ctx,
      { accept: false },
      () => Promise.resolve({}),
      ({ url }) => Promise.reject(make(req, url)),
    );
}

/**
 * Cross-origin access for endpoints a browser app calls directly: the token endpoint (public clients exchange
 * their code from the page, as the SDK does) and public reads. No cookies are involved, so any origin may call.
 * The preflight says which headers and methods may follow and for how long it holds; the answers themselves need
 * only the origin (Fetch standard, "CORS check").
 */
const ALLOW_ORIGIN = "*";
const PREFLIGHT = {
  "access-control-allow-origin": ALLOW_ORIGIN,
  "access-control-allow-headers": "authorization, content-type, accept",
  "access-control-max-age": "600",
};

function withCors(handler: GuardedHandler): GuardedHandler {
  const open: GuardedHandler = async (req, ctx) => {
    const response = await handler(req, ctx);
    response.headers.set("access-control-allow-origin", ALLOW_ORIGIN);
    return response;
  };
  open[DESCRIPTION] = handler[DESCRIPTION];
  return open;
}

/** The answer `handler` gives, once the caller passed `guard`; a caller it refuses gets the guard's error. */
function guarded(guard: ((req: Request) => Promise<unknown>) | undefined, handler: RouteHandler): RouteHandler {
  if (!guard) return handler;
  return async (req, ctx) => {
    try {
      await guard(req);
    } catch (error) {
      return failing(() => (error instanceof Error ? error : new Error(String(error))))(req, ctx);
    }
    return handler(req, ctx);
  };
}

/**
 * Every method a route file exports: the ones it implements, and a 405 with `Allow` and the spec's error body for
 * the rest (Next.js would otherwise answer 405 with an empty body). `cors` opens the route to browser apps. When the
 * implemented handlers carry a guard (`withOperator`), the 405s and OPTIONS pass the same guard first.
 */
export function methods(
  handlers: Partial<Record<Method, GuardedHandler>>,
  options: { cors?: boolean } = {},
): Record<Method, GuardedHandler> & { OPTIONS: RouteHandler } {
  const allow = [...METHODS.filter((m) => handlers[m]), ...(handlers.GET ? ["HEAD"] : [])].join(", ");
  const open = (handler: GuardedHandler) => (options.cors ? withCors(handler) : handler);
  const guard = Object.values(handlers).find((handler) => handler[GUARD])?.[GUARD];
  const refuse = failing(
    (req) =>
      new AppError("METHOD_NOT_ALLOWED", `Method ${quote(req.method)} is not allowed here; use ${allow}`, undefined, {
        allow,
      }),
  );
  // Next.js would answer OPTIONS listing every exported method, including the refused ones. It is also the CORS
  // preflight.
  const preflight: RouteHandler = () =>
    Promise.resolve(
      new Response(null, {
        status: 204,
        headers: { allow, ...(options.cors ? { ...PREFLIGHT, "access-control-allow-methods": allow } : {}) },
      }),
    );
  return {
    ...(Object.fromEntries(METHODS.map((m) => [m, open(handlers[m] ?? guarded(guard, refuse))])) as Record<
      Method,
      GuardedHandler
    >),
    OPTIONS: guarded(guard, preflight),
  };
}

/** For the catch-all route: every method answers 404 in the spec's error body. */
export function notFound(): Record<Method, RouteHandler> {
  const handler = failing(
    (req, url) => new AppError("NOT_FOUND", `No such endpoint: ${quote(req.method)} ${quote(url.pathname)}`),
  );
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<Method, RouteHandler>;
}
