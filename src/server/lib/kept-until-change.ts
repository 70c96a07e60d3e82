/**
 * Values loaded once and kept until they are forgotten (a change was announced) or `ttlMs` has passed: the
 * pages' heads, the feeds and the sitemap. Concurrent asks share one load; a failed load is not kept; at
 * most `max` keys are kept (beyond, all are dropped: a crawler walking every id must not grow it for ever).
 * A load under way when a change is announced still answers its callers but is no longer kept.
 * `keepAtLeastMs` bounds the loads a stream of changes can cause: a value younger than that outlives a
 * change until it is that old (a page's first paint under a storm of votes: one render per path at most
 * that often, the browser catching up by itself).
 */
export class KeptUntilChange<K, V> {
  private readonly entries = new Map<K, { loaded: number; expires: number; value: Promise<V> }>();

  constructor(
    private readonly load: (key: K) => Promise<V>,
    private readonly options: { ttlMs?: number; max?: number; keepAtLeastMs?: number } = {},
  ) {}

  get(key: K): Promise<V> {
    const hit = this.entries.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    if (this.entries.size >= (this.options.max ?? Number.POSITIVE_INFINITY)) this.entries.clear();
    const entry = {
      loaded: Date.now(),
      expires: Date.now() + (this.options.ttlMs ?? Number.POSITIVE_INFINITY),
      value: this.load(key),
    };
    this.entries.set(key, entry);
    entry.value.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return entry.value;
  }

  forget(): void {
    const now = Date.now();
    const keep = this.options.keepAtLeastMs ?? 0;
    for (const [key, entry] of this.entries) {
      const until = entry.loaded + keep;
      if (until <= now) this.entries.delete(key);
      else entry.expires = Math.min(entry.expires, until);
    }
  }
}
