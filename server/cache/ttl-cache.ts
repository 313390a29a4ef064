/**
 * A small in-process cache with a time limit per entry, a size bound (oldest out first) and tags for eviction.
 * Used on the hot path of authenticated requests: an embedded database query costs more than the whole framework
 * does per request, so a token's caller and context are kept for a few seconds. Whatever changes them evicts by tag.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: V; until: number; tags: readonly string[] }>();

  constructor(private readonly maxEntries: number) {}

  get(key: string, now: number): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= now) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: string, value: V, until: number, tags: readonly string[] = []): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until, tags });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** Drops every entry carrying any of `tags` (e.g. `token:<id>`, `user:<id>`, `profile:<id>`). */
  evict(tags: readonly string[]): void {
    for (const [key, entry] of this.entries) {
      if (entry.tags.some((tag) => tags.includes(tag))) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}
