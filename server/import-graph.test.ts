import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";

/**
 * The house's arrows, checked on the source: the server's modules import one another without circles (a circle
 * means two files that cannot be understood or changed apart), and only `server/http` knows HTTP (ESLint's
 * no-restricted-imports says so per file; this says so for the whole tree, type imports included).
 */
const ROOT = path.resolve("server");
const IMPORT = /^(?:import|export)\s[^;]*?from\s+["'](\.{1,2}\/[^"']+)["']/gm;

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== "generated") sources(full, out);
    else if (entry.isFile() && /\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")) out.push(full);
  }
  return out;
}

function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sources(ROOT)) {
    const text = fs.readFileSync(file, "utf8");
    const targets = [...text.matchAll(IMPORT)].map((m) => path.resolve(path.dirname(file), m[1]!));
    graph.set(file, targets);
  }
  return graph;
}

/** Strongly connected components of more than one module (Tarjan): each is a circle of imports. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(path.relative(ROOT, w));
    } while (w !== v);
    if (component.length > 1) found.push(component.sort());
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe("the server's import graph", () => {
  const graph = importGraph();

  it("has no circles", () => {
    assert.deepEqual(circles(graph), []);
  });

  it("finds a circle where there is one", () => {
    const a = path.join(ROOT, "a.ts");
    const b = path.join(ROOT, "b.ts");
    assert.deepEqual(
      circles(
        new Map([
          [a, [b]],
          [b, [a]],
        ]),
      ),
      [["a.ts", "b.ts"]],
    );
  });

  it("has nothing outside server/http importing from it", () => {
    const http = path.join(ROOT, "http") + path.sep;
    const upward = [...graph]
      .filter(([file, targets]) => !file.startsWith(http) && targets.some((t) => t.startsWith(http)))
      .map(([file]) => path.relative(ROOT, file));
    assert.deepEqual(upward, []);
  });
});
