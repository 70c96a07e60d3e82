/**
 * Puts `key` in `map` as its most recently used entry (a Map iterates in insertion order) and drops the least
 * recently used beyond `max`: the bound of the kept paints, their recipes and the heads' cards.
 */
export function setMostRecent<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  while (map.size > max) map.delete(map.keys().next().value as K);
}
