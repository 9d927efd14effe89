import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  lineOfRecord,
  lineOfRecordFromQuotes,
  medianOf,
  medianPrice,
  roundToHalfPoint,
  sourceClosingLine,
  spreadResult,
  totalResult,
  type RecordQuote,
} from './line-of-record.js';

const KICKOFF = '2025-11-09T18:00:00.000Z';
const BEFORE = '2025-11-09T12:00:00.000Z';
const AFTER = '2025-11-09T19:00:00.000Z';
const game = { homeTeam: 'DET', awayTeam: 'KC', kickoff: KICKOFF };

/** A book's full line (home spread, total, moneylines) at one time. */
function book(
  name: string,
  at: string,
  line: { spread?: number; total?: number; home?: number; away?: number },
  source = 'odds-api',
): RecordQuote[] {
  const quotes: RecordQuote[] = [];
  const q = (market: RecordQuote['market'], outcome: string, price: number, point: number | null) =>
    quotes.push({ book: name, market, outcome, price, point, at, source });
  if (line.spread !== undefined) {
    q('spreads', 'DET', -110, line.spread);
    q('spreads', 'KC', -110, -line.spread + 0);
  }
  if (line.total !== undefined) {
    q('totals', 'Over', -110, line.total);
    q('totals', 'Under', -110, line.total);
  }
  if (line.home !== undefined) q('h2h', 'DET', line.home, null);
  if (line.away !== undefined) q('h2h', 'KC', line.away, null);
  return quotes;
}

describe('roundToHalfPoint', () => {
  it('keeps half points and whole points', () => {
    expect([-7, -3.5, 0, 2.5, 44].map(roundToHalfPoint)).toEqual([-7, -3.5, 0, 2.5, 44]);
  });
  it('rounds a quarter point away from zero, the same from either side', () => {
    expect(roundToHalfPoint(-3.25)).toBe(-3.5);
    expect(roundToHalfPoint(3.25)).toBe(3.5);
    expect(roundToHalfPoint(36.75)).toBe(37);
    expect(roundToHalfPoint(-36.75)).toBe(-37);
    expect(roundToHalfPoint(-0.25)).toBe(-0.5);
  });
  it('rounds other values to the nearest half point and never gives −0', () => {
    expect(roundToHalfPoint(3.1)).toBe(3);
    expect(roundToHalfPoint(3.4)).toBe(3.5);
    expect(roundToHalfPoint(-3.6)).toBe(-3.5);
    expect(Object.is(roundToHalfPoint(-0.1), 0)).toBe(true);
  });
});

describe('medianOf and medianPrice', () => {
  it('takes the middle value, or the mean of the middle two', () => {
    expect(medianOf([])).toBeNull();
    expect(medianOf([3])).toBe(3);
    expect(medianOf([5, 1, 3])).toBe(3);
    expect(medianOf([36.5, 37, 37, 36.5])).toBe(36.75);
  });
  it('gives a quoted price back as quoted and a price between two through implied probability', () => {
    expect(medianPrice([-150])).toBe(-150);
    expect(medianPrice([100, -100])).toBe(100);
    expect(medianPrice([-110, -130, -120])).toBe(-120);
    // 0.5238 and 0.5652: the mean 0.5445 is −119.6, the nearest whole price −120.
    expect(medianPrice([-110, -130])).toBe(-120);
    expect(medianPrice([])).toBeNull();
    expect(medianPrice([50])).toBeNull();
  });
});

