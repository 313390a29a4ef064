/**
 * The "try it" panel's flow, run in the browser as an integrator's public client would: a PKCE pair and a state
 * (kept in this tab's sessionStorage), the authorization URL, and reading the address the person was sent back to.
 */

export type Attempt = { redirectUri: string; state: string; verifier: string; url: string };

function base64url(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
}

function random(length: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(length)));
}

/** RFC 7636: a 43-character verifier and its S256 challenge. */
export async function pkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = random(32);
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(verifier));
  return { verifier, challenge: base64url(new Uint8Array(digest)) };
}

export async function startAttempt(options: {
  apiBase: string;
  clientId: string;
  redirectUri: string;
  extra: Record<string, string>;
}): Promise<Attempt> {
  const { verifier, challenge } = await pkcePair();
  const state = random(16);
  const url = new URL(`${options.apiBase}/auth`, window.location.href);
  url.search = new URLSearchParams({
    client_id: options.clientId,
    redirect_uri: options.redirectUri,
    response_type: "code",
    code_challenge: challenge,
    code_challenge_method: "S256",
    state,
    ...options.extra,
  }).toString();
  return { redirectUri: options.redirectUri, state, verifier, url: url.toString() };
}

const key = (applicationId: string) => `tokenrail.try-it.${applicationId}`;

export function saveAttempt(applicationId: string, attempt: Attempt | undefined): void {
  if (attempt) sessionStorage.setItem(key(applicationId), JSON.stringify(attempt));
  else sessionStorage.removeItem(key(applicationId));
}

/** The stored attempt as text (stable between reads, as React's external-store snapshots must be). */
export function storedAttempt(applicationId: string): string | null {
  return sessionStorage.getItem(key(applicationId));
}

export function parseAttempt(stored: string | null): Attempt | undefined {
  try {
    const value = JSON.parse(stored ?? "null") as Attempt | null;
    return value && typeof value.state === "string" && typeof value.verifier === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

export type CallbackReading =
  | { kind: "code"; code: string }
  | { kind: "not-url" | "wrong-redirect" | "state" | "access-denied" | "no-code" }
  | { kind: "error"; error: string; description: string };

/** What the address the person was sent back to says, checked against the attempt this tab started. */
export function readCallback(pasted: string, attempt: Attempt): CallbackReading {
  let url: URL;
  try {
    url = new URL(pasted.trim());
  } catch {
    return { kind: "not-url" };
  }
  const expected = new URL(attempt.redirectUri);
  if (url.origin !== expected.origin || url.pathname !== expected.pathname) return { kind: "wrong-redirect" };
  const q = url.searchParams;
  if (q.get("state") !== attempt.state) return { kind: "state" };
  const error = q.get("error");
  if (error === "access_denied") return { kind: "access-denied" };
  if (error) return { kind: "error", error, description: q.get("error_description") ?? "" };
  const code = q.get("code");
  return code ? { kind: "code", code } : { kind: "no-code" };
}

/** Enough of a token to recognise it, not enough to use it. */
export function mask(token: string): string {
  return token.length <= 12 ? "•".repeat(token.length) : `${token.slice(0, 6)}…${token.slice(-4)}`;
}
