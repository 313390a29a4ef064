/** One recorded value that an action changed, by its dotted path (`details`, `verifications.idDocument`). */
export type Change = { path: string; before?: string; after?: string };

/**
 * What an audit entry's before and after differ in, leaf by leaf. Lists of `{kind, …}` are keyed by kind (a
 * verification is named, not numbered); `{kind, state}` pairs read as their state.
 */
export function diffRecords(before: unknown, after: unknown): Change[] {
  const a = flatten(before);
  const b = flatten(after);
  const paths = [...new Set([...a.keys(), ...b.keys()])];
  return paths
    .filter((path) => a.get(path) !== b.get(path))
    .map((path) => ({ path, before: a.get(path), after: b.get(path) }));
}

export function flatten(value: unknown, prefix = "", into = new Map<string, string>()): Map<string, string> {
  if (value === null || value === undefined) {
    if (prefix) into.set(prefix, String(value));
    return into;
  }
  if (Array.isArray(value)) {
    if (value.length === 0 && prefix) into.set(prefix, "[]");
    value.forEach((item, i) => {
      const named = isNamed(item) ? item.kind : String(i);
      const key = join(prefix, named);
      if (isNamed(item) && Object.keys(item).length === 2 && "state" in item) flatten(item.state, key, into);
      else flatten(item, key, into);
    });
    return into;
  }
  if (typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) flatten(inner, join(prefix, key), into);
    return into;
  }
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
    into.set(prefix || "value", String(value));
  }
  return into;
}

function isNamed(item: unknown): item is { kind: string } & Record<string, unknown> {
  return typeof item === "object" && item !== null && typeof (item as { kind?: unknown }).kind === "string";
}

function join(prefix: string, key: string): string {
  return prefix ? `${prefix}.${key}` : key;
}