describe('lineOfRecord', () => {
  it("takes the source file's closing line where it gives one, and names it", () => {
    const line = lineOfRecord({
      ...game,
      closing: { source: 'nflverse', homeSpread: -2.5, total: 51.5, homeMoneyline: -142, awayMoneyline: 120 },
      quotes: book('betus', BEFORE, { spread: -3, total: 50 }),
    });
    expect(line).toEqual({
      homeSpread: -2.5,
      total: 51.5,
      homeMoneyline: -142,
      awayMoneyline: 120,
      prices: { homeSpread: null, awaySpread: null, over: null, under: null },
      source: { kind: 'closing', provider: 'nflverse', books: 0, label: 'closing line from nflverse' },
    });
  });

  it('names CFBD and ESPN closing lines by their source', () => {
    const closing = { homeSpread: -7, total: null, homeMoneyline: null, awayMoneyline: null };
    expect(lineOfRecord({ ...game, closing: { ...closing, source: 'cfbd' }, quotes: [] }).source.label).toBe(
      'closing line from CFBD',
    );
    expect(lineOfRecord({ ...game, closing: { ...closing, source: 'cfbd-lines' }, quotes: [] }).source.label).toBe(
      'closing line from CFBD',
    );
    expect(lineOfRecord({ ...game, closing: { ...closing, source: 'sportsdataverse' }, quotes: [] }).source.label).toBe(
      'closing line from ESPN (sportsdataverse)',
    );
  });

  it("fills a market the source's closing line lacks from the books' median, and says so", () => {
    const line = lineOfRecord({
      ...game,
      closing: { source: 'cfbd', homeSpread: -7, total: null, homeMoneyline: null, awayMoneyline: null },
      quotes: [
        ...book('a', BEFORE, { total: 44, home: -300, away: 250 }),
        ...book('b', BEFORE, { total: 45, home: -280, away: 230 }),
      ],
    });
    expect(line).toMatchObject({ homeSpread: -7, total: 44.5, homeMoneyline: -290 });
    expect(line.source).toEqual({
      kind: 'closing',
      provider: 'cfbd',
      books: 2,
      label: "closing line from CFBD; total: median of 2 books' last quotes before kickoff",
    });
  });

  it("otherwise takes the median of each book's last quote before kickoff", () => {
    const line = lineOfRecord({
      ...game,
      quotes: [
        ...book('betus', '2025-11-08T12:00:00Z', { spread: 3, total: 38, home: 130, away: -150 }),
        ...book('betus', BEFORE, { spread: 2.5, total: 37, home: 120, away: -140 }),
        ...book('draftkings', BEFORE, { spread: 2.5, total: 36.5, home: 125, away: -145 }),
        ...book('fanduel', BEFORE, { spread: 3, total: 36.5, home: 120, away: -140 }),
      ],
    });
    expect(line).toEqual({
      homeSpread: 2.5,
      total: 36.5,
      homeMoneyline: 120,
      awayMoneyline: -140,
      prices: { homeSpread: -110, awaySpread: -110, over: -110, under: -110 },
      source: { kind: 'median', provider: null, books: 3, label: "median of 3 books' last quotes before kickoff" },
    });
  });

  it('rounds the median of an even number of books to the half point, a quarter away from zero', () => {
    const quotes = [
      ...book('a', BEFORE, { spread: -3, total: 37 }),
      ...book('b', BEFORE, { spread: -3.5, total: 36.5 }),
    ];
    const line = lineOfRecord({ ...game, quotes });
    expect(line).toMatchObject({ homeSpread: -3.5, total: 37 });
    expect(line.source.label).toBe("median of 2 books' last quotes before kickoff");
    // From the other side the same game reads the same line.
    const flipped = lineOfRecord({ homeTeam: 'KC', awayTeam: 'DET', kickoff: KICKOFF, quotes });
    expect(flipped.homeSpread).toBe(3.5);
  });

  it('ignores quotes after kickoff, and counts a quote at kickoff', () => {
    const line = lineOfRecord({
      ...game,
      quotes: [
        ...book('a', BEFORE, { spread: -3, total: 40 }),
        ...book('a', KICKOFF, { spread: -4, total: 41 }),
        ...book('a', AFTER, { spread: -10, total: 30 }),
        ...book('late', AFTER, { spread: -10, total: 30 }),
      ],
    });
    expect(line).toMatchObject({ homeSpread: -4, total: 41, source: { books: 1 } });
    expect(line.source.label).toBe("median of 1 book's last quote before kickoff");
  });

  it('reads a book that quotes only the away side of a spread, or only the under', () => {
    const quotes: RecordQuote[] = [
      { book: 'a', market: 'spreads', outcome: 'KC', price: -110, point: 6.5, at: BEFORE },
      { book: 'a', market: 'totals', outcome: 'Under', price: -110, point: 41.5, at: BEFORE },
    ];
    expect(lineOfRecord({ ...game, quotes })).toMatchObject({ homeSpread: -6.5, total: 41.5 });
  });

  it('with asOf, gives the line as it stood then (never later than kickoff)', () => {
    const quotes = [
      ...book('a', '2025-11-08T12:00:00Z', { spread: -3 }),
      ...book('a', BEFORE, { spread: -4 }),
      ...book('consensus', KICKOFF, { spread: -5 }, 'nflverse'),
    ];
    expect(lineOfRecordFromQuotes({ ...game, asOf: '2025-11-09T00:00:00Z' }, quotes).homeSpread).toBe(-3);
    expect(lineOfRecordFromQuotes({ ...game, asOf: AFTER }, quotes).homeSpread).toBe(-5);
    expect(lineOfRecordFromQuotes(game, quotes).homeSpread).toBe(-5);
  });

  it('gives no line for a game no book quoted before kickoff', () => {
    const line = lineOfRecord({ ...game, quotes: book('a', AFTER, { spread: -3, total: 40 }) });
    expect(line).toEqual({
      homeSpread: null,
      total: null,
      homeMoneyline: null,
      awayMoneyline: null,
      prices: { homeSpread: null, awaySpread: null, over: null, under: null },
      source: { kind: 'none', provider: null, books: 0, label: 'no line: no book quoted the game before kickoff' },
    });
  });

  it('keeps a source with moneylines only where no book quoted the game', () => {
    const line = lineOfRecord({
      ...game,
      closing: { source: 'nflverse', homeSpread: null, total: null, homeMoneyline: -200, awayMoneyline: 170 },
      quotes: [],
    });
    expect(line).toMatchObject({ homeMoneyline: -200, awayMoneyline: 170, source: { kind: 'closing' } });
  });
});

