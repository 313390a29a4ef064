import fs from "node:fs";
import path from "node:path";
import vm from "node:vm";
import { gzipSync } from "node:zlib";
import { printTable } from "./report.ts";
import { machine, writeResult, type BenchContext } from "./settings.ts";

/**
 * Benchmark P6: the JavaScript a first visit of an onboarding step downloads, gzip bytes, from the production build.
 *   baseline  /                    the home page: the framework and the root layout, next to nothing of our own,
 *   account   /authorize/account   the sign-up step (forms, and a "Sign in with Ethereum" button that loads the wallet
 *                                  libraries only when pressed),
 *   wallet    /authorize/wallet    the wallet step, the one screen that loads wagmi and viem with the page.
 *
 * How a route's first-load JS is found: Next writes the `<script>` tags of a page from two manifests of the build,
 * `.next/build-manifest.json` (`rootMainFiles`: the runtime every page boots with) and the route's
 * `page_client-reference-manifest.js` (`entryJSFiles`: the chunks of its root layout, group layouts and page). The
 * union of the two is what the HTML asks for; the `nomodule` polyfills (not fetched by browsers that run modules) and
 * chunks loaded later on demand (`next/dynamic`, like the account step's wallet sign-in) are not part of it. Checked
 * against a served page: the `<script src>` chunks of `/` are exactly these. Each chunk is gzipped (zlib level 6, as a
 * server would send it) and the sizes summed. Wallet code is recognised by strings only wagmi, its EIP-6963 discovery
 * (mipd) and viem carry; the markers must be found in the wallet step's chunks, or the check proves nothing.
 */

type RouteName = "baseline" | "account" | "wallet";

const ROUTES: Record<RouteName, { path: string; entry: string }> = {
  baseline: { path: "/", entry: "page" },
  account: { path: "/authorize/account", entry: "(onboarding)/authorize/account/page" },
  wallet: { path: "/authorize/wallet", entry: "(onboarding)/authorize/wallet/page" },
};

const WALLET_MARKERS = ["@wagmi/core", "eip6963:requestProvider", "viem@"];

/** The sign-up step may weigh this much more than the baseline: its forms (react-hook-form, zod) and nothing heavy. */
export const ACCOUNT_OVER_BASELINE_MAX = 1.5;
/** The wallet step, with wagmi and viem, may weigh up to twice the baseline. */
export const WALLET_OVER_BASELINE_MAX = 2;

type Chunk = { file: string; bytes: number; gzip: number; markers: string[] };
type RouteLoad = { path: string; chunks: Chunk[]; bytes: number; gzip: number; markers: string[] };

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

function measureRoute(root: string, rootMainFiles: string[], route: { path: string; entry: string }): RouteLoad {
  const files = new Set([...rootMainFiles, ...Object.values(clientManifest(root, route.entry).entryJSFiles).flat()]);
  const chunks = [...files].map((file): Chunk => {
    const body = fs.readFileSync(path.join(root, ".next", file));
    const text = body.toString("utf8");
    return {
      file,
      bytes: body.length,
      gzip: gzipSync(body).length,
      markers: WALLET_MARKERS.filter((m) => text.includes(m)),
    };
  });
  return {
    path: route.path,
    chunks,
    bytes: chunks.reduce((sum, c) => sum + c.bytes, 0),
    gzip: chunks.reduce((sum, c) => sum + c.gzip, 0),
    markers: [...new Set(chunks.flatMap((c) => c.markers))],
  };
}

