import { MIN_SEASON, POOL_DEFAULTS } from '../constants.js';
import { isSport } from '../enums.js';
import { seasonCalendar } from '../sports-calendar.js';
import { lastPoolWeek } from './weeks.js';
import { DEFAULT_PICKS, MAX_DROP_WORST_WEEKS, type PoolProblem, type PoolSettings } from './types.js';

/** The limits that come from one setting each; the server reads the configured values, the rules text too. */
export interface PoolLimits {
  maxPoolsPerLifeguard: number;
  maxGuestsPerPool: number;
  maxInvitationsPerGuest: number;
}

export const DEFAULT_POOL_LIMITS: PoolLimits = {
  maxPoolsPerLifeguard: POOL_DEFAULTS.maxPoolsPerLifeguard,
  maxGuestsPerPool: POOL_DEFAULTS.maxGuestsPerPool,
  maxInvitationsPerGuest: POOL_DEFAULTS.maxInvitationsPerGuest,
};

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/** The most Last Man Standing strikes a pool may allow before the one that puts a survivor out. */
export const MAX_SURVIVOR_STRIKES = 3;

// What a mail client would turn into a link: a scheme, `www.`, an address, or a dot between a letter or digit
// and letters (a host name, `example.com`, `bit.ly/x`).
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|\bwww\.|@|[a-z0-9]\.[a-z]{2,}/i;

/**
 * Whether a pool's name holds something a mail client would show as a link. The name is the only text a
 * Lifeguard puts in the invitations the server mails to addresses of their choosing, so it stays plain words.
 */
export function nameLooksLikeLink(name: string): boolean {
  return LINK_LIKE.test(name);
}

/**
 * Every problem with a pool's settings, by field (empty when they are valid). The start week must be a week
 * of the sport's calendar no later than the pool's last week (the last regular-season week).
 */
export function validatePoolSettings(settings: PoolSettings): PoolProblem[] {
  const problems: PoolProblem[] = [];
  const refuse = (field: string, reason: string, message: string) => problems.push({ field, reason, message });

  const name = settings.name.trim();
  if (name === '') refuse('name', 'required', 'A pool needs a name');
  else if (name.length > POOL_DEFAULTS.maxNameLength) {
    refuse('name', 'too_long', `A pool's name is at most ${POOL_DEFAULTS.maxNameLength} characters`);
  } else if (nameLooksLikeLink(name)) {
    refuse(
      'name',
      'link',
      "A pool's name cannot hold a web or email address (it goes into invitation mails); write “St. Louis”, not “St.Louis”",
    );
  }
  if (settings.icon.trim() === '') refuse('icon', 'required', 'Choose an icon');
  if (!HEX_COLOUR.test(settings.iconColor)) refuse('iconColor', 'bad_colour', 'The icon colour is a #rrggbb colour');
  if (!HEX_COLOUR.test(settings.iconBackground)) {
    refuse('iconBackground', 'bad_colour', 'The icon background is a #rrggbb colour');
  }
  const { minGamesPerWeek: min, maxGamesPerWeek: max } = POOL_DEFAULTS;
  if (!Number.isInteger(settings.gamesPerWeek) || settings.gamesPerWeek < min || settings.gamesPerWeek > max) {
    refuse('gamesPerWeek', 'out_of_range', `Games per week is a whole number from ${min} to ${max}`);
  }
  if (settings.winBasis !== 'ats' && settings.winBasis !== 'straight') {
    refuse('winBasis', 'unknown', 'The win basis is against the spread (ats) or straight up');
  }
  for (const flag of ['doublePlay', 'triplePlay', 'lastManStanding', 'confidence'] as const) {
    if (typeof settings[flag] !== 'boolean') refuse(flag, 'not_boolean', `${flag} is on or off`);
  }
  // Confidence points already weigh each pick: a pool scores one way or the other.
  if (settings.confidence === true) {
    for (const play of ['doublePlay', 'triplePlay'] as const) {
      if (settings[play] === true) {
        refuse(
          play,
          'confidence_no_plays',
          `A confidence pool plays without ${play === 'doublePlay' ? 'double' : 'triple'} plays: the confidence points weigh each pick`,
        );
      }
    }
  }
  const strikes = settings.survivorStrikes ?? 0;
  if (!Number.isInteger(strikes) || strikes < 0 || strikes > MAX_SURVIVOR_STRIKES) {
    refuse('survivorStrikes', 'out_of_range', `Survivor strikes are a whole number from 0 to ${MAX_SURVIVOR_STRIKES}`);
  } else if (strikes > 0 && settings.lastManStanding === false) {
    refuse('survivorStrikes', 'lms_off', 'Strikes are a Last Man Standing rule: turn Last Man Standing on first');
  }
  const buyBackWeek = settings.survivorBuyBackWeek ?? null;
  if (buyBackWeek !== null && settings.lastManStanding === false) {
    refuse('survivorBuyBackWeek', 'lms_off', 'A buy-back is a Last Man Standing rule: turn Last Man Standing on first');
  }
  if (
    !Number.isInteger(settings.dropWorstWeeks) ||
    settings.dropWorstWeeks < 0 ||
    settings.dropWorstWeeks > MAX_DROP_WORST_WEEKS
  ) {
    refuse(
      'dropWorstWeeks',
      'out_of_range',
      `The worst weeks dropped is a whole number from 0 to ${MAX_DROP_WORST_WEEKS}`,
    );
  }
  if (!DEFAULT_PICKS.includes(settings.defaultPicks)) {
    refuse('defaultPicks', 'unknown', 'Default picks are none, the favourites or the home teams');
  }
  if (!isSport(settings.sport)) {
    refuse('sport', 'unknown', 'The sport is NFL, college football or MLB');
    return problems;
  }
  if (!Number.isInteger(settings.season) || settings.season < MIN_SEASON) {
    refuse('season', 'out_of_range', `The season is ${MIN_SEASON} or later`);
    return problems;
  }
  const weeks = seasonCalendar(settings.sport, settings.season).map((week) => week.number);
  const last = lastPoolWeek(settings.sport, settings.season);
  if (!Number.isInteger(settings.startWeek) || !weeks.includes(settings.startWeek) || settings.startWeek > last) {
    refuse('startWeek', 'out_of_range', `The start week is a week of the season from 1 to ${last}`);
  }
  // The buy-back pick is made the week after going out, so the pool's last week cannot be one.
  if (
    buyBackWeek !== null &&
    settings.lastManStanding !== false &&
    (!Number.isInteger(buyBackWeek) || buyBackWeek < settings.startWeek || buyBackWeek >= last)
  ) {
    refuse(
      'survivorBuyBackWeek',
      'out_of_range',
      `The buy-back week is a week of the pool from ${settings.startWeek} to ${last - 1} (the pick is made the week after)`,
    );
  }
  return problems;
}