describe('sourceClosingLine and lineOfRecordFromQuotes', () => {
  it('reads the consensus quotes as the source closing line, the last one filed before the cut-off', () => {
    const quotes = [
      ...book('consensus', '2025-11-09T17:00:00Z', { spread: -6 }, 'cfbd-lines'),
      ...book('consensus', KICKOFF, { spread: -6.5, total: 48 }, 'sportsdataverse'),
      ...book('betus', BEFORE, { spread: -7, total: 50 }),
    ];
    expect(sourceClosingLine(quotes, game, KICKOFF)).toEqual({
      source: 'sportsdataverse',
      homeSpread: -6.5,
      total: 48,
      homeMoneyline: null,
      awayMoneyline: null,
      prices: { homeSpread: -110, awaySpread: -110, over: -110, under: -110 },
    });
    const line = lineOfRecordFromQuotes(game, quotes);
    expect(line).toMatchObject({
      homeSpread: -6.5,
      total: 48,
      source: { kind: 'closing', provider: 'sportsdataverse' },
    });
    expect(sourceClosingLine(book('betus', BEFORE, { spread: -7 }), game, KICKOFF)).toBeNull();
  });

  it("takes the prices of the source's sides with its line, and the books' median prices otherwise", () => {
    const quotes: RecordQuote[] = [
      { book: 'consensus', market: 'spreads', outcome: 'DET', price: -105, point: -3, at: KICKOFF, source: 'nflverse' },
      { book: 'consensus', market: 'spreads', outcome: 'KC', price: -115, point: 3, at: KICKOFF, source: 'nflverse' },
      { book: 'a', market: 'totals', outcome: 'Over', price: -120, point: 44, at: BEFORE },
      { book: 'b', market: 'totals', outcome: 'Over', price: -110, point: 44, at: BEFORE },
      { book: 'c', market: 'totals', outcome: 'Over', price: -100, point: 45, at: BEFORE },
    ];
    expect(lineOfRecordFromQuotes(game, quotes)).toMatchObject({
      homeSpread: -3,
      total: 44,
      prices: { homeSpread: -105, awaySpread: -115, over: -110, under: null },
    });
  });

  it("keeps a source's closing line filed after the schedule's kickoff, unless the line is asked for before it", () => {
    const quotes = [...book('consensus', AFTER, { spread: -1 }, 'nflverse'), ...book('a', BEFORE, { spread: -3 })];
    expect(lineOfRecordFromQuotes(game, quotes)).toMatchObject({ homeSpread: -1, source: { kind: 'closing' } });
    expect(lineOfRecordFromQuotes({ ...game, asOf: KICKOFF }, quotes)).toMatchObject({
      homeSpread: -3,
      source: { kind: 'median', books: 1 },
    });
  });

  it('never counts the consensus book among the books of a median', () => {
    const quotes = [
      ...book('consensus', BEFORE, { total: 40 }, 'cfbd'),
      ...book('a', BEFORE, { spread: -3, total: 50 }),
    ];
    expect(lineOfRecordFromQuotes(game, quotes)).toMatchObject({
      homeSpread: -3,
      total: 40,
      source: {
        kind: 'closing',
        books: 1,
        label: "closing line from CFBD; spread: median of 1 book's last quote before kickoff",
      },
    });
  });
});

