import { beforeAll, describe, expect, it } from 'vitest';
import { readHistoryFile } from '../testing/history-files.js';
import { BetKind, BetMode, BetType } from '../enums.js';
import { type NflverseGame, parseNflverseGames } from '../sources/nflverse-games.js';
import { negate } from '../sources/types.js';
import { type EventResult, type GradableEntry, type Grade, gradeEntries, gradeEntry } from './grade-entry.js';

/**
 * Grading checked by hand against real NFL games: nflverse `games.csv` read with the project's own parser, the
 * closing lines taken from it. Each game's facts are asserted first, so a reader can check the table against
 * the file (or a box score) without trusting the arithmetic below.
 */

let games: Map<string, NflverseGame>;
beforeAll(() => {
  const parsed = parseNflverseGames(readHistoryFile('nflverse/games.csv'));
  games = new Map(parsed.records.map((game) => [game.sourceId, game]));
});

const game = (id: string): NflverseGame => {
  const found = games.get(id);
  if (!found) throw new Error(`${id} is not in games.csv`);
  return found;
};

const resultOf = (id: string): EventResult => {
  const g = game(id);
  return { status: g.status, homeTeam: g.home, awayTeam: g.away, homeScore: g.homeScore, awayScore: g.awayScore };
};

/** The closing spread from `team`'s side (the parser gives the home side, sportsbook convention). */
const closingSpread = (id: string, team: string): number => {
  const g = game(id);
  const home = g.closing!.homeSpread!;
  return team === g.home ? home : negate(home);
};
const closingMoneyline = (id: string, team: string): number => {
  const g = game(id);
  return (team === g.home ? g.closing!.homeMoneyline : g.closing!.awayMoneyline)!;
};
const closingTotal = (id: string): number => game(id).closing!.total!;

type Bet = { price: number; stake: number };
const spreadEntry = (id: string, mode: number, team: string, extra: Partial<GradableEntry> = {}): GradableEntry => {
  const line = closingSpread(id, team);
  return {
    mode: mode as GradableEntry['mode'],
    kind: BetKind.spread,
    type: line < 0 ? BetType.favored : BetType.underdog,
    team,
    line,
    ...extra,
  };
};
const moneylineBet = (id: string, team: string, stake: number, type: GradableEntry['type']): GradableEntry => ({
  mode: BetMode.bet_on,
  kind: BetKind.moneyline,
  type,
  team,
  line: null,
  price: closingMoneyline(id, team),
  stake,
});
const totalEntry = (id: string, side: 'over' | 'under', extra: Partial<GradableEntry> & Partial<Bet> = {}) =>
  ({
    mode: BetMode.pick_on,
    kind: BetKind.totals,
    type: side === 'over' ? BetType.over : BetType.under,
    team: null,
    line: closingTotal(id),
    ...extra,
  }) as GradableEntry;

