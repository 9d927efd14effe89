/** Dates and times in the viewer's own time zone and locale. */

const kickoffFormat = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

const dayFormat = new Intl.DateTimeFormat(undefined, { weekday: 'short', month: 'short', day: 'numeric' });

/** A kickoff, e.g. "Sun, Nov 22, 1:00 PM EST"; a game without a time shows its date (a calendar day, no zone). */
export function formatKickoff(kickoff: string | null, gameDate: string): string {
  if (kickoff) return kickoffFormat.format(new Date(kickoff));
  return dayFormat.format(new Date(`${gameDate}T12:00:00Z`));
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' });
const localDayFormat = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** A kickoff's time alone, e.g. "7:05 PM EDT", for a game listed under its day. */
export const formatKickoffTime = (kickoff: string) => timeFormat.format(new Date(kickoff));

/** The viewer's calendar day (YYYY-MM-DD) of an instant. */
export const localDay = (at: string) => localDayFormat.format(new Date(at));

/** A YYYY-MM-DD calendar day, e.g. "Thu, Nov 19". */
export function formatDay(day: string): string {
  return new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'always' });

/** "5 min ago", "3 hours ago", "2 days ago"; "just now" under a minute. */
export function timeAgo(at: Date, now: Date = new Date()): string {
  const minutes = Math.round((now.getTime() - at.getTime()) / 60_000);
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return relative.format(-hours, 'hour');
  return relative.format(-Math.round(hours / 24), 'day');
}

/** A time to come as "in 12 min" or "at 7:05 PM", one already past as timeAgo says it. */
export function timeFromNow(at: Date, now: Date = new Date()): string {
  const minutes = Math.round((at.getTime() - now.getTime()) / 60_000);
  if (minutes < 0) return timeAgo(at, now);
  if (minutes < 1) return 'in under a minute';
  if (minutes < 60) return `in ${minutes} min`;
  return `at ${at.toLocaleString()}`;
}

/** "vs" for a home game or one at a neutral site (bowls, the London and Tokyo series), "@" for an away game. */
export function venuePrefix(game: { home: boolean; neutral_site: boolean }): 'vs' | '@' {
  return game.home || game.neutral_site ? 'vs' : '@';
}

/** What a game that is not final says in place of a score, as every screen words it. */
export function statusText(event: { status: string; result_missing?: boolean | undefined }): string {
  if (event.result_missing) return 'Result not reported';
  switch (event.status) {
    case 'in_progress':
      return 'In progress';
    case 'postponed':
      return 'Postponed';
    case 'cancelled':
      return 'Cancelled';
    case 'final':
      return 'Final';
    default:
      return 'Scheduled';
  }
}

/** "A at B", or "A vs B" where neither team is at home. */
export function matchupText(event: { neutral_site: boolean }, away: string, home: string): string {
  return `${away} ${event.neutral_site ? 'vs' : 'at'} ${home}`;
}