describe('results against the line', () => {
  it('grades covers, pushes, overs and unders', () => {
    expect(spreadResult(20, 17, -3)).toBe('push');
    expect(spreadResult(21, 17, -3)).toBe('home');
    expect(spreadResult(19, 17, -3)).toBe('away');
    expect(spreadResult(19, 17, null)).toBeNull();
    expect(totalResult(20, 17, 37)).toBe('push');
    expect(totalResult(20, 17, 36.5)).toBe('over');
    expect(totalResult(20, 16, 36.5)).toBe('under');
    expect(totalResult(20, 16, null)).toBeNull();
  });
});

describe('line of record properties', () => {
  const kickoffMs = Date.parse(KICKOFF);
  const point = fc.integer({ min: -40, max: 120 }).map((half) => half / 2);
  const quoteArb = fc.record({
    book: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
    spread: point,
    total: fc.integer({ min: 60, max: 140 }).map((half) => half / 2),
    offset: fc.integer({ min: -3 * 86_400, max: 86_400 }),
  });
  const quotesOf = (entries: { book: string; spread: number; total: number; offset: number }[]) =>
    entries.flatMap((entry) =>
      book(entry.book, new Date(kickoffMs + entry.offset * 1000).toISOString(), {
        spread: entry.spread,
        total: entry.total,
      }),
    );

  it('always lands on a half point', () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { maxLength: 20 }), (entries) => {
        const line = lineOfRecord({ ...game, quotes: quotesOf(entries) });
        for (const value of [line.homeSpread, line.total]) {
          if (value !== null) expect(Number.isInteger(value * 2)).toBe(true);
        }
      }),
    );
  });

  it('ignores quotes after kickoff, whatever they say', () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { maxLength: 20 }), fc.array(quoteArb, { maxLength: 10 }), (before, after) => {
        const early = before.map((entry) => ({ ...entry, offset: -Math.abs(entry.offset) }));
        const late = after.map((entry) => ({ ...entry, offset: Math.abs(entry.offset) + 1 }));
        expect(lineOfRecord({ ...game, quotes: quotesOf([...early, ...late]) })).toEqual(
          lineOfRecord({ ...game, quotes: quotesOf(early) }),
        );
      }),
    );
  });

  it('reads the same game the same from either side', () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { maxLength: 20 }), (entries) => {
        const quotes = quotesOf(entries);
        const home = lineOfRecord({ ...game, quotes });
        const away = lineOfRecord({ homeTeam: 'KC', awayTeam: 'DET', kickoff: KICKOFF, quotes });
        expect(away.homeSpread).toBe(home.homeSpread === null ? null : -home.homeSpread + 0);
        expect(away.total).toBe(home.total);
      }),
    );
  });

  it('stays within the range of the quoted lines', () => {
    fc.assert(
      fc.property(fc.array(quoteArb, { minLength: 1, maxLength: 20 }), (entries) => {
        const early = entries.map((entry) => ({ ...entry, offset: -Math.abs(entry.offset) }));
        const line = lineOfRecord({ ...game, quotes: quotesOf(early) });
        const spreads = early.map((entry) => entry.spread);
        expect(line.homeSpread).toBeGreaterThanOrEqual(Math.min(...spreads));
        expect(line.homeSpread).toBeLessThanOrEqual(Math.max(...spreads));
      }),
    );
  });
});
