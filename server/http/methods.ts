import { AppError } from "./errors.ts";
import { run, type RouteHandler } from "./handler.ts";

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
type Method = (typeof METHODS)[number];

/**
 * Every method a route file exports: the ones it implements, and a 405 with `Allow` and the spec's error body for
 * the rest (Next.js would otherwise answer 405 with an empty body).
 */
export function methods(handlers: Partial<Record<Method, RouteHandler>>): Record<Method | "OPTIONS", RouteHandler> {
  const allowed = METHODS.filter((m) => handlers[m]);
  const allow = [...allowed, ...(handlers.GET ? ["HEAD"] : [])].join(", ");
  const refuse: RouteHandler = (req, ctx) =>
    run(
      req,
      ctx,
      { accept: false },
      () => Promise.resolve({}),
      (input) => {
        throw new AppError(
          "METHOD_NOT_ALLOWED",
          `Method ${input.req.method} is not allowed here; use ${allow}`,
          undefined,
          {
            allow,
          },
        );
      },
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
  const handler: RouteHandler = (req, ctx) =>
    run(
      req,
      ctx,
      { accept: false },
      () => Promise.resolve({}),
      (input) => {
        throw new AppError("NOT_FOUND", `No such endpoint: ${input.req.method} ${input.url.pathname}`);
      },
    );
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<Method, RouteHandler>;
}
