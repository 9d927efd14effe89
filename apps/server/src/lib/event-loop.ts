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

/**
 * The requests this process is answering, from their arrival to their answer's end (the app counts them), less
 * those waiting for background work meanwhile (a standings read waiting for a room run's batch): what
 * background work that gives way (turnsGivingWay) waits for. One count per process, whatever the apps in it.
 */
let requestsAnswering = 0;
let wakeWhenIdle: (() => void)[] = [];

function answeringLess(): void {
  requestsAnswering -= 1;
  if (requestsAnswering > 0) return;
  const waiting = wakeWhenIdle;
  wakeWhenIdle = [];
  for (const wake of waiting) wake();
}

/** A request has arrived: the returned function says its answer has ended (once; later calls do nothing). */
export function requestArrived(): () => void {
  requestsAnswering += 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    answeringLess();
  };
}

/** `work` awaited by a request that does not count meanwhile: background work it waits for does not wait for it. */
export async function waitingForBackground<T>(work: Promise<T>): Promise<T> {
  answeringLess();
  try {
    return await work;
  } finally {
    requestsAnswering += 1;
  }
}

/**
 * The longest a turn of background work waits for the requests being answered: under requests without end it
 * still has a third of the event loop (a turn of TURN_MS, then this).
 */
const GIVE_WAY_MS = 4;

/**
 * turnsEvery for background work (a room run after a result): each turn also waits, at most GIVE_WAY_MS, while
 * requests are being answered, so a request's own steps do not queue behind the background's.
 */
export function turnsGivingWay(budgetMs = TURN_MS, giveWayMs = GIVE_WAY_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    if (requestsAnswering > 0) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          wakeWhenIdle = wakeWhenIdle.filter((waiting) => waiting !== wake);
          resolve();
        }, giveWayMs);
        wakeWhenIdle.push(wake);
      });
    }
    await yieldToEventLoop();
    since = performance.now();
  };
}
