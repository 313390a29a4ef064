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
 * The profiler slows what it watches: read the shares and the differences, not the absolute figures. Two processes
 * loaded with one target at once (P10's windows name their instance) are also compared with each other: by kind of
 * code, by source file and by function.
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

type Split = {
  requests: number;
  label: string;
  byKind: Map<Kind, number>;
  functions: Map<string, number>;
  /** Self time by source file (the bundled code's original source, a package, or Node's module). */
  bySource: Map<string, number>;
  /** Self time of every function, whatever its kind: for comparing two processes. */
  allFunctions: Map<string, number>;
};

/** Where a frame's code lives, at the grain of a file: its source, its package, or Node's module. */
function sourceFile(frame: CallFrame): string {
  const source = originalSource(frame.url, frame);
  const where = source ?? frame.url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(where);
  if (pkg) return `package ${pkg[1]}`;
  if (source !== undefined) return source;
  return frame.url || `(${frame.functionName})`;
}

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
      bySource: new Map<string, number>(),
      allFunctions: new Map<string, number>(),
    };
    out.set(window.target, entry);
    const us = profile.timeDeltas[i + 1] ?? 0;
    entry.byKind.set(kind, (entry.byKind.get(kind) ?? 0) + us);
    const frame = frames.get(id)!;
    const name = `${frame.functionName || "(anonymous)"} ${originalPlace(frame.url, frame)}`;
    if (kind === detailed) entry.functions.set(name, (entry.functions.get(name) ?? 0) + us);
    entry.allFunctions.set(name, (entry.allFunctions.get(name) ?? 0) + us);
    const file = sourceFile(frame);
    entry.bySource.set(file, (entry.bySource.get(file) ?? 0) + us);
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

/**
 * Two processes loaded with the same target at the same time (P10's sealed and plain instances): the second's CPU µs
 * per request against the first's, by kind of code, by source file and by function, the largest differences first.
 */
function compare(target: string, processes: [string, Split][]): void {
  const [[nameA, a], [nameB, b]] = processes as [[string, Split], [string, Split]];
  const per = (s: Split, map: Map<string, number>, key: string) => (map.get(key) ?? 0) / s.requests;
  console.log(`\n${target}: ${nameB} against ${nameA}, CPU µs per request`);
  const table = (title: string, mapOf: (s: Split) => Map<string, number>, rows: number) => {
    const keys = new Set([...mapOf(a).keys(), ...mapOf(b).keys()]);
    const lines = [...keys]
      .map((key) => ({ key, va: per(a, mapOf(a), key), vb: per(b, mapOf(b), key) }))
      .sort((x, y) => Math.abs(y.vb - y.va) - Math.abs(x.vb - x.va))
      .slice(0, rows);
    console.log(`\n  ${title}: ${nameA.padStart(10)} ${nameB.padStart(10)} ${"difference".padStart(10)}`);
    for (const { key, va, vb } of lines) {
      console.log(`  ${format(va).padStart(10)} ${format(vb).padStart(10)} ${format(vb - va).padStart(10)}  ${key}`);
    }
  };
  table("by kind of code", (s) => s.byKind, KINDS.length);
  console.log(
    `  ${format(total(a) / a.requests).padStart(10)} ${format(total(b) / b.requests).padStart(10)} ${format(total(b) / b.requests - total(a) / a.requests).padStart(10)}  all`,
  );
  table("by source file (self time)", (s) => s.bySource, 25);
  table("by function (self time)", (s) => s.allFunctions, 30);
  console.log(`  ${nameA}: ${a.requests.toLocaleString("en")} requests; ${nameB}: ${b.requests.toLocaleString("en")}`);
}

/** Adds `from`'s figures to `into` (two threads of one process: their CPU adds up). */
function merge(into: Split | undefined, from: Split): Split {
  if (!into)
    return {
      ...from,
      byKind: new Map(from.byKind),
      bySource: new Map(from.bySource),
      allFunctions: new Map(from.allFunctions),
      functions: new Map(from.functions),
    };
  for (const key of ["byKind", "bySource", "allFunctions", "functions"] as const) {
    const map = into[key] as Map<string, number>;
    for (const [k, v] of from[key] as Map<string, number>) map.set(k, (map.get(k) ?? 0) + v);
  }
  return into;
}

function main(): void {
  const dir = process.argv[2];
  if (!dir) throw new Error("usage: npm run bench:profile -- <dir of a BENCH_CPU_PROF run>");
  const windowFiles = fs.readdirSync(dir).filter((f) => f.endsWith("-windows.json"));
  if (windowFiles.length === 0) throw new Error(`${dir} holds no load windows: run a benchmark with BENCH_CPU_PROF`);
  const windows = windowFiles.flatMap((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as LoadWindow[]);
  // A server started with a name (P10's instances) keeps its threads' profiles in a directory of that name.
  const named = new Set(windows.flatMap((w) => (w.process ? [w.process] : [])));
  const files = fs.readdirSync(dir, { recursive: true, encoding: "utf8" }).filter((f) => f.endsWith(".cpuprofile"));
  const perProcess = new Map<string, Map<string, Split>>();
  for (const file of files) {
    const profile = JSON.parse(fs.readFileSync(path.join(dir, file), "utf8")) as CpuProfile;
    const name = path.dirname(file) === "." ? undefined : path.dirname(file);
    // A window of a named process counts only in that process's profiles; one of no process in every profile.
    const splits = split(
      profile,
      windows.filter((w) => w.process === undefined || w.process === name),
    );
    const threads = [...splits.values()].reduce((sum, s) => sum + total(s), 0);
    // A worker thread with nothing to do under load (a few samples) says nothing.
    if (threads > 0) report(file, splits);
    if (!name || !named.has(name)) continue;
    const merged = perProcess.get(name) ?? new Map<string, Split>();
    for (const [target, s] of splits) merged.set(target, merge(merged.get(target), s));
    // The requests are the process's, not the thread's: counted once.
    for (const [target, s] of splits) merged.get(target)!.requests = s.requests;
    perProcess.set(name, merged);
  }
  const targets = new Set([...perProcess.values()].flatMap((m) => [...m.keys()]));
  for (const target of targets) {
    const processes = [...perProcess.entries()].flatMap(([name, m]) => {
      const s = m.get(target);
      return s ? [[name, s] as [string, Split]] : [];
    });
    if (processes.length !== 2) continue;
    // The plain baseline first when there is one, so the difference is what the other costs more.
    processes.sort(([x], [y]) => Number(!/plain/.test(x)) - Number(!/plain/.test(y)));
    compare(target, processes);
  }
}

main();
