import { createHash, randomBytes, randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { benchDatabase } from "./database.ts";
import { freePort, waitForOk } from "./net.ts";
import { startServer, stopServer } from "./processes.ts";
import { printTable } from "./report.ts";
import { machine, writeResult, type BenchContext } from "./settings.ts";
import { nextBin, serverEnv } from "./targets.ts";

/**
 * Benchmark P6: the JavaScript a first visit of an onboarding step downloads, gzip bytes, from the production build.
 *   baseline  /                    the home page: the framework and the root layout, next to nothing of our own,
 *   account   /authorize/account   the sign-up step (its form, and a "Sign in with Ethereum" button that loads the
 *                                  wallet libraries only when pressed),
 *   wallet    /authorize/wallet    the wallet step, the one screen that loads wagmi and viem with the page.
 *
 * How a route's first-load JS is found, two ways, and the union counted:
 *  - the build's manifests: Next writes the `<script>` tags of a page from `.next/build-manifest.json`
 *    (`rootMainFiles`: the runtime every page boots with, `instrumentation-client.ts` included) and the route's
 *    `page_client-reference-manifest.js` (`entryJSFiles`: the chunks of its root layout, group layouts and page);
 *  - the HTML a server sends: `next start` of the same build serves `/` and a real sign-up step (an authorization
 *    request of the demo application, redirects followed), and every chunk the HTML names anywhere is taken (script
 *    tags, preload links, the inline payload React hydrates from). The one exception is a `nomodule` script (the
 *    polyfills), which browsers that run modules do not fetch. The wallet step needs a signed-in person part-way
 *    through an onboarding, so it is read from the manifests alone.
 * A chunk one side names and the other does not is counted all the same, and printed: the figure can only be too
 * high, never too low. Chunks loaded later on demand (`next/dynamic`, `import()`, like the sign-up step's wallet
 * sign-in) are not part of a first load. Each chunk is gzipped (zlib level 6, as a server would send it) and the sizes
 * summed. Wallet code is recognised by strings only wagmi, its EIP-6963 discovery (mipd) and viem carry; the markers
 * must be found in the wallet step's chunks, or the check proves nothing.
 *
 * The server only renders pages here, so the database does not change the figures; it runs on the embedded
 * database, or with DATABASE_URL set on a scratch database of that PostgreSQL server, as P3 and P4 do.
 */

type RouteName = "baseline" | "account" | "wallet";

const ROUTES: Record<RouteName, { path: string; entry: string; served: boolean }> = {
  baseline: { path: "/", entry: "page", served: true },
  account: { path: "/authorize/account", entry: "(onboarding)/authorize/account/page", served: true },
  wallet: { path: "/authorize/wallet", entry: "(onboarding)/authorize/wallet/page", served: false },
};

const WALLET_MARKERS = ["@wagmi/core", "eip6963:requestProvider", "viem@"];

/** Issue 16: the sign-up step's first load, gzip bytes, at most (it was 182.6 KB). */
export const ACCOUNT_MAX_GZIP = 150 * 1024;
/**
 * Issue 16: the home page's first load before the work on it, gzip bytes (166.2 KB, commit 259eb88; another build of
 * that commit measured 170,514 with its served HTML naming exactly the manifests' chunks). It must now be lighter.
 */
export const BASELINE_BEFORE_GZIP = 170_179;
/** The sign-up step may weigh this much more than the baseline: its forms and nothing heavy. */
export const ACCOUNT_OVER_BASELINE_MAX = 1.5;
/** The wallet step, with wagmi and viem, may weigh up to twice the baseline. */
export const WALLET_OVER_BASELINE_MAX = 2;

/** The demo application's redirect URI for the authorization-code flow (server/instance/demo-credentials.ts). */
const DEMO_REDIRECT = "http://localhost:5173/callback";

type Chunk = { file: string; bytes: number; gzip: number; markers: string[]; from: "both" | "manifests" | "html" };
type RouteLoad = {
  path: string;
  chunks: Chunk[];
  bytes: number;
  gzip: number;
  markers: string[];
  /** What the served HTML asked for, when it was fetched. */
  html?: { url: string; chunks: string[]; nomodule: string[]; onlyInHtml: string[]; onlyInManifests: string[] };
};

function clientManifest(root: string, entry: string): { entryJSFiles: Record<string, string[]> } {
  const file = path.join(root, ".next/server/app", `${entry}_client-reference-manifest.js`);
  // The manifest is a script that assigns to `globalThis.__RSC_MANIFEST[route]`; run it in a sandbox of its own.
  const sandbox: { globalThis?: unknown; self?: unknown; __RSC_MANIFEST?: Record<string, unknown> } = {};
  sandbox.globalThis = sandbox;
  sandbox.self = sandbox;
  vm.runInNewContext(fs.readFileSync(file, "utf8"), sandbox);
  const manifest = Object.values(sandbox.__RSC_MANIFEST ?? {})[0] as { entryJSFiles?: Record<string, string[]> };
  if (!manifest?.entryJSFiles) throw new Error(`${file} lists no entry chunks: was the build made by Turbopack?`);
  return { entryJSFiles: manifest.entryJSFiles };
}

/** Every JavaScript file of the build the HTML names (as `static/…`, without query), and those only `nomodule` loads. */
export function chunksInHtml(html: string): { chunks: string[]; nomodule: string[] } {
  const named = (text: string) =>
    [...text.matchAll(/static\/[\w\-./~%]+?\.js(?=[?"'\\\s)]|$)/g)].map((m) => decodeURIComponent(m[0]));
  const nomodule = new Set([...html.matchAll(/<script\b[^>]*\bnomodule\b[^>]*>/gi)].flatMap((m) => named(m[0])));
  // A file named once in a nomodule tag and nowhere else is not fetched by a module browser.
  const count = new Map<string, number>();
  for (const file of named(html)) count.set(file, (count.get(file) ?? 0) + 1);
  const fetched = [...count].filter(([file, n]) => !nomodule.has(file) || n > 1).map(([file]) => file);
  return { chunks: fetched.sort(), nomodule: [...nomodule].sort() };
}

function measure(root: string, files: Map<string, Chunk["from"]>): Chunk[] {
  return [...files].map(([file, from]): Chunk => {
    const body = fs.readFileSync(path.join(root, ".next", file));
    const text = body.toString("utf8");
    return {
      file,
      bytes: body.length,
      gzip: gzipSync(body).length,
      markers: WALLET_MARKERS.filter((m) => text.includes(m)),
      from,
    };
  });
}

function measureRoute(root: string, rootMainFiles: string[], name: RouteName, html?: string, url?: string): RouteLoad {
  const route = ROUTES[name];
  const fromManifests = new Set([
    ...rootMainFiles,
    ...Object.values(clientManifest(root, route.entry).entryJSFiles).flat(),
  ]);
  const served = html === undefined ? undefined : chunksInHtml(html);
  const files = new Map<string, Chunk["from"]>();
  for (const file of fromManifests) files.set(file, served && !served.chunks.includes(file) ? "manifests" : "both");
  for (const file of served?.chunks ?? []) if (!fromManifests.has(file)) files.set(file, "html");
  const chunks = measure(root, files);
  return {
    path: route.path,
    chunks,
    bytes: chunks.reduce((sum, c) => sum + c.bytes, 0),
    gzip: chunks.reduce((sum, c) => sum + c.gzip, 0),
    markers: [...new Set(chunks.flatMap((c) => c.markers))],
    html:
      served && url
        ? {
            url,
            ...served,
            onlyInHtml: chunks.filter((c) => c.from === "html").map((c) => c.file),
            onlyInManifests: chunks.filter((c) => c.from === "manifests").map((c) => c.file),
          }
        : undefined,
  };
}

/** Follows redirects by hand, keeping cookies, until a page answers 200; returns its final URL and HTML. */
async function fetchPage(start: string): Promise<{ url: string; html: string }> {
  const cookies = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 10; hop++) {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const response = await fetch(url, { redirect: "manual", headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ""] = line.split(";");
      const at = pair.indexOf("=");
      if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    const location = response.headers.get("location");
    if (response.status >= 300 && response.status < 400 && location) {
      url = new URL(location, url).toString();
      continue;
    }
    if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
    return { url, html: await response.text() };
  }
  throw new Error(`GET ${start}: more than 10 redirects`);
}

/** `next start` of the build, serving the home page and a sign-up step reached by the demo application's request. */
async function servedPages(
  context: BenchContext,
): Promise<{ label: string; pages: Partial<Record<RouteName, { url: string; html: string }>> }> {
  const database = await benchDatabase(path.join(context.temp, "p6-data"), "p6");
  if (database.kind === "postgres") context.atEnd(database.drop);
  const demo = { clientId: randomUUID(), clientSecret: randomBytes(24).toString("base64url") };
  const codeClientId = randomUUID();
  const port = await freePort();
  const log = path.join(context.temp, "p6.log");
  const child = startServer(process.execPath, [nextBin(context.root), "start", "-p", String(port)], {
    cwd: context.root,
    env: {
      ...serverEnv(context.temp, "p6", port, demo),
      TOKENRAIL_DEMO_CODE_CLIENT_ID: codeClientId,
      ...(database.kind === "postgres" ? { DATABASE_URL: database.url } : {}),
    },
    log,
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitForOk(`${base}/livez`, child, log, 180_000);
    const verifier = randomBytes(32).toString("base64url");
    const authorize = new URL(`${base}/api/auth`);
    authorize.search = new URLSearchParams({
      client_id: codeClientId,
      redirect_uri: DEMO_REDIRECT,
      code_challenge: createHash("sha256").update(verifier).digest("base64url"),
      code_challenge_method: "S256",
      state: "p6",
    }).toString();
    const account = await fetchPage(authorize.toString());
    if (new URL(account.url).pathname !== ROUTES.account.path) {
      throw new Error(`the authorization request led to ${account.url}, not to the sign-up step`);
    }
    return { label: database.label, pages: { baseline: await fetchPage(`${base}/`), account } };
  } finally {
    await stopServer(child);
  }
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function runP6(context: BenchContext): Promise<void> {
  console.log("\nP6: first-load JS of the onboarding steps, gzip bytes: the build's manifests and the served HTML");
  const buildManifest = JSON.parse(fs.readFileSync(path.join(context.root, ".next/build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
  };
  const served = await servedPages(context);
  console.log(`Served by next start on ${served.label}`);
  const loads = Object.fromEntries(
    (Object.keys(ROUTES) as RouteName[]).map((name) => {
      const page = served.pages[name];
      return [name, measureRoute(context.root, buildManifest.rootMainFiles, name, page?.html, page?.url)];
    }),
  ) as Record<RouteName, RouteLoad>;
  const { baseline, account, wallet } = loads;
  printTable(
    ["route", "chunks", "raw", "gzip", "× baseline", "served HTML", "wallet markers"],
    (Object.keys(loads) as RouteName[]).map((name) => {
      const load = loads[name];
      const html = load.html;
      return [
        `${name.padEnd(8)} ${load.path}`,
        String(load.chunks.length),
        kb(load.bytes),
        kb(load.gzip),
        (load.gzip / baseline.gzip).toFixed(2),
        html
          ? `${html.chunks.length} chunks, +${html.onlyInHtml.length} / -${html.onlyInManifests.length}`
          : "not fetched",
        load.markers.join(", ") || "none",
      ];
    }),
  );
  console.log("(served HTML: +n chunks it names that the manifests do not, -n the other way; all are counted)");
  for (const load of Object.values(loads)) {
    for (const file of load.html?.onlyInHtml ?? []) console.log(`  ${load.path}: the HTML also asks for ${file}`);
    for (const file of load.html?.onlyInManifests ?? []) console.log(`  ${load.path}: the HTML does not name ${file}`);
  }
  const walletOnly = wallet.chunks.filter((c) => !account.chunks.some((a) => a.file === c.file));
  console.log(
    `\nwallet-step chunks not on the sign-up step: ${walletOnly.length}, ${kb(walletOnly.reduce((s, c) => s + c.gzip, 0))} gzip`,
  );

  const ratios = {
    walletOverAccount: wallet.gzip / account.gzip,
    accountOverBaseline: account.gzip / baseline.gzip,
    walletOverBaseline: wallet.gzip / baseline.gzip,
    baselineOverBefore: baseline.gzip / BASELINE_BEFORE_GZIP,
  };
  const markersFound = WALLET_MARKERS.every((m) => wallet.markers.includes(m));
  const htmlRead = baseline.html !== undefined && account.html !== undefined;
  const checks = {
    markersFoundOnWalletStep: markersFound,
    noWalletCodeOnAccountStep: account.markers.length === 0,
    accountWithinBytes: account.gzip <= ACCOUNT_MAX_GZIP,
    baselineLighterThanBefore: baseline.gzip < BASELINE_BEFORE_GZIP,
    accountWithinBudget: ratios.accountOverBaseline <= ACCOUNT_OVER_BASELINE_MAX,
    walletWithinBudget: ratios.walletOverBaseline <= WALLET_OVER_BASELINE_MAX,
  };
  console.log(`sign-up step       = ${kb(account.gzip)}   (target ≤ ${kb(ACCOUNT_MAX_GZIP)}; was 182.6 KB)`);
  console.log(
    `home page          = ${kb(baseline.gzip)}   (target < ${kb(BASELINE_BEFORE_GZIP)}, its figure before: ${ratios.baselineOverBefore.toFixed(3)} of it)`,
  );
  console.log(`wallet ÷ account   = ${ratios.walletOverAccount.toFixed(3)}`);
  console.log(
    `account ÷ baseline = ${ratios.accountOverBaseline.toFixed(3)}   (target ≤ ${ACCOUNT_OVER_BASELINE_MAX})`,
  );
  console.log(`wallet ÷ baseline  = ${ratios.walletOverBaseline.toFixed(3)}   (target ≤ ${WALLET_OVER_BASELINE_MAX})`);
  const valid = markersFound && htmlRead;
  const pass = valid && Object.values(checks).every(Boolean);
  const outcome = !markersFound
    ? `INVALID — the wallet step's chunks do not carry every marker (${WALLET_MARKERS.join(", ")}): the wagmi check proves nothing`
    : !htmlRead
      ? "INVALID — the served HTML of the home page or the sign-up step was not read"
      : pass
        ? `PASS — sign-up step ${kb(account.gzip)} ≤ ${kb(ACCOUNT_MAX_GZIP)} with no wallet code; home page ${kb(baseline.gzip)} < ${kb(BASELINE_BEFORE_GZIP)}; account ${ratios.accountOverBaseline.toFixed(2)} ≤ ${ACCOUNT_OVER_BASELINE_MAX} and wallet ${ratios.walletOverBaseline.toFixed(2)} ≤ ${WALLET_OVER_BASELINE_MAX} × baseline`
        : `FAIL — ${Object.entries(checks)
            .filter(([, ok]) => !ok)
            .map(([name]) => name)
            .join(", ")}`;
  console.log(`\nP6 verdict: ${outcome}\n`);
  writeResult("p6", {
    machine: machine(context.loadBefore),
    method:
      "rootMainFiles (build-manifest.json) ∪ entryJSFiles (page_client-reference-manifest.js) ∪ every build chunk the served HTML names (nomodule-only excluded), gzip level 6",
    database: served.label,
    routes: Object.fromEntries(
      (Object.keys(loads) as RouteName[]).map((name) => [
        name,
        {
          ...loads[name],
          chunks: loads[name].chunks.map(({ file, gzip, markers, from }) => ({ file, gzip, markers, from })),
        },
      ]),
    ),
    ratios,
    target: {
      accountMaxGzip: ACCOUNT_MAX_GZIP,
      baselineBeforeGzip: BASELINE_BEFORE_GZIP,
      accountOverBaseline: ACCOUNT_OVER_BASELINE_MAX,
      walletOverBaseline: WALLET_OVER_BASELINE_MAX,
    },
    checks,
    valid,
    pass,
  });
}
