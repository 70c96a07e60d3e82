/**
 * Values loaded once and kept until they are forgotten (a change was announced) or `ttlMs` has passed: the
 * pages' heads, the feeds and the sitemap. Concurrent asks share one load; a failed load is not kept; at
 * most `max` keys are kept, the least recently used dropped first (a crawler walking every id must not grow
 * it for ever, nor push out the busy ones). A load under way when a change is announced still answers its
 * callers but is no longer kept.
 */
export class KeptUntilChange<K, V> {
  private readonly entries = new Map<K, { expires: number; value: Promise<V> }>();

  constructor(
    private readonly load: (key: K) => Promise<V>,
    private readonly options: { ttlMs?: number; max?: number } = {},
  ) {}

  get(key: K): Promise<V> {
    const hit = this.entries.get(key);
    this.entries.delete(key);
    if (hit && hit.expires > Date.now()) {
      this.entries.set(key, hit); // the Map's order is the use order
      return hit.value;
    }
    if (this.entries.size >= (this.options.max ?? Number.POSITIVE_INFINITY))
      this.entries.delete(this.entries.keys().next().value as K);
    const entry = {
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
    this.entries.clear();
  }
}
