import {
  DISPLAY_SETTINGS,
  poolRuleLines,
  poolRulesSummary,
  type PoolRuleSettings,
  SCORING_SETTINGS,
} from '@pass/domain';
import { describe, expect, it } from 'vitest';
import { PoolSettingsBody } from './pools.js';

/** The schema's snake_case field as the domain's setting name. */
const camel = (field: string) => field.replace(/_([a-z])/g, (_match, letter: string) => letter.toUpperCase());

const settings: PoolRuleSettings = {
  sport: 'americanfootball_nfl',
  season: 2025,
  startWeek: 1,
  gamesPerWeek: 5,
  winBasis: 'ats',
  doublePlay: true,
  triplePlay: false,
  lastManStanding: true,
  confidence: false,
  survivorStrikes: 0,
  survivorBuyBackWeek: null,
  dropWorstWeeks: 0,
  defaultPicks: 'none',
};

/**
 * Another value of each setting. A setting added to the schema without a value here fails the test below, and
 * so does one added without a rule line that states it.
 */
const OTHER_VALUE: { [K in keyof PoolRuleSettings]: PoolRuleSettings[K] } = {
  sport: 'baseball_mlb',
  season: 2024,
  startWeek: 4,
  gamesPerWeek: 1,
  winBasis: 'straight',
  doublePlay: false,
  triplePlay: true,
  lastManStanding: false,
  confidence: true,
  survivorStrikes: 2,
  survivorBuyBackWeek: 5,
  dropWorstWeeks: 2,
  defaultPicks: 'favourites',
};

describe('the rules of a pool, from the pool settings schema', () => {
  const fields = Object.keys(PoolSettingsBody.shape).map(camel);

  it('knows every field of the schema as a rule setting or a display setting', () => {
    const known: string[] = [...SCORING_SETTINGS, ...DISPLAY_SETTINGS];
    expect(fields.filter((field) => !known.includes(field))).toEqual([]);
    expect([...known].sort()).toEqual([...fields].sort());
  });

  it.each(fields.filter((field) => !(DISPLAY_SETTINGS as readonly string[]).includes(field)))(
    'states %s in a rule line, whose text follows its value',
    (field) => {
      const setting = field as keyof PoolRuleSettings;
      expect(Object.hasOwn(OTHER_VALUE, setting)).toBe(true);
      const stated = (values: PoolRuleSettings) =>
        poolRuleLines(values)
          .filter((line) => line.settings.includes(setting))
          .map((line) => line.text);
      expect(stated(settings).length).toBeGreaterThan(0);
      expect(stated({ ...settings, [setting]: OTHER_VALUE[setting] })).not.toEqual(stated(settings));
    },
  );

  it('names no display setting in any rule line', () => {
    const settingsStated = poolRuleLines(settings).flatMap((line) => line.settings as string[]);
    expect(settingsStated.filter((setting) => (DISPLAY_SETTINGS as readonly string[]).includes(setting))).toEqual([]);
  });

  it('sums a pool up in one sentence', () => {
    expect(poolRulesSummary(settings)).toBe(
      "This pool: NFL 2025, weeks 1 to 18, 5 games a week, against the spread, a win +5, a loss −5, a missed pick −5, double play ±10, no triple play, Last Man Standing, tiebreaker: the last game's total.",
    );
  });
});
