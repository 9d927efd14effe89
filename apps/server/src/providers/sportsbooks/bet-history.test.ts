import { describe, expect, it } from 'vitest';
import { readCsvBetHistory, readMarket, readSelection } from './bet-history-csv.js';
import {
  asText,
  decodeExport,
  MAX_EXPORT_ROWS,
  MAX_LISTED_ROW_ERRORS,
  parseAmericanPrice,
  parseDecimalPrice,
  readAtOnce,
  ROWS_PER_STEP,
  UnreadableExport,
} from './bet-history.js';
import { detectConnector, readBetHistory, readBetHistorySteps } from './index.js';

const DK_HEADER =
  'External_Bet_ID,Bet_Date_Time,Bet_Type,Bet_Amount,Number_of_Legs,Bet_Settled,Bet_Selection,Market_Name,Bet_American_Odds,Bet_Result,Payout,Leg_Result,Leg_American_Odds,Primary';

describe('the sportsbook connectors', () => {
  it('reads prices as the exports write them, American or decimal', () => {
    expect(parseAmericanPrice('+150')).toBe(150);
    expect(parseAmericanPrice(' -110 ')).toBe(-110);
    expect(parseAmericanPrice('EVEN')).toBe(100);
    expect(parseAmericanPrice('-99')).toBeUndefined();
    expect(parseAmericanPrice('2.50')).toBeUndefined();
    expect(parseDecimalPrice('2.50')).toBe(150);
    expect(parseDecimalPrice('1.40')).toBe(-250);
    expect(parseDecimalPrice('1.01')).toBeUndefined();
    expect(parseDecimalPrice('-2.5')).toBeUndefined();
    expect(parseDecimalPrice(`1${'0'.repeat(400)}`)).toBeUndefined();
  });

  it('reads header names with underscores, quoted cells with commas and CRLF endings', () => {
    const text = [
      DK_HEADER,
      'A-1,2024-09-05 18:00:00,Single,22.00,1,Settled,"Kansas City Chiefs -3","Baltimore Ravens @ Kansas City Chiefs - Spread",-110,WON,42.00,WON,-110,1',
    ].join('\r\n');
    expect(detectConnector(text).format).toBe('draftkings_csv');
    const history = readBetHistory(text);
    expect(history.rowErrors).toEqual([]);
    expect(history.slips[0]).toMatchObject({
      book_bet_id: 'A-1',
      placed_at: '2024-09-05T22:00:00.000Z',
      stake_cents: 2200,
      payout_cents: 4200,
      result: 'won',
      legs: [
        { event: 'Baltimore Ravens @ Kansas City Chiefs', market: 'spread', selection: 'Kansas City Chiefs', line: -3 },
      ],
    });
  });

  it('reads markets and lines, and names what it will not read', () => {
    expect(readMarket('Run Line')).toBe('spread');
    expect(readMarket('Puck Line')).toBe('spread');
    expect(readMarket('Total Points')).toBe('total');
    expect(readMarket('Money Line')).toBe('moneyline');
    expect(readMarket('1st Half Spread')).toMatch(/part of a game/);
    expect(readMarket('Anytime Touchdown Scorer')).toMatch(/not a moneyline/);
    expect(readSelection('total', 'Over 47.5', '')).toEqual({ selection: 'Over', line: 47.5 });
    expect(readSelection('spread', 'New York Yankees', '-1.5')).toEqual({ selection: 'New York Yankees', line: -1.5 });
    expect(readSelection('spread', 'Dallas Cowboys PK', '')).toEqual({ selection: 'Dallas Cowboys', line: 0 });
    expect(readSelection('moneyline', '@SUM(A1)', '')).toMatch(/formula/);
  });

  it('keeps a formula only as text when it quotes one back', () => {
    expect(asText('=cmd|"/c calc"!A1')).toBe('\'=cmd|"/c calc"!A1');
    expect(asText('+1')).toBe("'+1");
    expect(asText('Chiefs')).toBe('Chiefs');
  });

  it('refuses UTF-16, Latin-1 and NUL bytes by name, and drops a UTF-8 byte-order mark', () => {
    expect(() => decodeExport(Buffer.from([0xff, 0xfe, 0x41, 0x00]))).toThrow(/UTF-16/);
    expect(() => decodeExport(Buffer.from('Caf\u00e9', 'latin1'))).toThrow(/not UTF-8/);
    expect(() => decodeExport(Buffer.from('a\u0000b'))).toThrow(UnreadableExport);
    expect(decodeExport(Buffer.from('\ufeffExternal Bet ID'))).toBe('External Bet ID');
  });

  it('reports a bet whose Primary row is missing and a half row, and reads the rest', () => {
    const layoutText = [
      DK_HEADER,
      'B-1,2024-09-08 10:00:00,Parlay,,2,Settled,Pittsburgh Steelers,Pittsburgh Steelers @ Atlanta Falcons - Moneyline,,,,WON,+160,0',
      'B-2,2024-09-08 10:00:00,Single,5.00,1,Settled,Pittsburgh Steelers,Pittsburgh Steelers @ Atlanta Falcons - Moneyline,+160,LOST,0.00,LOST,+160,1',
      'B-3,2024-09-08 10:00:00,Single,5.0',
    ].join('\n');
    const history = readBetHistory(layoutText);
    expect(history.slips.map((slip) => slip.book_bet_id)).toEqual(['B-2']);
    expect(history.rowErrors).toEqual([
      { row: 2, reason: expect.stringContaining('Primary') as string },
      { row: 4, reason: expect.stringContaining('cut off') as string },
    ]);
    expect(history.rows).toBe(3);
  });

  it('refuses a file whose header is neither book’s', () => {
    expect(() => readBetHistory('Date,Team\n2024-09-05,KC\n')).toThrow(/External Bet ID/);
    expect(() =>
      readCsvBetHistory('External Bet ID\nX-1\n', {
        format: 'fanduel_csv',
        required: ['External Bet ID', 'Event Name'],
        legCells: () => 'unused',
      }),
    ).toThrow(/Event Name/);
  });

  describe('bonus bets, told in every format', () => {
    const FD_HEADER =
      'External Bet ID,Bet Date Time,Bet Type,Bet Amount,Bet Settled,Event Name,League,Bet Selection,Market Name,Leg Handicap,Teaser Points,Bet American Odds,Bet Decimal Odds,Leg American Odds,Leg Decimal Odds,Multi Bet American Odds,Multi Bet Decimal Odds,Leg Result,Bet Result,Payout,Potential Payout,Leg Bet Type,Leg Event Date Time,Bet Settled Date,Same Game Parlay,State,Primary';
    /** A FanDuel single on the Yankees at −110 with the given type, result, payout and payout offered. */
    const fdSingle = (id: string, type: string, result: string, payout: string, potential: string) =>
      `${id},2025-05-16 12:00:00,${type},10.00,Settled,New York Mets @ New York Yankees,MLB,New York Yankees,Moneyline,,,-110,,-110,,,,${result},${result},${payout},${potential},,2025-05-16 19:05:00,,false,NJ,1`;
    const DK_FULL_HEADER =
      'External Bet ID,Bet Date Time,Bet Type,Bet Amount,Number of Bets,Number of Legs,Bet Settled,Bet Selection,Market Name,Bet American Odds,Bet Result,Payout,Potential Payout,Leg Settled,Leg Result,Leg American Odds,Bet Settled Date,Bet Bonus Type,Bet Bonus Amount,Risk Free Bet,Bet Boosted Odds,Bet Bonus Max Winning Amount,Bet Bonus Winning Amount,Bet Boost Percentage,Boosted Bet,Early Win Settled,Primary';
    /** A DraftKings single on the Yankees at −110, lost, with the bonus cells given. */
    const dkLost = (id: string, bonusType: string, bonusAmount: string, riskFree: string) =>
      `${id},2025-05-16 12:00:00,Single,10.00,1,1,Settled,NY Yankees,NY Mets @ NY Yankees - Moneyline,-110,Lost,0.00,19.09,true,Lost,-110,,${bonusType},${bonusAmount},${riskFree},,,,,false,false,1`;
    const bonusOf = (text: string) => {
      const history = readBetHistory(text);
      expect(history.rowErrors).toEqual([]);
      return Object.fromEntries(history.slips.map((slip) => [slip.book_bet_id, slip.bonus]));
    };

    it('reads FanDuel’s bonus bet, won or lost, from a payout offered without the stake', () => {
      const text = [
        FD_HEADER,
        // Lost: $10 of bonus at −110 offered $9.09, the profit alone; a cash bet is offered $19.09.
        fdSingle('FD-1', 'Single', 'LOST', '0.00', '9.09'),
        fdSingle('FD-2', 'Single', 'LOST', '0.00', '19.09'),
        // Won: paid the profit alone, or the stake with it.
        fdSingle('FD-3', 'Single', 'WON', '9.09', '9.09'),
        fdSingle('FD-4', 'Single', 'WON', '19.09', '19.09'),
        // A marker in the bet type, whatever the amounts say; the type is still read as a single.
        fdSingle('FD-5', 'Single (Bonus Bet)', 'LOST', '0.00', ''),
        fdSingle('FD-6', 'Free Bet', 'LOST', '0.00', ''),
        // No amount offered and nothing paid: nothing says the stake was not the member's.
        fdSingle('FD-7', 'Single', 'LOST', '0.00', ''),
        // A lost parlay of $5 at +264 offered $13.20, the profit alone (the price is rounded: within 2 %).
        'FD-8,2025-05-16 12:00:00,Parlay,5.00,Settled,New York Mets @ New York Yankees,MLB,New York Yankees,Moneyline,,,,,-140,,+264,,LOST,LOST,0.00,13.22,,2025-05-16 19:05:00,,false,NJ,1',
        'FD-8,2025-05-16 12:00:00,Parlay,,Settled,Minnesota Twins @ Baltimore Orioles,MLB,Over,Total Runs,8.5,,,,+105,,,,WON,,,,,2025-05-16 19:05:00,,false,NJ,0',
      ].join('\n');
      expect(bonusOf(text)).toEqual({
        'FD-1': true,
        'FD-2': false,
        'FD-3': true,
        'FD-4': false,
        'FD-5': true,
        'FD-6': true,
        'FD-7': false,
        'FD-8': true,
      });
      expect(readBetHistory(text).slips.find((slip) => slip.book_bet_id === 'FD-5')!.kind).toBe('single');
    });

    it('reads DraftKings’ bonus and free bets, and not its boosts or No Sweat bets, staked with the member’s money', () => {
      const text = [
        DK_FULL_HEADER,
        dkLost('DK-1', 'Bonus Bet', '10.00', 'false'),
        dkLost('DK-2', 'Free Bet', '', 'false'),
        dkLost('DK-3', '', '10.00', 'false'),
        dkLost('DK-4', 'Profit Boost', '', 'false'),
        dkLost('DK-5', 'No Sweat Bet', '10.00', 'false'),
        dkLost('DK-6', '', '', 'true'),
        dkLost('DK-7', '', '', 'false'),
      ].join('\n');
      expect(bonusOf(text)).toEqual({
        'DK-1': true,
        'DK-2': true,
        'DK-3': true,
        'DK-4': false,
        'DK-5': false,
        'DK-6': false,
        'DK-7': false,
      });
    });

    it('takes a JSON slip’s own flag', () => {
      const slip = (id: string, bonus?: boolean) => ({
        book_bet_id: id,
        placed_at: '2025-05-16T12:00:00-04:00',
        kind: 'single',
        stake_cents: 1000,
        result: 'lost',
        payout_cents: 0,
        ...(bonus === undefined ? {} : { bonus }),
        legs: [
          {
            event: 'New York Mets @ New York Yankees',
            market: 'moneyline',
            selection: 'New York Yankees',
            price: -110,
          },
        ],
      });
      expect(bonusOf(JSON.stringify([slip('J-1', true), slip('J-2', false), slip('J-3')]))).toEqual({
        'J-1': true,
        'J-2': false,
        'J-3': false,
      });
    });
  });

  describe('a hostile export: many rows, many of them sharing one bet id', () => {
    const PARLAY_LEG =
      'H-1,2024-09-08 10:00:00,Parlay,5.00,,Settled,Pittsburgh Steelers,Pittsburgh Steelers @ Atlanta Falcons - Moneyline,+950,LOST,0.00,WON,+160,0';
    const single = (id: string) =>
      `${id},2024-09-08 10:00:00,Single,5.00,1,Settled,Pittsburgh Steelers,Pittsburgh Steelers @ Atlanta Falcons - Moneyline,+160,LOST,0.00,LOST,+160,1`;
    const hostile = (shared: number, singles: number) =>
      [
        DK_HEADER,
        ...Array.from({ length: shared }, (_, index) => (index === 0 ? PARLAY_LEG.replace(/,0$/, ',1') : PARLAY_LEG)),
        ...Array.from({ length: singles }, (_, index) => single(`S-${index}`)),
      ].join('\n');

    it('groups every row of the shared id into one bet, refused as too many legs, and reads the other bets', () => {
      // Grouped by appending each row to its bet's list: the old way copied the list for every row, so this
      // many rows of one id cost hundreds of millions of copies.
      const shared = MAX_EXPORT_ROWS - 1_000;
      const history = readBetHistory(hostile(shared, 1_000));
      expect(history.rows).toBe(MAX_EXPORT_ROWS);
      expect(history.slips).toHaveLength(1_000);
      expect(history.slips.map((slip) => slip.book_bet_id)).toEqual(
        Array.from({ length: 1_000 }, (_, index) => `S-${index}`),
      );
      // Each of its rows is told, the first thousand one by one and the rest in one last entry.
      const reason = `bet H-1: ${shared} rows share this bet id, and a bet has at most 15 legs`;
      expect(history.rowErrors).toEqual([
        ...Array.from({ length: MAX_LISTED_ROW_ERRORS }, (_, index) => ({ row: index + 2, reason })),
        {
          row: MAX_LISTED_ROW_ERRORS + 2,
          reason:
            'this row and 17,999 more after it could not be read either (19,000 in all; the first 1,000 are listed)',
        },
      ]);
    });

    it('keeps the rows of a bet together wherever they are in the file', () => {
      const legs = (id: string, legCount: number) =>
        Array.from(
          { length: legCount },
          (_, index) =>
            `${id},2024-09-08 10:00:00,Parlay,5.00,${legCount},Settled,Pittsburgh Steelers,Pittsburgh Steelers @ Atlanta Falcons - Moneyline,+950,LOST,0.00,WON,+160,${index === 0 ? 1 : 0}`,
        );
      const [a, b] = [legs('P-A', 15), legs('P-B', 2)];
      // The two parlays' rows interleaved, the singles between them.
      const rows = a.flatMap((row, index) => [row, ...(b[index] ? [b[index]] : []), single(`S-${index}`)]);
      const history = readBetHistory([DK_HEADER, ...rows].join('\n'));
      expect(history.rowErrors).toEqual([]);
      const legCounts = new Map(history.slips.map((slip) => [slip.book_bet_id, slip.legs.length]));
      expect(legCounts.get('P-A')).toBe(15);
      expect(legCounts.get('P-B')).toBe(2);
      expect(history.slips).toHaveLength(2 + 15);
    });

    it('reads in bounded steps that change nothing of the result', () => {
      const text = hostile(1_500, 600);
      const steps = readBetHistorySteps(text);
      let pauses = 0;
      let step = steps.next();
      for (; !step.done; step = steps.next()) pauses += 1;
      // At least one pause per step's worth of rows read, and again per step's worth of bets.
      expect(pauses).toBeGreaterThanOrEqual(Math.floor(2_100 / ROWS_PER_STEP) + Math.floor(601 / ROWS_PER_STEP));
      expect(step.value).toEqual(readAtOnce(readBetHistorySteps(text)));
    });

    it('refuses a file of more rows than an upload may hold, CSV or JSON, as a whole', () => {
      expect(() => readBetHistory(hostile(MAX_EXPORT_ROWS + 1, 0))).toThrow(
        new UnreadableExport('the file has more than 20,000 rows: export fewer months at a time and upload each file'),
      );
      expect(() => readBetHistory(hostile(MAX_EXPORT_ROWS, 0))).not.toThrow();
      const slips = JSON.stringify(Array.from({ length: MAX_EXPORT_ROWS + 1 }, () => ({})));
      expect(() => readBetHistory(slips)).toThrow(/more than 20,000 rows/);
    });
  });
});
