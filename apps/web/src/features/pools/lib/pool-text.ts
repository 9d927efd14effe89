import type { InvitationRefusal, PoolSummary, SportKey } from '@pass/contracts';
import { lastPoolWeek, type PoolRuleSettings, seasonCalendar, seasonForDate, Status } from '@pass/domain';
import type { RouteName } from '../../../config/paths';
import { sportWords, spreadRecordText } from '../../../lib/sport-words';

export const SPORT_NAMES: Record<SportKey, string> = {
  americanfootball_nfl: 'NFL',
  americanfootball_ncaaf: 'College football',
  baseball_mlb: 'MLB',
};

/**
 * The pool's page, by sport (the page of one pool is the same whatever screen listed it). The specification
 * has no baseball pool page: an MLB pool opens on the pro pool page, `/football/pool/{id}` (decision 031).
 */
export function poolPageRoute(sport: SportKey): RouteName {
  return sport === 'americanfootball_ncaaf' ? 'ncaa-football-pool' : 'football-pool';
}

/**
 * The pools list of a sport, where a member lands when a pool's own page is not there. Baseball pools are
 * listed on the baseball menu (decision 031).
 */
export function poolsListRoute(sport: SportKey): RouteName {
  if (sport === 'baseball_mlb') return 'baseball-menu';
  return sport === 'americanfootball_ncaaf' ? 'ncaa-football-pools' : 'football-pools';
}

export function poolStatusLabel(pool: Pick<PoolSummary, 'status'>): string {
  switch (pool.status) {
    case Status.open:
      return 'Open';
    case Status.confirmed:
      return 'Under way';
    case Status.closed:
      return 'Ended';
    case Status.completed:
      return 'Completed';
  }
}

/** Whether a pool is still running: open, or under way (neither ended nor completed). */
export const isPoolRunning = (pool: Pick<PoolSummary, 'status'>) =>
  pool.status === Status.open || pool.status === Status.confirmed;

/** The reasons the invite-error page explains (the accept screen sets `?reason=`), and what each means. */
export const INVITE_ERRORS: Record<InvitationRefusal | 'unknown', { title: string; advice: string }> = {
  expired: { title: 'This invitation has expired', advice: 'Ask the Lifeguard to send you a new one.' },
  used: { title: 'This invitation has already been used', advice: 'Each emailed invitation lets one person join.' },
  revoked: {
    title: 'This link has been replaced',
    advice: 'The Lifeguard made a newer shareable link: ask them for it.',
  },
  pool_full: { title: 'This pool is full', advice: 'It has as many guests as a pool may have.' },
  joining_closed: {
    title: 'Joining has closed',
    advice: "Guests may join until the end of the pool's first week.",
  },
  pool_ended: { title: 'This pool has ended', advice: 'The Lifeguard ended it, so nobody can join any more.' },
  pool_suspended: {
    title: 'This pool is suspended',
    advice: 'The admin has suspended it, so nobody can join until that is lifted.',
  },
  removed: { title: 'You were removed from this pool', advice: 'Only the Lifeguard can invite you again.' },
  invitation_limit: { title: 'Too many invitations', advice: 'This address has had the most invitations allowed.' },
  already_member: { title: 'You are in this pool already', advice: 'Find it under My Pools.' },
  account_exists: {
    title: 'This address already has an account',
    advice: 'Log in with it to join, or reset its password if you have forgotten it.',
  },
  account_suspended: {
    title: 'This account is suspended',
    advice: 'The admin has suspended the account of this address; write to support to have it looked at.',
  },
  unknown: { title: 'This invitation does not exist', advice: 'Check the link, or ask the Lifeguard for a new one.' },
};

export function inviteErrorReason(value: string | null): keyof typeof INVITE_ERRORS {
  return value && Object.hasOwn(INVITE_ERRORS, value) ? (value as keyof typeof INVITE_ERRORS) : 'unknown';
}

/** A date and time in the viewer's own time zone. */
export function formatWhen(iso: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}

