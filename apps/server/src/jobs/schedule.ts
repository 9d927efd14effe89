/**
 * When each refresh job is due: a pure function of the clock, the kickoffs to come, the games being played
 * and when each job last ran, so the decisions are tested without timers or a database.
 *
 * - odds: every ODDS_EVERY (a few times a day) and once more in the window before a kickoff, so the lines
 *   shown before a game are its closing lines;
 * - scores: every SCORES_EVERY while a game is live, and once more after the last one ends;
 * - schedules: once a day;
 * - pool_mails: every POOL_MAILS_EVERY (pick reminders and weekly results, decision 042; the job itself
 *   decides what is due and sends each mail once, so running it often only narrows how late a mail can be).
 */

export const JOB_NAMES = ['odds', 'scores', 'schedules', 'pool_mails'] as const;
export type JobName = (typeof JOB_NAMES)[number];

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

export const ODDS_EVERY_MS = 6 * HOUR_MS;
/** How long before a kickoff the last odds refresh runs. */
export const PRE_KICKOFF_WINDOW_MS = 90 * MINUTE_MS;
export const SCORES_EVERY_MS = 5 * MINUTE_MS;
export const SCHEDULES_EVERY_MS = 24 * HOUR_MS;
export const POOL_MAILS_EVERY_MS = 5 * MINUTE_MS;

export interface ScheduleState {
  now: Date;
  /** Kickoffs still to come (any order). */
  upcomingKickoffs: readonly Date[];
  /** Games being played now. */
  liveGames: number;
  /** When the last live game was seen (a last scores run after it ends picks up its final). */
  lastLiveAt?: Date | undefined;
  /** When each job last ran (started), if ever. */
  lastRun: Partial<Record<JobName, Date>>;
  /** Jobs switched off (REFRESH_ODDS=off …) are never due. */
  enabled: Record<JobName, boolean>;
}

function oddsDue({ now, upcomingKickoffs, lastRun }: ScheduleState): boolean {
  const last = lastRun.odds?.getTime();
  if (last === undefined || now.getTime() - last >= ODDS_EVERY_MS) return true;
  // In a kickoff's window, once: the last run was before the window of the next kickoff opened.
  const next = upcomingKickoffs
    .map((kickoff) => kickoff.getTime())
    .filter((kickoff) => kickoff > now.getTime())
    .sort((a, b) => a - b)[0];
  if (next === undefined) return false;
  const windowOpens = next - PRE_KICKOFF_WINDOW_MS;
  return now.getTime() >= windowOpens && last < windowOpens;
}

function scoresDue({ now, liveGames, lastLiveAt, lastRun }: ScheduleState): boolean {
  const last = lastRun.scores?.getTime();
  if (liveGames > 0) return last === undefined || now.getTime() - last >= SCORES_EVERY_MS;
  // Games have ended since the last run: one more, for their finals.
  if (lastLiveAt && (last === undefined || last <= lastLiveAt.getTime())) return true;
  return false;
}

function schedulesDue({ now, lastRun }: ScheduleState): boolean {
  const last = lastRun.schedules?.getTime();
  return last === undefined || now.getTime() - last >= SCHEDULES_EVERY_MS;
}

function poolMailsDue({ now, lastRun }: ScheduleState): boolean {
  const last = lastRun.pool_mails?.getTime();
  return last === undefined || now.getTime() - last >= POOL_MAILS_EVERY_MS;
}

/**
 * The jobs due now, in the order they should run (schedules first: the others read the games they write;
 * pool mails last, after the scores that decide a week's results).
 */
export function dueJobs(state: ScheduleState): JobName[] {
  const due: JobName[] = [];
  if (state.enabled.schedules && schedulesDue(state)) due.push('schedules');
  if (state.enabled.odds && oddsDue(state)) due.push('odds');
  if (state.enabled.scores && scoresDue(state)) due.push('scores');
  if (state.enabled.pool_mails && poolMailsDue(state)) due.push('pool_mails');
  return due;
}
