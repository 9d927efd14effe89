/**
 * The Lifeguard's reminders to members missing picks (docs/decisions/079-lifeguard-remind-and-remove): who may
 * be reminded now, and how often. The server decides with these; the web app shows the same answer sooner.
 */

const HOUR_MS = 3_600_000;

export const REMINDER_RULES = {
  /** One member is reminded of one pool week at most once in this long, whoever asks. */
  memberCooldownMs: 6 * HOUR_MS,
  /** The reminders a Lifeguard may send in any hour, across all of their pools (a full pool's "Remind all" twice). */
  lifeguardPerHour: 50,
  /** The remind requests a Lifeguard may make in a minute (each answered 429 past it). */
  requestsPerMinute: 6,
} as const;

/** What reminding one member came to. */
export type ReminderOutcome = 'sent' | 'not_missing' | 'reminded_recently' | 'rate_limited';

/** When a member last reminded at `lastRemindedAt` may be reminded again (null: now, never reminded). */
export function nextReminderAt(lastRemindedAt: Date | string | null): Date | null {
  if (lastRemindedAt === null) return null;
  const last = typeof lastRemindedAt === 'string' ? Date.parse(lastRemindedAt) : lastRemindedAt.getTime();
  return new Date(last + REMINDER_RULES.memberCooldownMs);
}

/**
 * Whether a member missing what is described may be reminded: only what they can still enter counts (a pick of
 * a game not locked, the Last Man Standing team while a game is open, the tiebreaker until its game locks).
 */
export function missesOpenPicks(missing: {
  openGamesWithoutPick: number;
  lmsTeamMissing: boolean;
  openTiebreakerMissing: boolean;
}): boolean {
  return missing.openGamesWithoutPick > 0 || missing.lmsTeamMissing || missing.openTiebreakerMissing;
}

/**
 * What reminding one member at `now` comes to, before anything is sent: not missing anything they can still
 * pick, reminded of this week within the cooldown, or over the Lifeguard's reminders in the last hour
 * (`sentByLifeguardLastHour`, this request's included); 'sent' when none of these stops it.
 */
export function reminderStatus(input: {
  missingOpen: boolean;
  lastRemindedAt: Date | null;
  sentByLifeguardLastHour: number;
  now: Date;
}): ReminderOutcome {
  if (!input.missingOpen) return 'not_missing';
  const next = nextReminderAt(input.lastRemindedAt);
  if (next !== null && next.getTime() > input.now.getTime()) return 'reminded_recently';
  if (input.sentByLifeguardLastHour >= REMINDER_RULES.lifeguardPerHour) return 'rate_limited';
  return 'sent';
}
