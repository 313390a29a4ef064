import type { AuditActor } from "../audit/record-audit.ts";
import { authenticateBearer } from "../oauth/authenticate-bearer.ts";
import { CLIENT_CREDENTIALS, type Caller } from "../oauth/caller.ts";
import { readBasicCredentials, type BasicCredentials } from "../oauth/client-authentication.ts";
import { getConfig } from "../config.ts";
import type { RoleNeed } from "../operators/operator-roles.ts";
import { operatorSessionMay } from "../users/is-operator.ts";
import type { WebSessionReader } from "../users/web-session.ts";
import { AppError } from "../errors.ts";
import { described, GUARD, run, type GuardedHandler, type Input } from "./handler.ts";
import type { Spec } from "../contract/operation.ts";

/**
 * One wrapper per kind of caller. Each authenticates its caller, then hands the parsed request to the use case.
 * Public endpoints ignore any Authorization header (the published SDK sends an empty one).
 */

const anyone = () => Promise.resolve({});

export function withPublic<S extends Spec>(spec: S, fn: (input: Input<S>) => Promise<unknown>): GuardedHandler {
  return described((req, ctx) => run(req, ctx, spec, anyone, fn), spec, "public");
}

/** A bearer access token (client credentials or a user's authorization). */
export function withBearer<S extends Spec>(
  spec: S,
  fn: (input: Input<S> & { caller: Caller }) => Promise<unknown>,
): GuardedHandler {
  const authenticate = async (req: Request) => ({ caller: await authenticateBearer(req.headers.get("authorization")) });
  return described((req, ctx) => run(req, ctx, spec, authenticate, fn), spec, "bearer");
}

/**
 * The application itself: a bearer token of its client-credentials client. Resources that belong to the application
 * rather than to a person (its webhook subscriptions and their deliveries) are reached with it only; a person's
 * token (authorization code, refreshed, or any other grant) is refused with 403 on every method of the route,
 * including the ones it does not implement. No token, or an unknown one, is 401 as everywhere.
 */
export function withApplication<S extends Spec>(
  spec: S,
  fn: (input: Input<S> & { caller: Caller }) => Promise<unknown>,
): GuardedHandler {
  const authenticate = async (req: Request) => ({ caller: await applicationCaller(req) });
  const handler = described((req, ctx) => run(req, ctx, spec, authenticate, fn), spec, "application");
  handler[GUARD] = applicationCaller;
  return handler;
}

async function applicationCaller(req: Request): Promise<Caller> {
  const caller = await authenticateBearer(req.headers.get("authorization"));
  if (caller.grantType !== CLIENT_CREDENTIALS) {
    throw new AppError(
      "FORBIDDEN",
      "Only the application itself may do this: use an access token of its client-credentials client",
    );
  }
  return caller;
}

/** Outside the sandbox the simulator's endpoints do not exist. */
function sandboxOnly(): Promise<void> {
  if (getConfig().environment !== "sandbox") return Promise.reject(new AppError("NOT_FOUND", "Not found"));
  return Promise.resolve();
}

/**
 * A bearer access token on the sandbox's own endpoints (the simulator): outside the sandbox they do not exist, so
 * every request is 404 before any token is looked at, on every method of the route (the 405 and OPTIONS answers
 * pass the same check). Every route under `app/api/sandbox/` uses this wrapper (`sandbox-routes.test.ts`).
 */
export function withSandboxBearer<S extends Spec>(
  spec: S,
  fn: (input: Input<S> & { caller: Caller }) => Promise<unknown>,
): GuardedHandler {
  const authenticate = async (req: Request) => {
    await sandboxOnly();
    return { caller: await authenticateBearer(req.headers.get("authorization")) };
  };
  const handler = described((req, ctx) => run(req, ctx, spec, authenticate, fn), spec, "sandbox-bearer");
  handler[GUARD] = sandboxOnly;
  return handler;
}

/**
 * An OAuth client at the token endpoint: its credentials come in the form (spec) or as HTTP Basic (RFC 6749
 * §2.3.1). Errors carry RFC 6749 fields and nothing is cached.
 */
export function withOAuthClient<S extends Spec>(
  spec: S,
  fn: (input: Input<S> & { basic: BasicCredentials | undefined }) => Promise<unknown>,
): GuardedHandler {
  const authenticate = (req: Request) =>
    Promise.resolve({ basic: readBasicCredentials(req.headers.get("authorization")) });
  return described((req, ctx) => run(req, ctx, { ...spec, oauth: true }, authenticate, fn), spec, "oauth-client");
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * The signed-in operator's id. Anyone else (no session, not an operator, a disabled one, one whose roles do not
 * allow this route, C58, or one whose session has not passed its second factor, C57) meets the 404 of a missing
 * route.
 */
async function operatorOf(session: WebSessionReader, need: RoleNeed): Promise<string> {
  const signedIn = await session();
  if (!signedIn || !(await operatorSessionMay(signedIn, need))) throw new AppError("NOT_FOUND", "Not found");
  return signedIn.userId;
}

/**
 * The operator, signed in to the web app: the admin API behind the console. It does not announce itself: whoever
 * is not an operator gets 404, on every method. Writes must come from our own pages (the session cookie would
 * otherwise let any site act for the operator). `operator` names them and the request for the audit log. `need` is
 * the role the route asks for (C58): part of the declaration, so no route can forget it.
 */
export function withOperator<S extends Spec>(
  session: WebSessionReader,
  need: RoleNeed,
  spec: S,
  fn: (input: Input<S> & { operatorId: string; operator: AuditActor }) => Promise<unknown>,
): GuardedHandler {
  const authenticate = async (req: Request) => {
    const operatorId = await operatorOf(session, need);
    if (!SAFE_METHODS.has(req.method)) {
      const origin = req.headers.get("origin");
      const foreign = origin !== null && origin !== new URL(getConfig().appUrl).origin;
      if (foreign || req.headers.get("sec-fetch-site") === "cross-site") {
        throw new AppError("FORBIDDEN", "Operator actions can only be sent from Tokenrail's own pages");
      }
    }
    return { operatorId };
  };
  const handler = described(
    (req, ctx) =>
      run(req, ctx, spec, authenticate, (input) =>
        fn({ ...input, operator: { userId: input.operatorId, requestId: input.requestId } }),
      ),
    spec,
    "operator",
  );
  handler[GUARD] = () => operatorOf(session, need);
  return handler;
}
