import { AppError } from "./errors.ts";
import { run, type RouteHandler } from "./handler.ts";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/** A handler that always fails with the error `make` builds, logged and shaped like every other answer. */
function failing(make: (req: Request, url: URL) => AppError): RouteHandler {
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
 * Every method a route file exports: the ones it implements, and a 405 with `Allow` and the spec's error body for
 * the rest (Next.js would otherwise answer 405 with an empty body).
 */
export function methods(handlers: Partial<Record<Method, RouteHandler>>): Record<Method | "OPTIONS", RouteHandler> {
  const allow = [...METHODS.filter((m) => handlers[m]), ...(handlers.GET ? ["HEAD"] : [])].join(", ");
  const refuse = failing(
    (req) =>
      new AppError("METHOD_NOT_ALLOWED", `Method ${req.method} is not allowed here; use ${allow}`, undefined, {
        allow,
      }),
  );
  // Next.js would answer OPTIONS listing every exported method, including the refused ones.
  const options: RouteHandler = () => Promise.resolve(new Response(null, { status: 204, headers: { allow } }));
  return {
    ...(Object.fromEntries(METHODS.map((m) => [m, handlers[m] ?? refuse])) as Record<Method, RouteHandler>),
    OPTIONS: options,
  };
}

/** For the catch-all route: every method answers 404 in the spec's error body. */
export function notFound(): Record<Method, RouteHandler> {
  const handler = failing((req, url) => new AppError("NOT_FOUND", `No such endpoint: ${req.method} ${url.pathname}`));
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<Method, RouteHandler>;
}