/** Reads the build only: no server, so nothing to wait for; a promise to fit beside the other benchmarks. */
export function runP6(context: BenchContext): Promise<void> {
  console.log("\nP6: first-load JS of the onboarding steps, from the build's manifests, gzip bytes");
  const buildManifest = JSON.parse(fs.readFileSync(path.join(context.root, ".next/build-manifest.json"), "utf8")) as {
    rootMainFiles: string[];
  };
  const loads = Object.fromEntries(
    (Object.keys(ROUTES) as RouteName[]).map((name) => [
      name,
      measureRoute(context.root, buildManifest.rootMainFiles, ROUTES[name]),
    ]),
  ) as Record<RouteName, RouteLoad>;
  const { baseline, account, wallet } = loads;
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  printTable(
    ["route", "chunks", "raw", "gzip", "× baseline", "wallet markers"],
    (Object.keys(loads) as RouteName[]).map((name) => [
      `${name.padEnd(8)} ${loads[name].path}`,
      String(loads[name].chunks.length),
      kb(loads[name].bytes),
      kb(loads[name].gzip),
      (loads[name].gzip / baseline.gzip).toFixed(2),
      loads[name].markers.join(", ") || "none",
    ]),
  );
  const walletOnly = wallet.chunks.filter((c) => !account.chunks.some((a) => a.file === c.file));
  console.log(
    `\nwallet-step chunks not on the sign-up step: ${walletOnly.length}, ${kb(walletOnly.reduce((s, c) => s + c.gzip, 0))} gzip`,
  );

  const ratios = {
    walletOverAccount: wallet.gzip / account.gzip,
    accountOverBaseline: account.gzip / baseline.gzip,
    walletOverBaseline: wallet.gzip / baseline.gzip,
  };
  const markersFound = WALLET_MARKERS.every((m) => wallet.markers.includes(m));
  const checks = {
    markersFoundOnWalletStep: markersFound,
    noWalletCodeOnAccountStep: account.markers.length === 0,
    accountWithinBudget: ratios.accountOverBaseline <= ACCOUNT_OVER_BASELINE_MAX,
    walletWithinBudget: ratios.walletOverBaseline <= WALLET_OVER_BASELINE_MAX,
  };
  console.log(`wallet ÷ account  = ${ratios.walletOverAccount.toFixed(3)}`);
  console.log(
    `account ÷ baseline = ${ratios.accountOverBaseline.toFixed(3)}   (target ≤ ${ACCOUNT_OVER_BASELINE_MAX})`,
  );
  console.log(`wallet ÷ baseline  = ${ratios.walletOverBaseline.toFixed(3)}   (target ≤ ${WALLET_OVER_BASELINE_MAX})`);
  const valid = markersFound;
  const pass = valid && checks.noWalletCodeOnAccountStep && checks.accountWithinBudget && checks.walletWithinBudget;
  const outcome = !valid
    ? `INVALID — the wallet step's chunks do not carry every marker (${WALLET_MARKERS.join(", ")}): the wagmi check proves nothing`
    : pass
      ? `PASS — no wallet code on the sign-up step; account ${ratios.accountOverBaseline.toFixed(2)} ≤ ${ACCOUNT_OVER_BASELINE_MAX} and wallet ${ratios.walletOverBaseline.toFixed(2)} ≤ ${WALLET_OVER_BASELINE_MAX} × baseline`
      : `FAIL — ${Object.entries(checks)
          .filter(([, ok]) => !ok)
          .map(([name]) => name)
          .join(", ")}`;
  console.log(`\nP6 verdict: ${outcome}\n`);
  writeResult("p6", {
    machine: machine(context.loadBefore),
    method: "rootMainFiles (build-manifest.json) ∪ entryJSFiles (page_client-reference-manifest.js), gzip level 6",
    routes: Object.fromEntries(
      (Object.keys(loads) as RouteName[]).map((name) => [
        name,
        { ...loads[name], chunks: loads[name].chunks.map(({ file, gzip, markers }) => ({ file, gzip, markers })) },
      ]),
    ),
    ratios,
    target: { accountOverBaseline: ACCOUNT_OVER_BASELINE_MAX, walletOverBaseline: WALLET_OVER_BASELINE_MAX },
    checks,
    valid,
    pass,
  });
  return Promise.resolve();
}
