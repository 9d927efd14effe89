/**
 * Lets the event loop take pending I/O (HTTP requests, timers) before going on. PGlite runs on the main
 * thread and a chain of awaited queries never leaves the microtask queue, so long imports call this between
 * batches to keep the server answering (docs/decisions/019). On PostgreSQL it costs next to nothing.
 */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
