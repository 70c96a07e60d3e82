/** Fields that a vote (or a market refresh) changes: counts, not what a page lists (decision 015). */
const COUNT_FIELD =
  /^(votes|tomorrowVotes|holdVotes|buyVotes|sellVotes|ctoVotes|rank|price|marketCap|volume24h|priceChange24h|liquidityUsd)$/;

/**
 * What a public answer lists, without its counts: the JSON with every count left out and every list of
 * records in id order (a vote reorders a race; it lists the same headlines). Two answers of one shape draw
 * the same page but for numbers, which the browser's one fetch after hydration brings up to date.
 */
export function shapeOf(json: string): string {
  const strip = (value: unknown): unknown => {
    if (Array.isArray(value)) {
      const items = value.map(strip);
      const byId = items.every((item) => typeof (item as { id?: unknown })?.id === "number");
      return byId ? items.sort((a, b) => (a as { id: number }).id - (b as { id: number }).id) : items;
    }
    if (value === null || typeof value !== "object") return value;
    return Object.fromEntries(
      Object.entries(value)
        .filter(([key]) => !COUNT_FIELD.test(key))
        .map(([key, item]) => [key, strip(item)]),
    );
  };
  try {
    return JSON.stringify(strip(JSON.parse(json)));
  } catch {
    return json;
  }
}
