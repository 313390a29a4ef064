import { authenticateBearer, type Caller } from "../oauth/authenticate-bearer.ts";
import { readBasicCredentials, type BasicCredentials } from "../oauth/client-authentication.ts";
import { run, type Input, type RouteHandler, type Spec } from "./handler.ts";

/**
 * One wrapper per kind of caller. Each authenticates its caller, then hands the parsed request to the use case.
 * Public endpoints ignore any Authorization header (the published SDK sends an empty one).
 */

const anyone = () => Promise.resolve({});

export function withPublic<S extends Spec>(spec: S, fn: (input: Input<S>) => Promise<unknown>): RouteHandler {
  return (req, ctx) => run(req, ctx, spec, anyone, fn);
}

/** A bearer access token (client credentials or a user's authorization). */
export function withBearer<S extends Spec>(
  spec: S,
  fn: (input: Input<S> & { caller: Caller }) => Promise<unknown>,
): RouteHandler {
  const authenticate = async (req: Request) => ({ caller: await authenticateBearer(req.headers.get("authorization")) });
  return (req, ctx) => run(req, ctx, spec, authenticate, fn);
}

/**
 * An OAuth client at the token endpoint: its credentials come in the form (spec) or as HTTP Basic (RFC 6749
 * §2.3.1). Errors carry RFC 6749 fields and nothing is cached.
 */
export function withOAuthClient<S extends Spec>(
  spec: S,
  fn: (input: Input<S> & { basic: BasicCredentials | undefined }) => Promise<unknown>,
): RouteHandler {
  const authenticate = (req: Request) =>
    Promise.resolve({ basic: readBasicCredentials(req.headers.get("authorization")) });
  return (req, ctx) => run(req, ctx, { ...spec, oauth: true }, authenticate, fn);
}
