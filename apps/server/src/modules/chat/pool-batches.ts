/** Pools of a batch done for waiting reads: few, so a read waits for about its own pool's work. */
const WITH_READERS = 25;

/**
 * The pools a run has still to do, in batches in the order listed, and apart from them the pools a read is
 * waiting for (bringForward), a few at a time. A pool is taken once, by whichever comes first.
 */
export class PoolBatches<Pool extends { id: number }> {
  private readonly remaining: Map<number, Pool>;
  private readonly waiting = new Map<number, { promise: Promise<void>; settle: () => void }>();

  /** `size`: the pools of a batch in the order listed. */
  constructor(
    pools: readonly Pool[],
    private readonly size: number,
  ) {
    this.remaining = new Map(pools.map((pool) => [pool.id, pool]));
  }

  /** The next batch to do, in the order listed (empty: none left). */
  next(): Pool[] {
    const batch: Pool[] = [];
    for (const pool of this.remaining.values()) {
      if (batch.length >= this.size) break;
      batch.push(pool);
    }
    return this.take(batch);
  }

  /** The next few pools reads wait for, still to do (empty: none). */
  nextWaiting(): Pool[] {
    const waiting = [...this.waiting.keys()].flatMap((poolId) => this.remaining.get(poolId) ?? []);
    return this.take(waiting.slice(0, WITH_READERS));
  }

  private take(batch: Pool[]): Pool[] {
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
