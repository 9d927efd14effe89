import { describe, expect, it } from 'vitest';
import { POOL_DEFAULTS } from '../constants.js';
import { generalPoolRules, poolRuleLines, poolRulesSummary, POOL_RULE_TEXTS, ruleSectionsHtml } from './rules-text.js';
import { DEFAULT_POOL_LIMITS } from './settings.js';

const base = {
  sport: 'americanfootball_nfl',
  season: 2025,
  startWeek: 3,
  gamesPerWeek: 5,
  winBasis: 'ats',
  doublePlay: false,
  triplePlay: false,
  lastManStanding: false,
  confidence: false,
  survivorStrikes: 0,
  survivorBuyBackWeek: null,
  dropWorstWeeks: 0,
  defaultPicks: 'none',
} as const;

const texts = (settings: Parameters<typeof poolRuleLines>[0]) => poolRuleLines(settings).map((line) => line.text);

describe('poolRuleLines', () => {
  it('states the weeks a pool plays and its slate', () => {
    expect(texts(base)).toContain('NFL, the 2025 season: weeks 3 to 18.');
    expect(texts({ ...base, startWeek: 18 })).toContain('NFL, the 2025 season: week 18 only.');
    expect(texts({ ...base, gamesPerWeek: 1 })[1]).toMatch(/^Each week's slate holds 1 game,/);
  });

  it('words the win basis in the sport’s own terms', () => {
    expect(texts(base).some((text) => text.startsWith('Against the spread: '))).toBe(true);
    expect(texts({ ...base, sport: 'baseball_mlb' }).some((text) => text.startsWith('On the run line: '))).toBe(true);
    expect(texts({ ...base, winBasis: 'straight' })).toContain('$ Line: pick the winner outright; there is no spread.');
  });

  it('gives every pool the missed-pick rule', () => {
    expect(texts(base)).toContain(POOL_RULE_TEXTS.missedPick);
    expect(POOL_RULE_TEXTS.missedPick).toContain(`−${POOL_DEFAULTS.pointsPerGame}`);
  });

  it('says a week has one of the plays, never both, only where both are on', () => {
    const both = texts({ ...base, doublePlay: true, triplePlay: true });
    expect(both).toContain(`Double play: one pick a week may count twice, ±${POOL_DEFAULTS.doublePlayPoints}.`);
    expect(both.some((text) => text.endsWith(POOL_RULE_TEXTS.playsNeverBoth))).toBe(true);
    const triple = texts({ ...base, triplePlay: true });
    expect(triple.some((text) => text.includes(POOL_RULE_TEXTS.playsNeverBoth))).toBe(false);
  });

  it('grades Last Man Standing on the win basis', () => {
    expect(
      texts({ ...base, lastManStanding: true }).some((text) =>
        text.startsWith('Last Man Standing, graded against the spread:'),
      ),
    ).toBe(true);
    expect(
      texts({ ...base, lastManStanding: true, winBasis: 'straight' }).some((text) =>
        text.startsWith('Last Man Standing, graded straight up:'),
      ),
    ).toBe(true);
    expect(texts(base)).toContain('No Last Man Standing.');
  });
});

describe('survivor rules', () => {
  const lms = { ...base, lastManStanding: true };

  it('states every team playing that week, the strikes and the buy-back of a Last Man Standing pool', () => {
    expect(texts(lms)).toContain(POOL_RULE_TEXTS.lastManStandingAnyTeam);
    expect(texts(lms)).toContain('No strikes: the first loss, push or missed week puts a survivor out.');
    expect(texts(lms)).toContain('No buy-back: out is out for the season.');
    const played = texts({ ...lms, survivorStrikes: 2, survivorBuyBackWeek: 6 });
    expect(
      played.some((text) =>
        text.startsWith('Strikes: a survivor may lose, push or miss 2 times and stay in; the 3rd puts them out.'),
      ),
    ).toBe(true);
    expect(
      played.some((text) => text.startsWith('Buy-back: a member who went out in week 6 or before comes back once')),
    ).toBe(true);
    expect(poolRulesSummary({ ...lms, survivorStrikes: 1, survivorBuyBackWeek: 6 })).toContain(
      'Last Man Standing, 1 strike, buy-back through week 6',
    );
  });

  it('states them in the general rules', () => {
    const lines = generalPoolRules(DEFAULT_POOL_LIMITS).flatMap((section) => section.lines);
    expect(lines).toContain(POOL_RULE_TEXTS.survivorStrikes);
    expect(lines).toContain(POOL_RULE_TEXTS.survivorBuyBack);
  });
});

describe('confidence pools', () => {
  it('states the confidence rule, and a missed pick and a loss at 0, in place of the points', () => {
    const confidence = texts({ ...base, confidence: true });
    expect(confidence).toContain(
      "Confidence points: each week rank your picks from 1 to 5 (to the slate's size in a shorter week), each number used once; a win scores its number, a loss, a push or a tie 0. A pick's number locks with it.",
    );
    expect(confidence).toContain(POOL_RULE_TEXTS.confidenceMissedPick);
    expect(confidence).not.toContain(POOL_RULE_TEXTS.points);
    expect(confidence).not.toContain(POOL_RULE_TEXTS.missedPick);
    expect(texts(base)).toContain(POOL_RULE_TEXTS.points);
    expect(poolRulesSummary({ ...base, confidence: true })).toContain(
      'confidence points from 1 to 5, a loss 0, a missed pick 0',
    );
  });

  it('states the setting in the general rules', () => {
    const lines = generalPoolRules(DEFAULT_POOL_LIMITS).flatMap((section) => section.lines);
    expect(lines.join(' ')).toContain(POOL_RULE_TEXTS.confidence);
  });
});

describe('generalPoolRules', () => {
  it('states the limits it is given', () => {
    const lines = generalPoolRules({ ...DEFAULT_POOL_LIMITS, maxPoolsPerLifeguard: 4 }).flatMap(
      (section) => section.lines,
    );
    expect(lines.join(' ')).toContain('up to 4 active pools');
    expect(lines.join(' ')).toContain(`up to ${DEFAULT_POOL_LIMITS.maxGuestsPerPool} guests`);
    expect(lines).toContain(POOL_RULE_TEXTS.missedPick);
  });
});

describe('ruleSectionsHtml', () => {
  it('writes a heading and a paragraph per line, escaped', () => {
    expect(ruleSectionsHtml([{ heading: 'A & B', lines: ['x < y', 'z'] }])).toBe(
      '<h2>A &#38; B</h2>\n<p>x &#60; y</p>\n<p>z</p>',
    );
  });
});

describe('dropped weeks and default picks', () => {
  it('state how many weeks drop, and that every week counts without the setting', () => {
    expect(texts(base)).toContain('Every week counts toward the season total.');
    expect(texts({ ...base, dropWorstWeeks: 2 }).some((text) => text.startsWith('Worst 2 weeks dropped: '))).toBe(true);
    expect(poolRulesSummary({ ...base, dropWorstWeeks: 1 })).toContain('worst week dropped');
    expect(poolRulesSummary(base)).not.toContain('dropped');
  });

  it('state the default pick in place of the missed pick, in the pool’s own terms', () => {
    const favourites = texts({ ...base, defaultPicks: 'favourites' });
    expect(favourites).not.toContain(POOL_RULE_TEXTS.missedPick);
    expect(favourites.some((text) => text.includes('the favourite by the frozen spread'))).toBe(true);
    const straight = texts({ ...base, winBasis: 'straight', defaultPicks: 'favourites' });
    expect(straight.some((text) => text.includes('by the closing spread once it is known, else the home team'))).toBe(
      true,
    );
    const confidenceHome = texts({ ...base, confidence: true, defaultPicks: 'home' });
    expect(confidenceHome.some((text) => text.includes('the home team') && text.includes('smallest number'))).toBe(
      true,
    );
  });

  it('state both in the general rules', () => {
    const lines = generalPoolRules(DEFAULT_POOL_LIMITS).flatMap((section) => section.lines);
    expect(lines).toContain(POOL_RULE_TEXTS.defaultPicks);
    expect(lines).toContain(POOL_RULE_TEXTS.dropWorstWeeks);
  });
});
