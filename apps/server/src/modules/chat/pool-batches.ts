/** A batch while reads wait for some of its pools: small, so a read waits for about its own pool's work. */
const WITH_READERS = 25;

/**
 * The pools a run has still to do, in batches: in the order listed, except that pools a read is waiting for
 * (bringForward) come first, in a smaller batch so the read waits for little more than its own pool.
 */
export class PoolBatches<Pool extends { id: number }> {
  private readonly remaining: Map<number, Pool>;
  private readonly waiting = new Map<number, { promise: Promise<void>; settle: () => void }>();

  /** `size`: a batch's pools when no read waits; while one does, a batch is small (WITH_READERS). */
  constructor(
    pools: readonly Pool[],
    private readonly size: number,
  ) {
    this.remaining = new Map(pools.map((pool) => [pool.id, pool]));
  }

  /** The next batch to do (empty: none left). */
  next(): Pool[] {
    const batch: Pool[] = [];
    const size = this.waiting.size > 0 ? Math.min(this.size, WITH_READERS) : this.size;
    for (const poolId of this.waiting.keys()) {
      const pool = this.remaining.get(poolId);
      if (pool && batch.length < size) batch.push(pool);
    }
    for (const pool of this.remaining.values()) {
      if (batch.length >= size) break;
      if (!this.waiting.has(pool.id)) batch.push(pool);
    }
    for (const pool of batch) this.remaining.delete(pool.id);
    return batch;
  }

  bringForward(poolId: number): Promise<void> | null {
    const known = this.waiting.get(poolId);
    if (known) return known.promise;
    if (!this.remaining.has(poolId)) return null;
    let settle!: () => void;
    const promise = new Promise<void>((resolve) => (settle = resolve));
    this.waiting.set(poolId, { promise, settle });
    return promise;
  }

  /** These pools' answers are kept: their readers go on. */
  done(poolIds: readonly number[]): void {
    for (const poolId of poolIds) {
      this.waiting.get(poolId)?.settle();
      this.waiting.delete(poolId);
    }
  }

  /** The run is over (or stopped): every reader still waiting goes on, and builds its own answer. */
  end(): void {
    for (const { settle } of this.waiting.values()) settle();
    this.waiting.clear();
    this.remaining.clear();
  }
}
