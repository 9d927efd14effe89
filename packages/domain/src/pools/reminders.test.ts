import { describe, expect, it } from 'vitest';
import { missesOpenPicks, nextReminderAt, REMINDER_RULES, reminderStatus } from './reminders.js';

const NOW = new Date('2025-09-07T15:00:00Z');
const hoursBefore = (hours: number) => new Date(NOW.getTime() - hours * 3_600_000);

describe('the Lifeguard reminders', () => {
  it('reminds only a member who can still pick something', () => {
    const nothing = { openGamesWithoutPick: 0, lmsTeamMissing: false, openTiebreakerMissing: false };
    expect(missesOpenPicks(nothing)).toBe(false);
    expect(missesOpenPicks({ ...nothing, openGamesWithoutPick: 2 })).toBe(true);
    expect(missesOpenPicks({ ...nothing, lmsTeamMissing: true })).toBe(true);
    expect(missesOpenPicks({ ...nothing, openTiebreakerMissing: true })).toBe(true);
    const base = { lastRemindedAt: null, sentByLifeguardLastHour: 0, now: NOW };
    expect(reminderStatus({ ...base, missingOpen: false })).toBe('not_missing');
    expect(reminderStatus({ ...base, missingOpen: true })).toBe('sent');
  });

  it('reminds a member of a week once in 6 hours, to the millisecond', () => {
    const base = { missingOpen: true, sentByLifeguardLastHour: 0, now: NOW };
    expect(REMINDER_RULES.memberCooldownMs).toBe(6 * 3_600_000);
    expect(reminderStatus({ ...base, lastRemindedAt: hoursBefore(5.99) })).toBe('reminded_recently');
    expect(reminderStatus({ ...base, lastRemindedAt: hoursBefore(6) })).toBe('sent');
    expect(nextReminderAt(hoursBefore(2))!.toISOString()).toBe('2025-09-07T19:00:00.000Z');
    expect(nextReminderAt('2025-09-07T13:00:00.000Z')!.toISOString()).toBe('2025-09-07T19:00:00.000Z');
    expect(nextReminderAt(null)).toBeNull();
  });

  it("stops at the Lifeguard's reminders in the last hour, after the member's own checks", () => {
    const full = { sentByLifeguardLastHour: REMINDER_RULES.lifeguardPerHour, now: NOW };
    expect(reminderStatus({ ...full, missingOpen: true, lastRemindedAt: null })).toBe('rate_limited');
    expect(
      reminderStatus({
        ...full,
        sentByLifeguardLastHour: REMINDER_RULES.lifeguardPerHour - 1,
        missingOpen: true,
        lastRemindedAt: null,
      }),
    ).toBe('sent');
    expect(reminderStatus({ ...full, missingOpen: false, lastRemindedAt: null })).toBe('not_missing');
    expect(reminderStatus({ ...full, missingOpen: true, lastRemindedAt: hoursBefore(1) })).toBe('reminded_recently');
  });
});
