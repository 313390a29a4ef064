import { forgetTokens, loadTokens, saveTokens, type DemoSettings, type StoredTokens } from "./demo-session";

/**
 * The demo integrator's HTTP client for the public API: the spec's media type, the bearer token from the tab,
 * refreshed shortly before it expires (or once after a 401), and the spec's error body turned into an error.
 */

const ACCEPT = "application/vnd.tokenrail.api-v2+json";
/** Refresh this long before the access token expires, so a request never leaves with a dying token. */
const REFRESH_MARGIN_MS = 30_000;

/** The spec's error body `{code, status, message, errors?}` as an Error. */
export class ApiProblem extends Error {
  override name = "ApiProblem";
  constructor(
    readonly code: number,
    message: string,
    readonly errors: Record<string, string> = {},
    readonly oauthError?: string,
  ) {
    super(message);
  }

  /** The message with its field problems, for a place that shows one line. */
  get summary(): string {
    const fields = Object.entries(this.errors).map(([field, problem]) => `${field}: ${problem}`);
    return fields.length > 0 ? `${this.message} (${fields.join("; ")})` : this.message;
  }
}

/** The tab holds no token, or its refresh token was refused: the person must connect again. */
export class SessionEnded extends Error {
  override name = "SessionEnded";
}

type ErrorBody = {
  code?: number;
  message?: string;
  errors?: Record<string, string>;
  error?: string;
  error_description?: string;
};

async function problemOf(res: Response): Promise<ApiProblem> {
  let body: ErrorBody = {};
  try {
    body = (await res.json()) as ErrorBody;
  } catch {
    // Not the spec's body (a proxy's page): the status is all there is.
  }
  return new ApiProblem(
    body.code ?? res.status,
    body.message ?? body.error_description ?? `${res.status} ${res.statusText}`,
    body.errors ?? {},
    body.error,
  );
}

type TokenResponse = { access_token: string; refresh_token?: string; expires_in: number; profile?: string };

async function tokenRequest(settings: DemoSettings, fields: Record<string, string>): Promise<StoredTokens> {
  const res = await fetch(`${settings.baseUrl}/auth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({ client_id: settings.clientId, ...fields }),
  });
  if (!res.ok) throw await problemOf(res);
  const body = (await res.json()) as TokenResponse;
  const tokens: StoredTokens = {
    accessToken: body.access_token,
    ...(body.refresh_token ? { refreshToken: body.refresh_token } : {}),
    expiresAt: Date.now() + body.expires_in * 1000,
    ...(body.profile ? { profile: body.profile } : {}),
  };
  saveTokens(tokens);
  return tokens;
}

/** RFC 6749 §4.1.3 with the PKCE verifier: the code becomes an access and a refresh token, kept in the tab. */
export function exchangeCode(settings: DemoSettings, code: string, verifier: string): Promise<StoredTokens> {
  return tokenRequest(settings, {
    grant_type: "authorization_code",
    code,
    code_verifier: verifier,
    redirect_uri: settings.redirectUri,
  });
}

// One refresh at a time: a refresh token is single-use, and presenting it twice revokes the whole lineage.
let refreshing: Promise<StoredTokens> | undefined;

function refresh(settings: DemoSettings, tokens: StoredTokens): Promise<StoredTokens> {
  if (!tokens.refreshToken) {
    forgetTokens();
    return Promise.reject(new SessionEnded());
  }
  refreshing ??= tokenRequest(settings, { grant_type: "refresh_token", refresh_token: tokens.refreshToken })
    .catch((error: unknown) => {
      forgetTokens();
      throw error instanceof ApiProblem && error.code >= 500 ? error : new SessionEnded();
    })
    .finally(() => {
      refreshing = undefined;
    });
  return refreshing;
}

async function currentTokens(settings: DemoSettings): Promise<StoredTokens> {
  if (refreshing) return refreshing;
  const tokens = loadTokens();
  if (!tokens) throw new SessionEnded();
  return tokens.expiresAt - REFRESH_MARGIN_MS <= Date.now() ? refresh(settings, tokens) : tokens;
}

export type DemoApi = {
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, body: unknown) => Promise<T>;
};

/** The API as the signed-in person: `get("/auth/context")`, `post("/orders", body)`. */
export function demoApi(settings: DemoSettings): DemoApi {
  async function call<T>(path: string, init: RequestInit, retried = false): Promise<T> {
    const tokens = await currentTokens(settings);
    const res = await fetch(`${settings.baseUrl}${path}`, {
      ...init,
      headers: { ...init.headers, accept: ACCEPT, authorization: `Bearer ${tokens.accessToken}` },
    });
    if (res.status === 401 && !retried) {
      // Revoked or expired early (another tab refreshed): one refresh, then the same request again.
      await refresh(settings, loadTokens() ?? tokens);
      return call<T>(path, init, true);
    }
    if (res.status === 401) {
      forgetTokens();
      throw new SessionEnded();
    }
    if (!res.ok) throw await problemOf(res);
    return (await res.json()) as T;
  }
  return {
    get: (path) => call(path, { method: "GET" }),
    post: (path, body) =>
      call(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }),
  };
}