describe('the real games of the table, as games.csv has them', () => {
  it('2023 week 8: PHI 38 at WAS 31, PHI −7, total 42.5, PHI −305 / WAS +245', () => {
    expect(game('2023_08_PHI_WAS')).toMatchObject({ away: 'PHI', awayScore: 38, home: 'WAS', homeScore: 31 });
    expect(game('2023_08_PHI_WAS').closing).toMatchObject({
      homeSpread: 7,
      total: 42.5,
      awayMoneyline: -305,
      homeMoneyline: 245,
    });
  });

  it('2023 week 14: MIN 3 at LV 0, MIN −3, total 40.5, over −112 / under −108', () => {
    expect(game('2023_14_MIN_LV')).toMatchObject({ away: 'MIN', awayScore: 3, home: 'LV', homeScore: 0 });
    expect(game('2023_14_MIN_LV').closing).toMatchObject({
      homeSpread: 3,
      total: 40.5,
      overPrice: -112,
      underPrice: -108,
    });
  });

  it('2022 week 1: IND 20 at HOU 20 after overtime, a tie; IND −7 at −103, HOU +7 at −107, IND −290 / HOU +250, total 46', () => {
    expect(game('2022_01_IND_HOU')).toMatchObject({ away: 'IND', awayScore: 20, home: 'HOU', homeScore: 20 });
    expect(game('2022_01_IND_HOU').closing).toMatchObject({
      homeSpread: 7,
      homeSpreadPrice: -107,
      awaySpreadPrice: -103,
      awayMoneyline: -290,
      homeMoneyline: 250,
      total: 46,
    });
  });

  it('2022 week 17: BUF at CIN, abandoned after Damar Hamlin’s collapse and never completed, is not in the file', () => {
    const meetings = [...games.values()].filter(
      (g) => g.season === 2022 && g.gameType === 'REG' && [g.home, g.away].sort().join() === 'BUF,CIN',
    );
    expect(meetings).toEqual([]);
    expect(games.has('2022_17_BUF_CIN')).toBe(false);
  });

  it('2023 week 1: PHI 25 at NE 20, NE +3.5 — and the 2023 NFC final: DET 31 at SF 34, SF −7.5, SF −325 / DET +260', () => {
    expect(game('2023_01_PHI_NE')).toMatchObject({ away: 'PHI', awayScore: 25, home: 'NE', homeScore: 20 });
    expect(game('2023_01_PHI_NE').closing?.homeSpread).toBe(3.5);
    expect(game('2023_21_DET_SF')).toMatchObject({
      away: 'DET',
      awayScore: 31,
      home: 'SF',
      homeScore: 34,
      gameType: 'CON',
    });
    expect(game('2023_21_DET_SF').closing).toMatchObject({ homeSpread: -7.5, homeMoneyline: -325, awayMoneyline: 260 });
  });

  it('2023 week 14: TEN 28 at MIA 27, TEN +625 / MIA −950 — and 2023 week 1: CIN 3 at CLE 24, CLE +1 yet −108, CIN −112', () => {
    expect(game('2023_14_TEN_MIA')).toMatchObject({ away: 'TEN', awayScore: 28, home: 'MIA', homeScore: 27 });
    expect(game('2023_14_TEN_MIA').closing).toMatchObject({ awayMoneyline: 625, homeMoneyline: -950 });
    expect(game('2023_01_CIN_CLE')).toMatchObject({ away: 'CIN', awayScore: 3, home: 'CLE', homeScore: 24 });
    expect(game('2023_01_CIN_CLE').closing).toMatchObject({ homeSpread: 1, homeMoneyline: -108, awayMoneyline: -112 });
  });
});

