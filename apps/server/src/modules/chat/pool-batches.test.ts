import { describe, expect, it } from 'vitest';
import { PoolBatches } from './pool-batches.js';

const pools = (count: number) => Array.from({ length: count }, (_, index) => ({ id: index + 1, version: 5 }));
const ids = (batch: readonly { id: number }[]) => batch.map((pool) => pool.id);

describe('a run’s pools in batches', () => {
  it('gives the pools in the order listed, a batch at a time, then none', () => {
    const batches = new PoolBatches(pools(5), 2);
    expect(ids(batches.next())).toEqual([1, 2]);
    expect(ids(batches.next())).toEqual([3, 4]);
    expect(ids(batches.next())).toEqual([5]);
    expect(batches.next()).toEqual([]);
  });

  it('gives the pools reads wait for apart, a few at a time, and lets the reads go on once they are done', async () => {
    const batches = new PoolBatches(pools(300), 200);
    expect(ids(batches.next())).toHaveLength(200);
    expect(batches.nextWaiting()).toEqual([]);
    let settled = false;
    const waiting = batches.bringForward(280, 5)!.then(() => (settled = true));
    // A second read of the same pool waits for the same work.
    expect(batches.bringForward(280, 5)).not.toBeNull();
    for (const poolId of [290, 250]) batches.bringForward(poolId, 5);
    const forReaders = batches.nextWaiting();
    expect(ids(forReaders)).toEqual([280, 290, 250]);
    await Promise.resolve();
    expect(settled).toBe(false);
    batches.done(ids(forReaders));
    await waiting;
    expect(settled).toBe(true);
    // Those pools are not given again in order.
    const rest = batches.next();
    expect(rest).toHaveLength(97);
    expect(ids(rest)).not.toContain(280);
  });

  it('gives at most 25 pools for readers at once', () => {
    const batches = new PoolBatches(pools(100), 10);
    for (let poolId = 1; poolId <= 40; poolId += 1) batches.bringForward(poolId, 5);
    expect(batches.nextWaiting()).toHaveLength(25);
    expect(ids(batches.nextWaiting())).toEqual(Array.from({ length: 15 }, (_, index) => 26 + index));
    expect(ids(batches.next())[0]).toBe(41);
  });

  it('holds a read of a pool in the batch under way until the batch is done, not one of a newer version', async () => {
    const batches = new PoolBatches(pools(3), 2);
    const batch = batches.next();
    let settled = false;
    const waiting = batches.bringForward(1, 5)!.then(() => (settled = true));
    // Listed at version 5: a read that saw a change since (6) builds its own answer.
    expect(batches.bringForward(2, 6)).toBeNull();
    await Promise.resolve();
    expect(settled).toBe(false);
    batches.done(ids(batch));
    await waiting;
    expect(settled).toBe(true);
    // Done, or never in the run: nothing to wait for.
    expect(batches.bringForward(1, 5)).toBeNull();
    expect(batches.bringForward(99, 5)).toBeNull();
    expect(batches.bringForward(3, 5)).not.toBeNull();
  });

  it('lets every waiting read go on when the run ends early, with nothing left to do', async () => {
    const batches = new PoolBatches(pools(10), 2);
    batches.next();
    const waits = [batches.bringForward(7, 5)!, batches.bringForward(9, 5)!, batches.bringForward(1, 5)!];
    batches.end();
    await expect(Promise.all(waits)).resolves.toEqual([undefined, undefined, undefined]);
    expect(batches.next()).toEqual([]);
    expect(batches.nextWaiting()).toEqual([]);
  });
});
