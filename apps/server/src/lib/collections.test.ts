import { describe, expect, it } from 'vitest';
import { groupsWeighing, mapAtMost } from './collections.js';

describe('mapAtMost', () => {
  it('answers in the items’ order with never more than the limit under way', async () => {
    let running = 0;
    let most = 0;
    const results = await mapAtMost([5, 1, 4, 2, 3, 0], 3, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, item));
      running -= 1;
      return item * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0]);
    expect(most).toBe(3);
  });

  it('rejects with the first failure once the work under way settles, and starts nothing more', async () => {
    const started: number[] = [];
    let settled = 0;
    const run = mapAtMost([1, 2, 3, 4, 5], 2, async (item) => {
      started.push(item);
      await new Promise((resolve) => setTimeout(resolve, item === 1 ? 1 : 5));
      settled += 1;
      if (item === 1) throw new Error('one failed');
      return item;
    });
    await expect(run).rejects.toThrow('one failed');
    expect(started).toEqual([1, 2]);
    expect(settled).toBe(2);
  });

  it('answers an empty list without calling the work', async () => {
    expect(await mapAtMost([], 4, () => Promise.reject(new Error('called')))).toEqual([]);
  });
});

describe('groupsWeighing', () => {
  it('groups the items in order, closing a group once it weighs the limit, an item never split', () => {
    const weeks = [2, 1, 3, 1, 1, 2];
    expect(groupsWeighing(weeks, 3, (count) => count)).toEqual([[2, 1], [3], [1, 1, 2]]);
    expect(groupsWeighing(weeks, 100, (count) => count)).toEqual([weeks]);
    expect(groupsWeighing(weeks, 1, (count) => count)).toEqual(weeks.map((count) => [count]));
    expect(groupsWeighing([], 3, (count: number) => count)).toEqual([]);
  });
});
