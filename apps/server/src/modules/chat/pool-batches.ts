/** Pools of a batch done for waiting reads: few, so a read waits for about its own pool's work. */
const WITH_READERS = 25;

/** A promise and what settles it. */
interface Deferred {
  promise: Promise<void>;
  settle: () => void;
}

function deferred(): Deferred {
  let settle!: () => void;
  const promise = new Promise<void>((resolve) => (settle = resolve));
  return { promise, settle };
}

/**
 * The pools a run has still to do, in batches in the order listed, and apart from them the pools a read is
 * waiting for (bringForward), a few at a time. A pool is taken once, by whichever comes first. A read of a pool
 * in the batch under way waits for that batch, when it was listed at the version the read asks for.
 */
export class PoolBatches<Pool extends { id: number; version: number }> {
  private readonly remaining: Map<number, Pool>;
  private readonly waiting = new Map<number, Deferred>();
  /** The pools of the batches under way (in the order listed), at the versions listed, and their batch's end. */
  private readonly underWay = new Map<number, { version: number; done: Deferred }>();

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
    const done = deferred();
    for (const pool of batch) this.underWay.set(pool.id, { version: pool.version, done });
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

  /**
   * What a read of the pool at `version` waits for: its pool's batch under way, when listed at that version or
   * later (the read builds its own answer otherwise, after a change the batch did not see); a batch for readers
   * with it, when still to do; null when the run does not hold it.
   */
  bringForward(poolId: number, version: number): Promise<void> | null {
    const known = this.waiting.get(poolId);
    if (known) return known.promise;
    const batch = this.underWay.get(poolId);
    if (batch) return batch.version >= version ? batch.done.promise : null;
    if (!this.remaining.has(poolId)) return null;
    const waits = deferred();
    this.waiting.set(poolId, waits);
    return waits.promise;
  }

  /** These pools' answers are kept: their readers go on. */
  done(poolIds: readonly number[]): void {
    for (const poolId of poolIds) {
      this.waiting.get(poolId)?.settle();
      this.waiting.delete(poolId);
      this.underWay.get(poolId)?.done.settle();
      this.underWay.delete(poolId);
    }
  }

  /** The run is over (or stopped): every reader still waiting goes on, and builds its own answer. */
  end(): void {
    for (const { settle } of this.waiting.values()) settle();
    for (const { done } of this.underWay.values()) done.settle();
    this.waiting.clear();
    this.underWay.clear();
    this.remaining.clear();
  }
}