/** [game, what is graded, the entry, the grade worked out by hand]. */
const TABLE: [string, string, () => GradableEntry, Grade][] = [
  // A push on a whole-number spread: PHI won by exactly 7.
  [
    '2023_08_PHI_WAS',
    'PHI −7 bet $110 at −110: won by 7, push',
    () => spreadEntry('2023_08_PHI_WAS', BetMode.bet_on, 'PHI', { price: -110, stake: 11_000 }),
    { outcome: 'push', reward: 0 },
  ],
  [
    '2023_08_PHI_WAS',
    'against PHI −7 (WAS +7) pick: push',
    () => spreadEntry('2023_08_PHI_WAS', BetMode.pick_against, 'PHI'),
    { outcome: 'push', reward: 0 },
  ],
  [
    '2023_08_PHI_WAS',
    'over 42.5 bet $110 at −110: 69 points, wins $100',
    () => totalEntry('2023_08_PHI_WAS', 'over', { mode: BetMode.bet_on, price: -110, stake: 11_000 }),
    { outcome: 'win', reward: 10_000 },
  ],
  [
    '2023_08_PHI_WAS',
    'PHI moneyline favourite $100 at −305: wins 100 × 100/305 = $32.79',
    () => moneylineBet('2023_08_PHI_WAS', 'PHI', 10_000, BetType.favored),
    { outcome: 'win', reward: 3279 },
  ],
  [
    '2023_08_PHI_WAS',
    'WAS moneyline underdog $100 at +245: loses the stake',
    () => moneylineBet('2023_08_PHI_WAS', 'WAS', 10_000, BetType.underdog),
    { outcome: 'loss', reward: -10_000 },
  ],
  [
    '2023_14_MIN_LV',
    'MIN −3 triple play: won by 3, push scores 0',
    () => spreadEntry('2023_14_MIN_LV', BetMode.pick_on, 'MIN', { multiplier: 3 }),
    { outcome: 'push', reward: 0 },
  ],
  [
    '2023_14_MIN_LV',
    'under 40.5 bet $108 at −108: 3 points, wins $100',
    () => totalEntry('2023_14_MIN_LV', 'under', { mode: BetMode.bet_on, price: -108, stake: 10_800 }),
    { outcome: 'win', reward: 10_000 },
  ],
  [
    '2023_14_MIN_LV',
    'over 40.5 pick: loses 5',
    () => totalEntry('2023_14_MIN_LV', 'over'),
    { outcome: 'loss', reward: -5 },
  ],
  // A tie: every moneyline pushes; the spread and total still grade.
  [
    '2022_01_IND_HOU',
    'IND moneyline $290 at −290 in a tie: push, stake back',
    () => moneylineBet('2022_01_IND_HOU', 'IND', 29_000, BetType.favored),
    { outcome: 'push', reward: 0 },
  ],
  [
    '2022_01_IND_HOU',
    'HOU moneyline $100 at +250 in a tie: push',
    () => moneylineBet('2022_01_IND_HOU', 'HOU', 10_000, BetType.underdog),
    { outcome: 'push', reward: 0 },
  ],
  [
    '2022_01_IND_HOU',
    'IND to win, double play, in a tie: push scores 0',
    () => ({
      mode: BetMode.pick_on,
      kind: BetKind.moneyline,
      type: BetType.to_win,
      team: 'IND',
      line: null,
      multiplier: 2,
    }),
    { outcome: 'push', reward: 0 },
  ],
  [
    '2022_01_IND_HOU',
    'IND −7 pick: a tie misses by 7, loses 5',
    () => spreadEntry('2022_01_IND_HOU', BetMode.pick_on, 'IND'),
    { outcome: 'loss', reward: -5 },
  ],
  [
    '2022_01_IND_HOU',
    'against IND −7 (HOU +7) bet $107 at −107: wins $100',
    () => spreadEntry('2022_01_IND_HOU', BetMode.bet_against, 'IND', { price: -107, stake: 10_700 }),
    { outcome: 'win', reward: 10_000 },
  ],
  [
    '2022_01_IND_HOU',
    'under 46: 40 points, wins 5',
    () => totalEntry('2022_01_IND_HOU', 'under'),
    { outcome: 'win', reward: 5 },
  ],
  // Teasers that turn a loss into a win.
  [
    '2023_01_PHI_NE',
    'NE +3.5 pick: lost by 5, loses 5',
    () => spreadEntry('2023_01_PHI_NE', BetMode.pick_on, 'NE'),
    { outcome: 'loss', reward: -5 },
  ],
  [
    '2023_01_PHI_NE',
    'NE +3.5 teased 6 to +9.5: wins 5',
    () => spreadEntry('2023_01_PHI_NE', BetMode.pick_on, 'NE', { type: BetType.tease_dog }),
    { outcome: 'win', reward: 5 },
  ],
  [
    '2023_21_DET_SF',
    'SF −7.5 pick: won by 3, loses 5',
    () => spreadEntry('2023_21_DET_SF', BetMode.pick_on, 'SF'),
    { outcome: 'loss', reward: -5 },
  ],
  [
    '2023_21_DET_SF',
    'SF −7.5 teased 6 to −1.5: wins 5',
    () => spreadEntry('2023_21_DET_SF', BetMode.pick_on, 'SF', { type: BetType.tease_fav }),
    { outcome: 'win', reward: 5 },
  ],
  [
    '2023_21_DET_SF',
    'SF moneyline $100 at −325: wins 100 × 100/325 = $30.77',
    () => moneylineBet('2023_21_DET_SF', 'SF', 10_000, BetType.favored),
    { outcome: 'win', reward: 3077 },
  ],
  // Moneylines at plus and minus prices, favourites and underdogs.
  [
    '2023_14_TEN_MIA',
    'TEN moneyline underdog $100 at +625: wins $625',
    () => moneylineBet('2023_14_TEN_MIA', 'TEN', 10_000, BetType.underdog),
    { outcome: 'win', reward: 62_500 },
  ],
  [
    '2023_14_TEN_MIA',
    'MIA moneyline favourite $950 at −950: loses $950',
    () => moneylineBet('2023_14_TEN_MIA', 'MIA', 95_000, BetType.favored),
    { outcome: 'loss', reward: -95_000 },
  ],
  [
    '2023_14_TEN_MIA',
    'against MIA on the moneyline at TEN’s +625, $10: wins $62.50',
    () => ({ ...moneylineBet('2023_14_TEN_MIA', 'MIA', 1000, BetType.favored), mode: BetMode.bet_against, price: 625 }),
    { outcome: 'win', reward: 6250 },
  ],
  [
    '2023_01_CIN_CLE',
    'CLE moneyline underdog at −108, $100: wins 100 × 100/108 = $92.59',
    () => moneylineBet('2023_01_CIN_CLE', 'CLE', 10_000, BetType.underdog),
    { outcome: 'win', reward: 9259 },
  ],
  [
    '2023_01_CIN_CLE',
    'CIN moneyline favourite at −112, $112: loses $112',
    () => moneylineBet('2023_01_CIN_CLE', 'CIN', 11_200, BetType.favored),
    { outcome: 'loss', reward: -11_200 },
  ],
  [
    '2023_01_CIN_CLE',
    'CLE +1 pick: won by 21, wins 5',
    () => spreadEntry('2023_01_CIN_CLE', BetMode.pick_on, 'CLE'),
    { outcome: 'win', reward: 5 },
  ],
];