/** The token of an accept link, from the whole link or the token itself; null when there is none. */
export function tokenFromLink(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  const match = /\/pool-party\/accept\/([^/?#\s]+)/.exec(text);
  if (match?.[1]) return decodeURIComponent(match[1]);
  return /^[\w-]+$/.test(text) ? text : null;
}

/**
 * The week a new pool starts in by default: the week under way (guests may join until its end), or the
 * season's first week before the season and for a past one.
 */
export function defaultStartWeek(sport: SportKey, season: number, now: Date): number {
  const today = now.toISOString().slice(0, 10);
  const last = lastPoolWeek(sport, season);
  const current = seasonCalendar(sport, season).find((week) => week.number <= last && week.end >= today);
  return current && current.start <= today ? current.number : 1;
}

/**
 * The season a new pool is made for at `now` (the server's time): the season of the date, as the server
 * reckons it, or the next one once this one's pool weeks are over (an MLB pool in November is for next year).
 */
export function newPoolSeason(sport: SportKey, now: Date): number {
  const season = seasonForDate(sport, now);
  const today = now.toISOString().slice(0, 10);
  const last = lastPoolWeek(sport, season);
  const lastWeek = seasonCalendar(sport, season).find((week) => week.number === last);
  return lastWeek && lastWeek.end < today ? season + 1 : season;
}

/**
 * A pool's win basis in its sport's words: "Against the spread" ("On the run line" for an MLB pool) or
 * "$ Line" (the winner outright).
 */
export function winBasisText(pool: { sport: SportKey; win_basis: string }): string {
  return pool.win_basis === 'ats' ? spreadRecordText(sportWords(pool.sport)) : '$ Line';
}

/**
 * A pool's rules in one line, as the pools list words them: "NFL 2025 · 5 games a week, against the spread ·
 * Double play on · Triple play off · Last Man Standing on" (a confidence pool: "Confidence points 1–5" in place
 * of the plays).
 */
export function poolRulesLine(
  pool: Pick<
    PoolSummary,
    'sport' | 'season' | 'games_per_week' | 'win_basis' | 'double_play' | 'triple_play' | 'last_man_standing'
  > &
    Partial<Pick<PoolSummary, 'confidence' | 'drop_worst_weeks' | 'default_picks'>>,
): string {
  const onOff = (value: boolean) => (value ? 'on' : 'off');
  return [
    `${SPORT_NAMES[pool.sport]} ${pool.season}`,
    `${pool.games_per_week} games a week, ${pool.win_basis === 'ats' ? winBasisText(pool).toLowerCase() : '$ Line'}`,
    ...(pool.confidence
      ? [`Confidence points 1–${pool.games_per_week}`]
      : [`Double play ${onOff(pool.double_play)}`, `Triple play ${onOff(pool.triple_play)}`]),
    `Last Man Standing ${onOff(pool.last_man_standing)}`,
    ...(pool.drop_worst_weeks
      ? [pool.drop_worst_weeks === 1 ? 'Worst week dropped' : `Worst ${pool.drop_worst_weeks} weeks dropped`]
      : []),
    ...(pool.default_picks === 'favourites'
      ? ['Default picks: favourites']
      : pool.default_picks === 'home'
        ? ['Default picks: home teams']
        : []),
  ].join(' · ');
}

/** A pool's scoring settings as the domain's rule texts take them. */
export function poolRuleSettings(
  pool: Pick<
    PoolSummary,
    | 'sport'
    | 'season'
    | 'start_week'
    | 'games_per_week'
    | 'win_basis'
    | 'double_play'
    | 'triple_play'
    | 'last_man_standing'
  > &
    Partial<
      Pick<
        PoolSummary,
        'confidence' | 'survivor_strikes' | 'survivor_buy_back_week' | 'drop_worst_weeks' | 'default_picks'
      >
    >,
): PoolRuleSettings {
  return {
    sport: pool.sport,
    season: pool.season,
    startWeek: pool.start_week,
    gamesPerWeek: pool.games_per_week,
    winBasis: pool.win_basis,
    doublePlay: pool.double_play,
    triplePlay: pool.triple_play,
    lastManStanding: pool.last_man_standing,
    confidence: pool.confidence === true,
    survivorStrikes: pool.survivor_strikes ?? 0,
    survivorBuyBackWeek: pool.survivor_buy_back_week ?? null,
    dropWorstWeeks: pool.drop_worst_weeks ?? 0,
    defaultPicks: pool.default_picks ?? 'none',
  };
}
