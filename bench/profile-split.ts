import fs from "node:fs";
import { SourceMap } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { LoadWindow } from "./profile.ts";

/**
 * `npm run bench:profile -- <dir>`: where the CPU time of each target went, from what a run with
 * BENCH_CPU_PROF=<dir> left there: each server's .cpuprofile and the benchmark's load windows. Every sample taken
 * while a target was under load is charged to that target and to the code it was in, the bundled code traced back to
 * its source through the build's source maps. Printed per request, by kind of code, one table per server process, with
 * the difference of its two targets (the app: the token endpoint and the trivial GET; the floor app: its POST and GET).
 * The profiler slows what it watches: read the shares and the differences, not the absolute figures.
 */

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

const OWN = "the app's own code";
const KINDS = [
  OWN,
  "Next.js",
  "React",
  "pino (log lines)",
  "zod",
  "database client",
  "other packages",
  "Node: HTTP, sockets",
  "Node: fetch Request/Response, web streams",
  "Node: crypto",
  "Node: promises, async context",
  "Node: other internals",
  "V8: JSON, regexps, native",
  "garbage collection",
] as const;
type Kind = (typeof KINDS)[number];

const root = path.resolve(import.meta.dirname, "..");
const maps = new Map<string, SourceMap | null>();

/** Where a bundled function came from: its source file and line, through its chunk's source map. */
function traced(url: string, frame: CallFrame): { source: string; line: number } | undefined {
  if (!url.startsWith("file://") || !url.includes("/.next/")) return undefined;
  const file = fileURLToPath(url);
  let map = maps.get(file);
  if (map === undefined) {
    try {
      map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, "utf8")) as never);
    } catch {
      map = null;
    }
    maps.set(file, map);
  }
  const entry = map?.findEntry(frame.lineNumber, frame.columnNumber);
  if (!entry || !("originalSource" in entry)) return undefined;
  const source = entry.originalSource.replace(/^[a-z-]+:\/\/\/?/i, "");
  return { source: path.relative(root, path.resolve(path.dirname(file), source)), line: entry.originalLine + 1 };
}

const originalSource = (url: string, frame: CallFrame) => traced(url, frame)?.source;

function originalPlace(url: string, frame: CallFrame): string {
  const place = traced(url, frame);
  return place ? `${place.source}:${place.line}` : url;
}

