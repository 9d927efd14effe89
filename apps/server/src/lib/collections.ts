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

/**
 * `work` over every item, at most `limit` at a time (a few rooms or pools side by side on both cores and
 * several connections, never all of them at once); the results in the items' order. A failure rejects once
 * the work already under way has settled, and starts nothing more.
 */
export async function mapAtMost<T, R>(
  items: readonly T[],
  limit: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const worker = async () => {
    while (failure === undefined && next < items.length) {
      const index = next++;
      try {
        results[index] = await work(items[index]!, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (failure) throw failure.error;
  return results;
}

/**
 * The items in order, in groups each weighing at least `limit` (the last may weigh less): as `chunks` does by
 * count, for items of different sizes (pools of one week or a season), an item never split.
 */
export function groupsWeighing<T>(items: readonly T[], limit: number, weightOf: (item: T) => number): T[][] {
  const groups: T[][] = [];
  let group: T[] = [];
  let weight = 0;
  for (const item of items) {
    group.push(item);
    weight += weightOf(item);
    if (weight >= limit) {
      groups.push(group);
      group = [];
      weight = 0;
    }
  }
  if (group.length > 0) groups.push(group);
  return groups;
}
