import { POOL_RULE_TEXTS } from '@pass/domain';
import { describe, expect, it } from 'vitest';
import { poolLifeguardReminderMail, poolPickReminderMail } from './templates.js';

/** The pick reminders state what a missed pick costs in the pool's own rules (decision 080). */

const unsubscribe = { api: 'https://pass.test/api/unsubscribe?t=x', page: 'https://pass.test/unsubscribe?t=x' };
const common = { username: 'gina', poolName: 'Office pool', weekLabel: 'Week 1', missing: 2, slateSize: 5 };

describe('pick reminder mails', () => {
  it('state the missed pick as −5, or as 0 in a confidence pool', () => {
    const reminder = (confidence: boolean) =>
      poolPickReminderMail('gina@example.com', {
        ...common,
        hours: 24,
        firstLock: new Date('2025-09-05T00:20:00Z'),
        confidence,
        url: 'https://pass.test/football/pool/1?week=1',
        unsubscribe,
      }).text;
    expect(reminder(false)).toContain(POOL_RULE_TEXTS.missedPick);
    expect(reminder(true)).toContain(POOL_RULE_TEXTS.confidenceMissedPick);
    expect(reminder(true)).not.toContain(POOL_RULE_TEXTS.missedPick);

    const fromLifeguard = poolLifeguardReminderMail('gina@example.com', {
      ...common,
      lifeguard: 'lou',
      lmsTeamMissing: false,
      tiebreakerMissing: false,
      nextLock: null,
      confidence: true,
      url: 'https://pass.test/football/pool/1?week=1',
      unsubscribe,
    }).text;
    expect(fromLifeguard).toContain(POOL_RULE_TEXTS.confidenceMissedPick);
  });

  it('state the default pick instead in a pool that gives one', () => {
    const reminder = (defaultPicks: 'favourites' | 'home') =>
      poolPickReminderMail('gina@example.com', {
        ...common,
        hours: 1,
        firstLock: new Date('2025-09-05T00:20:00Z'),
        defaultPicks,
        url: 'https://pass.test/football/pool/1?week=1',
        unsubscribe,
      }).text;
    expect(reminder('favourites')).toContain(POOL_RULE_TEXTS.defaultPickFavourites);
    expect(reminder('favourites')).not.toContain(POOL_RULE_TEXTS.missedPick);
    const fromLifeguard = poolLifeguardReminderMail('gina@example.com', {
      ...common,
      lifeguard: 'lou',
      lmsTeamMissing: false,
      tiebreakerMissing: false,
      nextLock: null,
      defaultPicks: 'home',
      url: 'https://pass.test/football/pool/1?week=1',
      unsubscribe,
    }).text;
    expect(fromLifeguard).toContain(POOL_RULE_TEXTS.defaultPickHome);
  });
});
