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

  it('brings a pool a read waits for into the next batch, first, in a small batch, and lets the read go on once it is done', async () => {
    const batches = new PoolBatches(pools(300), 200);
    expect(ids(batches.next())).toHaveLength(200);
    let settled = false;
    const waiting = batches.bringForward(280)!.then(() => (settled = true));
    // A second read of the same pool waits for the same batch.
    expect(batches.bringForward(280)).not.toBeNull();
    const next = batches.next();
    expect(ids(next)).toEqual([280, ...Array.from({ length: 24 }, (_, index) => 201 + index)]);
    await Promise.resolve();
    expect(settled).toBe(false);
    batches.done(ids(next));
    await waiting;
    expect(settled).toBe(true);
    // With no read waiting, batches are full again, without the pools done.
    const rest = batches.next();
    expect(rest).toHaveLength(75);
    expect(ids(rest)).not.toContain(280);
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
  });
});
