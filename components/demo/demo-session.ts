/**
 * What the demo integrator keeps in the tab (sessionStorage): the PKCE verifier and state of a sign-in it started,
 * then the tokens it got for them. Like any public OAuth client running in a browser, it keeps no secret.
 */

const PENDING = "tokenrail-demo:pending";
const TOKENS = "tokenrail-demo:tokens";

export type DemoSettings = { clientId: string; redirectUri: string; baseUrl: string };

export type PendingSignIn = { state: string; verifier: string };

export type StoredTokens = {
  accessToken: string;
  refreshToken?: string;
  /** Milliseconds since the epoch after which the access token is refreshed before use. */
  expiresAt: number;
  profile?: string;
};

/** RFC 7636 §4.1: 32 random bytes as base64url, a 43-character verifier (also used for the state). */
function randomToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return base64url(bytes);
}

function base64url(bytes: Uint8Array): string {
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

async function s256(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return base64url(new Uint8Array(digest));
}

/** The `/auth` URL for a new sign-in; its verifier and state are kept for the callback. */
export async function authorizeUrl(settings: DemoSettings): Promise<string> {
  const pending: PendingSignIn = { state: randomToken(), verifier: randomToken() };
  sessionStorage.setItem(PENDING, JSON.stringify(pending));
  const url = new URL(`${settings.baseUrl}/auth`);
  url.search = new URLSearchParams({
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    code_challenge: await s256(pending.verifier),
    code_challenge_method: "S256",
    state: pending.state,
  }).toString();
  return url.toString();
}

/** The sign-in this tab started, taken out of storage (a state is good for one answer only). */
export function takePendingSignIn(): PendingSignIn | undefined {
  const text = sessionStorage.getItem(PENDING);
  sessionStorage.removeItem(PENDING);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PendingSignIn;
  } catch {
    return undefined;
  }
}

export function loadTokens(): StoredTokens | undefined {
  const text = sessionStorage.getItem(TOKENS);
  if (!text) return undefined;
  try {
    return JSON.parse(text) as StoredTokens;
  } catch {
    return undefined;
  }
}

export function saveTokens(tokens: StoredTokens): void {
  sessionStorage.setItem(TOKENS, JSON.stringify(tokens));
}

export function forgetTokens(): void {
  sessionStorage.removeItem(TOKENS);
}
