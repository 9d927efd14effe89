import { describe, expect, it } from 'vitest';
import { readCsvBetHistory, readMarket, readSelection } from './bet-history-csv.js';
import { asText, decodeExport, dollarsToCentsExact, UnreadableExport } from './bet-history.js';
import { detectConnector, readBetHistory } from './index.js';

const DK_HEADER =
  'External_Bet_ID,Bet_Date_Time,Bet_Type,Bet_Amount,Number_of_Legs,Bet_Settled,Bet_Selection,Market_Name,Bet_American_Odds,Bet_Result,Payout,Leg_Result,Leg_American_Odds,Primary';

describe('the sportsbook connectors', () => {
  it('turns dollars into cents from the digits, never through a float', () => {
    expect(dollarsToCentsExact('0.29')).toBe(29);
    expect(dollarsToCentsExact('$1,204.10')).toBe(120_410);
    expect(dollarsToCentsExact('19.999')).toBeUndefined();
    expect(dollarsToCentsExact('-5.00')).toBeUndefined();
    expect(dollarsToCentsExact('=1+1')).toBeUndefined();
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
});
