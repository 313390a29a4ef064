import type { AuthorizationOutcome } from "../oauth/authorization-outcome.ts";
import { jsonResponse } from "./respond.ts";
import { STATUS } from "./status-table.ts";

/** Pages and redirects of the OAuth endpoints may never be framed (clickjacking, RFC 9700 §4.16). */
export const NO_FRAMING = {
  "content-security-policy": "frame-ancestors 'none'",
  "x-frame-options": "DENY",
  "cache-control": "no-store",
  "referrer-policy": "no-referrer",
} as const;

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A client that asks for JSON and not for a page: a program calling the endpoint, not a person's browser. */
function wantsJson(accept: string | null): boolean {
  return accept !== null && /json/i.test(accept) && !/text\/html/i.test(accept);
}

/**
 * Turns an OAuth step's outcome into the browser's response. An error is a page for people; a program that asked
 * for JSON gets the spec's error body instead.
 */
export function browserResponse(outcome: AuthorizationOutcome, accept: string | null = null): Response {
  if (outcome.kind === "redirect") {
    return new Response(null, { status: outcome.status, headers: { location: outcome.location, ...NO_FRAMING } });
  }
  if (wantsJson(accept)) {
    const reason = Object.values(STATUS).find((entry) => entry.status === outcome.status)?.reason ?? "Bad Request";
    return jsonResponse(outcome.status, { code: outcome.status, status: reason, message: outcome.message }, NO_FRAMING);
  }
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(outcome.title)} · Tokenrail</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem;color:#14213d}
.box{border:1px solid #f0c2c2;background:#fff6f6;border-radius:10px;padding:1rem 1.25rem}</style></head>
<body><main><h1>${escapeHtml(outcome.title)}</h1><div class="box" role="alert"><p>${escapeHtml(outcome.message)}</p></div>
<p>Go back to the application you came from and try again. If this keeps happening, tell its developers: the link
they sent you here with is not valid.</p></main></body></html>`;
  return new Response(html, {
    status: outcome.status,
    headers: { "content-type": "text/html; charset=utf-8", ...NO_FRAMING },
  });
}

/** What a post from another site is told, wherever it is refused. */
export const CROSS_SITE_MESSAGE = "This form can only be sent from Tokenrail's own pages.";

/**
 * Whether a request comes from another site: a foreign `Origin` (`null` included, as sandboxed frames send it), or a
 * browser's report that it is cross-site. A request with neither is a program's, not a browser's on someone's behalf.
 */
export function isCrossSite(origin: string | null, fetchSite: string | null, appUrl: string): boolean {
  return (origin !== null && origin !== new URL(appUrl).origin) || fetchSite === "cross-site";
}

/**
 * State-changing form posts must come from our own pages (C16): a foreign `Origin`, or a browser's report that the
 * request is cross-site, is refused before anything is read.
 */
export function crossSiteRefusal(req: Request, appUrl: string): AuthorizationOutcome | undefined {
  if (isCrossSite(req.headers.get("origin"), req.headers.get("sec-fetch-site"), appUrl)) {
    return { kind: "error-page", status: 403, title: "Request refused", message: CROSS_SITE_MESSAGE };
  }
  return undefined;
}
