/**
 * The server clock (docs/decisions/020): one function every module that decides by the date reads (the
 * current season and week, kickoff locks, grading, the demo season, page-view days, the scheduled
 * refresh), built once per process and passed down from start-up.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/**
 * A clock that reads `start` at the moment it is made and runs forward in real time from there
 * (PASS_CLOCK): a test deployment sees a chosen day of the season while waits and timeouts stay real.
 */
export function clockStartingAt(start: Date, realNow: () => number = Date.now): Clock {
  const offsetMs = start.getTime() - realNow();
  return () => new Date(realNow() + offsetMs);
}

/** The process's clock for a configuration: the real one unless PASS_CLOCK sets where it starts. */
export function clockFor(config: { clockStart: Date | undefined }): Clock {
  return config.clockStart ? clockStartingAt(config.clockStart) : systemClock;
}
