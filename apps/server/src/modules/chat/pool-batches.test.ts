import { describe, expect, it } from 'vitest';
import { PoolBatches } from './pool-batches.js';

const pools = (count: number) => Array.from({ length: count }, (_, index) => ({ id: index + 1 }));
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
    const waiting = batches.bringForward(280)!.then(() => (settled = true));
    // A second read of the same pool waits for the same work.
    expect(batches.bringForward(280)).not.toBeNull();
    for (const poolId of [290, 250]) batches.bringForward(poolId);
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
    for (let poolId = 1; poolId <= 40; poolId += 1) batches.bringForward(poolId);
    expect(batches.nextWaiting()).toHaveLength(25);
    expect(ids(batches.nextWaiting())).toEqual(Array.from({ length: 15 }, (_, index) => 26 + index));
    expect(ids(batches.next())[0]).toBe(41);
  });

  it('does not hold a read for a pool already taken or not in the run', () => {
    const batches = new PoolBatches(pools(3), 2);
    batches.next();
    expect(batches.bringForward(1)).toBeNull();
    expect(batches.bringForward(99)).toBeNull();
    expect(batches.bringForward(3)).not.toBeNull();
  });

  it('lets every waiting read go on when the run ends early, with nothing left to do', async () => {
    const batches = new PoolBatches(pools(10), 2);
    const waits = [batches.bringForward(7)!, batches.bringForward(9)!];
    batches.end();
    await expect(Promise.all(waits)).resolves.toEqual([undefined, undefined]);
    expect(batches.next()).toEqual([]);
    expect(batches.nextWaiting()).toEqual([]);
  });
});
