/**
 * The screens' Content-Security-Policy (C45). Every page response gets a fresh nonce: Next.js puts it on its own
 * scripts when it finds it in the request's `Content-Security-Policy` header, and `'strict-dynamic'` lets those
 * scripts load the page's chunks. No inline script runs without the nonce, no plugin runs at all, and no page can
 * be framed or have its base URL changed. The JSON API, static assets and the session endpoints are not screens.
 */

/** Paths that are not screens: the API (JSON, its own headers), Next's assets, the session endpoints, probes. */
const NOT_SCREENS = [
  /^\/api(\/|$)/,
  /^\/_next\//,
  /^\/web-auth(\/|$)/,
  /^\/livez$/,
  /^\/readyz$/,
  /^\/metrics$/,
  /^\/favicon\.ico$/,
];

/**
 * WalletConnect's relay and the services its client library calls. The policy is the document's for as long as it
 * lives, and the onboarding screens move between each other without reloading: what the WalletConnect page needs is
 * allowed on every onboarding screen of an instance that offers WalletConnect, and nowhere else.
 */
const WALLETCONNECT = [
  "wss://relay.walletconnect.org",
  "wss://relay.walletconnect.com",
  "https://rpc.walletconnect.org",
  "https://verify.walletconnect.org",
  "https://verify.walletconnect.com",
];

/**
 * The consent form posts to /authorize/decision, which redirects the browser to the application's redirect URI;
 * Chromium applies `form-action` to that redirect too. A registered redirect URI is HTTPS, or plain HTTP on a
 * loopback name with any port (server/applications/redirect-uri.ts), so those are what the onboarding screens (the
 * consent screen is reached from the others without a reload) may post towards; every other screen posts only to
 * this site.
 */
const REDIRECT_URI_TARGETS = ["https:", "http://localhost:*", "http://127.0.0.1:*"];

export function isScreen(pathname: string): boolean {
  return !NOT_SCREENS.some((pattern) => pattern.test(pathname));
}

/** 128 random bits, base64: a nonce-source as CSP and Next.js read it. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export type PolicyOptions = {
  /** The origin of the API's base URL, which the pages' scripts call. */
  apiOrigin?: string;
  /** The instance offers WalletConnect on its wallet step. */
  walletConnect?: boolean;
  /** `next dev`, whose fast refresh evaluates code. */
  development?: boolean;
};

/** The policy for the screen at `pathname`, with `nonce` for its scripts. */
export function screenPolicy(pathname: string, nonce: string, options: PolicyOptions = {}): string {
  const onboarding = pathname === "/authorize" || pathname.startsWith("/authorize/");
  const walletConnect = onboarding && options.walletConnect === true;
  const directives: [string, ...string[]][] = [
    ["default-src", "'self'"],
    // `next dev` evaluates modules with eval() for fast refresh; a production build never needs it.
    ["script-src", "'self'", `'nonce-${nonce}'`, "'strict-dynamic'", ...(options.development ? ["'unsafe-eval'"] : [])],
    // React writes `style` attributes (e.g. an application's logo size) into the server-rendered HTML; attributes
    // cannot carry a nonce. Styles cannot run code.
    ["style-src", "'self'", "'unsafe-inline'"],
    // Application logos and QR codes are served by this site or drawn inline; previews may be data: or blob: URLs.
    ["img-src", "'self'", "data:", "blob:"],
    ["font-src", "'self'"],
    // The demo and the developer portal's try-it panel call the API, which may be served from another origin.
    [
      "connect-src",
      "'self'",
      ...(options.apiOrigin ? [options.apiOrigin] : []),
      ...(walletConnect ? WALLETCONNECT : []),
    ],
    ["object-src", "'none'"],
    ["base-uri", "'none'"],
    ["frame-ancestors", "'none'"],
    ["form-action", "'self'", ...(onboarding ? REDIRECT_URI_TARGETS : [])],
  ];
  return directives.map((d) => d.join(" ")).join("; ");
}

/** A fresh nonce and the policy built around it for this request, or undefined when the path is not a screen. */
export function contentSecurity(
  pathname: string,
  options: PolicyOptions = {},
): { nonce: string; policy: string } | undefined {
  if (!isScreen(pathname)) return undefined;
  const nonce = newNonce();
  return { nonce, policy: screenPolicy(pathname, nonce, options) };
}
