/**
 * The small caches a process keeps of what it worked on last (kept documents, builds, records,
 * digests) are Maps in the order entries were last set: the oldest go first. Ground level:
 * imports nothing.
 */

/** Sets `key` to `value` as the newest entry of `map`, and drops the oldest beyond `max`. */
export function setNewest<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}
