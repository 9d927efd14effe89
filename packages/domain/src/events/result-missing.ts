import { dateInZone, US_EASTERN } from '../sources/mlb-venues.js';

/** How long after its kickoff a game may still be running (extra innings, overtime, a rain delay). */
export const RESULT_GRACE_HOURS = 6;

/**
 * Whether a game's result is missing: still `scheduled` when it should be over, either more than six hours
 * after its kickoff or, without a kickoff, from the day after its date (US Eastern, the schedules' zone).
 * Such a game is shown as "Result not reported", never as one to come. Postponed, cancelled, running and
 * final games say what they are.
 */
export function isResultMissing(
  event: { status: string; kickoff: string | null; gameDate: string },
  now: Date,
): boolean {
  if (event.status !== 'scheduled') return false;
  if (event.kickoff !== null) return now.getTime() - Date.parse(event.kickoff) > RESULT_GRACE_HOURS * 3_600_000;
  return event.gameDate < dateInZone(now, US_EASTERN);
}