function kindOf(frame: CallFrame): Kind | undefined {
  const { functionName: fn, url } = frame;
  if (fn === "(idle)" || fn === "(root)") return undefined;
  if (fn === "(garbage collector)") return "garbage collection";
  if (fn === "(program)") return "V8: JSON, regexps, native";
  const source = originalSource(url, frame);
  const where = source ?? url;
  if (/(^|\/)node_modules\//.test(where)) {
    if (/node_modules\/(next|@next)\//.test(where)) return "Next.js";
    if (/node_modules\/(react|react-dom|scheduler)\//.test(where)) return "React";
    if (/node_modules\/(pino|sonic-boom|fast-redact|quick-format-unescaped|pino-std-serializers)\//.test(where))
      return "pino (log lines)";
    if (/node_modules\/zod\//.test(where)) return "zod";
    if (/node_modules\/(@prisma|prisma|@electric-sql|pg|pg-[a-z]+)\//.test(where)) return "database client";
    return "other packages";
  }
  if (/\[turbopack\]_runtime|\.next\//.test(where)) return "Next.js";
  if (source !== undefined) return OWN;
  if (/^node:|^internal\/|^file:/.test(url) || url === "") {
    if (/undici|webstreams|whatwg|abort_controller|event_target|blob/.test(url)) {
      return "Node: fetch Request/Response, web streams";
    }
    if (/crypto/.test(url) || /^(Hmac|Hash|hash|digest|update)$/.test(fn)) return "Node: crypto";
    if (/_http_|node:net|stream_base|node:http|internal\/streams/.test(url)) return "Node: HTTP, sockets";
    if (/async_hooks|task_queues|promise/.test(url)) return "Node: promises, async context";
    if (url === "") return "V8: JSON, regexps, native";
    return "Node: other internals";
  }
  return "other packages";
}

/** `--functions[=<kind>]`: also the costliest functions of one kind (the app's own code unless named). */
const option = process.argv.find((arg) => arg.startsWith("--functions"));
const detailed: Kind | undefined = option
  ? (KINDS.find((kind) => kind.startsWith(option.split("=")[1] ?? OWN)) ?? OWN)
  : undefined;

type Split = { requests: number; label: string; byKind: Map<Kind, number>; functions: Map<string, number> };

/** The µs each target spent, by kind of code, over its load windows in one profile. */
function split(profile: CpuProfile, windows: LoadWindow[]): Map<string, Split> {
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const kinds = new Map<number, Kind | undefined>();
  const out = new Map<string, Split>();
  const sorted = [...windows].sort((a, b) => a.startUs - b.startUs);
  let at = profile.startTime;
  let w = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i] ?? 0;
    while (w < sorted.length && sorted[w]!.endUs < at) w++;
    const window = sorted[w];
    if (!window || window.startUs > at) continue;
    const id = profile.samples[i]!;
    if (!kinds.has(id)) kinds.set(id, kindOf(frames.get(id)!));
    const kind = kinds.get(id);
    if (!kind) continue;
    const entry = out.get(window.target) ?? {
      requests: 0,
      label: window.label,
      byKind: new Map<Kind, number>(),
      functions: new Map<string, number>(),
    };
    out.set(window.target, entry);
    const us = profile.timeDeltas[i + 1] ?? 0;
    entry.byKind.set(kind, (entry.byKind.get(kind) ?? 0) + us);
    if (kind === detailed) {
      const frame = frames.get(id)!;
      const name = `${frame.functionName || "(anonymous)"} ${originalPlace(frame.url, frame)}`;
      entry.functions.set(name, (entry.functions.get(name) ?? 0) + us);
    }
  }
  for (const window of windows) {
    const entry = out.get(window.target);
    if (entry) entry.requests += window.requests;
  }
  return out;
}

function report(file: string, splits: Map<string, Split>): void {
  // A process's own targets cost it a request's work each; another process's windows only its background work.
  const cost = (s: Split) => (s.requests > 0 ? total(s) / s.requests : 0);
  const most = Math.max(0, ...[...splits.values()].map(cost));
  const targets = [...splits.entries()].filter(([, s]) => cost(s) > most / 5);
  if (targets.length === 0) return;
  console.log(`\n${path.basename(file)}: CPU µs per request, by kind of code`);
  const perRequest = (s: Split, kind: Kind) => (s.byKind.get(kind) ?? 0) / s.requests;
  const head = ["", ...targets.map(([name]) => name), ...(targets.length === 2 ? ["difference"] : [])];
  const rows = KINDS.map((kind) => {
    const values = targets.map(([, s]) => perRequest(s, kind));
    return [kind, ...values.map(format), ...(values.length === 2 ? [format(values[1]! - values[0]!)] : [])];
  });
  const totals = targets.map(([, s]) => total(s) / s.requests);
  rows.push(["all", ...totals.map(format), ...(totals.length === 2 ? [format(totals[1]! - totals[0]!)] : [])]);
  const widths = head.map((_, c) => Math.max(...[head, ...rows].map((row) => row[c]!.length)));
  for (const row of [head, ...rows]) {
    console.log(row.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join("  "));
  }
  for (const [name, s] of targets) {
    console.log(`  ${name}: ${s.label.trim()}, ${s.requests.toLocaleString("en")} requests`);
  }
  if (!detailed) return;
  for (const [name, s] of targets) {
    console.log(`\n  ${name}: the functions of ${detailed}, CPU µs per request (self time)`);
    const top = [...s.functions.entries()].sort((a, b) => b[1] - a[1]).slice(0, 15);
    for (const [fn, us] of top) console.log(`  ${format(us / s.requests).padStart(8)}  ${fn}`);
  }
}

const total = (s: Split) => [...s.byKind.values()].reduce((sum, v) => sum + v, 0);
const format = (us: number) => us.toFixed(1);

function main(): void {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: npm run bench:profile -- <dir of a BENCH_CPU_PROF run>");
  const windowFiles = fs.readdirSync(dir).filter((f) => f.endsWith("-windows.json"));
  if (windowFiles.length === 0) throw new Error(`${dir} holds no load windows: run a benchmark with BENCH_CPU_PROF`);
  const windows = windowFiles.flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as LoadWindow[]);
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".cpuprofile"))) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
    report(file, split(profile, windows));
  }
}

main();
