/**
 * Lets the event loop take pending I/O (HTTP requests, timers) before going on. PGlite runs on the main
 * thread and a chain of awaited queries never leaves the microtask queue, so long imports call this between
 * batches to keep the server answering (docs/decisions/019). On PostgreSQL it costs next to nothing.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Work between two turns of the event loop in a long run of it: what a request meanwhile waits for at most. */
const TURN_MS = 2;

/**
 * For a long piece of work on the main thread (a result's grading of every pool holding the game): the returned
 * function lets the event loop in once `budgetMs` of running has passed since it last did, so a request arriving
 * meanwhile waits milliseconds, not the whole piece. Call it between small steps.
 */
export function turnsEvery(budgetMs = TURN_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await yieldToEventLoop();
    since = performance.now();
  };
}
