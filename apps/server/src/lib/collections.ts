/**
 * Adds `value` to the set kept under `key` (a registry of listeners per channel or per database), making the
 * set on first use; returns that set, for the caller's removal.
 */
export function addToSetOf<K, V>(map: Map<K, Set<V>> | WeakMap<K & object, Set<V>>, key: K, value: V): Set<V> {
  let set = (map as Map<K, Set<V>>).get(key);
  if (!set) {
    set = new Set();
    (map as Map<K, Set<V>>).set(key, set);
  }
  set.add(value);
  return set;
}