export interface LimitRefusal {
  reason: 'pool_limit' | 'pool_full' | 'invitation_limit';
  message: string;
}

/** Whether a Lifeguard with `activePools` active pools may create another (null: yes). */
export function refuseNewPool(activePools: number, limits: PoolLimits = DEFAULT_POOL_LIMITS): LimitRefusal | null {
  return activePools >= limits.maxPoolsPerLifeguard
    ? {
        reason: 'pool_limit',
        message: `A Lifeguard may host at most ${limits.maxPoolsPerLifeguard} active pools; end one to start another`,
      }
    : null;
}

/** Whether a pool with `guests` guests (the Lifeguard not counted) may take another (null: yes). */
export function refuseNewGuest(guests: number, limits: PoolLimits = DEFAULT_POOL_LIMITS): LimitRefusal | null {
  return guests >= limits.maxGuestsPerPool
    ? { reason: 'pool_full', message: `This pool is full: it has its ${limits.maxGuestsPerPool} guests` }
    : null;
}

/**
 * Whether a Lifeguard who has already sent `sentToAddress` invitations to an email address (across all of
 * their pools) may send another (null: yes). The fourth is refused; the server records the refusal.
 */
export function refuseInvitation(sentToAddress: number, limits: PoolLimits = DEFAULT_POOL_LIMITS): LimitRefusal | null {
  return sentToAddress >= limits.maxInvitationsPerGuest
    ? {
        reason: 'invitation_limit',
        message: `This address has already had ${limits.maxInvitationsPerGuest} invitations from you, the most allowed`,
      }
    : null;
}

/** The windows a Lifeguard's emailed invitations are counted in: no one sends mail through a pool in bulk. */
export const INVITATION_RATE_WINDOWS = [
  { windowMs: 3_600_000, max: POOL_DEFAULTS.maxInvitationsPerHour, per: 'hour' },
  { windowMs: 86_400_000, max: POOL_DEFAULTS.maxInvitationsPerDay, per: 'day' },
] as const;

/**
 * Whether a Lifeguard whose emailed invitations were sent at `sentAt` (any order) may send another at `now`
 * (null: yes). Refused, it says when the next may go: when the oldest invitation of the full window leaves it.
 */
export function refuseInvitationRate(
  sentAt: readonly Date[],
  now: Date,
): { reason: 'invitation_rate'; message: string; retryAt: Date } | null {
  for (const { windowMs, max, per } of INVITATION_RATE_WINDOWS) {
    const inWindow = sentAt
      .map((at) => at.getTime())
      .filter((at) => at > now.getTime() - windowMs && at <= now.getTime())
      .sort((a, b) => a - b);
    if (inWindow.length >= max) {
      return {
        reason: 'invitation_rate',
        message: `A Lifeguard may send at most ${max} invitations ${per === 'hour' ? 'an hour' : 'a day'}; try again later`,
        retryAt: new Date(inWindow[inWindow.length - max]! + windowMs),
      };
    }
  }
  return null;
}

/** The settings that change how picks score or who survives: fixed once the pool's first game has locked. */
export const SCORING_SETTINGS = [
  'sport',
  'season',
  'startWeek',
  'gamesPerWeek',
  'winBasis',
  'doublePlay',
  'triplePlay',
  'lastManStanding',
  'confidence',
  'survivorStrikes',
  'survivorBuyBackWeek',
  'dropWorstWeeks',
  'defaultPicks',
] as const satisfies readonly (keyof PoolSettings)[];

/**
 * Every problem with changing a pool's settings from `before` to `after`: the new settings' own problems,
 * and, once the pool's first game has locked (`started`), any change to a setting that changes scoring.
 * The name and icon can always change.
 */
export function validateSettingsChange(before: PoolSettings, after: PoolSettings, started: boolean): PoolProblem[] {
  const problems = validatePoolSettings(after);
  if (!started) return problems;
  for (const field of SCORING_SETTINGS) {
    if (before[field] !== after[field]) {
      problems.push({
        field,
        reason: 'pool_started',
        message: `The pool has started: ${field} stays as it was for the season`,
      });
    }
  }
  return problems;
}