describe('grading real games', () => {
  it.each(TABLE)('%s: %s', (id, _what, entry, expected) => {
    expect(gradeEntry(entry(), resultOf(id))).toEqual(expected);
  });

  it('voids every entry on 2022 week 17 BUF at CIN, abandoned and then cancelled', () => {
    // The file has no row for it (asserted above), so the result is written out; no score was ever final.
    // The lines below are illustrative, as the file has none for this game: a void does not depend on them.
    const cancelled: EventResult = {
      status: 'cancelled',
      homeTeam: 'CIN',
      awayTeam: 'BUF',
      homeScore: null,
      awayScore: null,
    };
    const entries: GradableEntry[] = [
      {
        mode: BetMode.bet_on,
        kind: BetKind.spread,
        type: BetType.favored,
        team: 'BUF',
        line: -1,
        price: -110,
        stake: 11_000,
      },
      { mode: BetMode.pick_on, kind: BetKind.moneyline, type: BetType.to_win, team: 'CIN', line: null, multiplier: 3 },
      {
        mode: BetMode.bet_against,
        kind: BetKind.totals,
        type: BetType.over,
        team: null,
        line: 49.5,
        price: -110,
        stake: 5500,
      },
      {
        mode: BetMode.pick_against,
        kind: BetKind.spread,
        type: BetType.tease_dog,
        team: 'CIN',
        line: 1,
        teaserPoints: 6,
      },
    ];
    for (const entry of entries) expect(gradeEntry(entry, cancelled)).toEqual({ outcome: 'void', reward: 0 });
  });

  it('grades the whole table at once against results keyed by event id, in any order', () => {
    const entries = TABLE.map(([id, , entry]) => ({ ...entry(), eventId: id }));
    const ids = [...new Set(TABLE.map(([id]) => id))];
    const forward = new Map(ids.map((id) => [id, resultOf(id)]));
    const backward = new Map(ids.reverse().map((id) => [id, resultOf(id)]));
    const expected = TABLE.map(([, , , grade]) => grade);
    expect(gradeEntries(entries, forward)).toEqual(expected);
    expect(gradeEntries(entries, backward)).toEqual(expected);
  });
});
