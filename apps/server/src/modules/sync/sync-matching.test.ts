import type { SyncLeg } from '@pass/contracts';
import { describe, expect, it } from 'vitest';
import type { LedgerEvent } from '../ledger/ledger-event.js';
import { doubleheaderNumbers, GameIndex, matchLeg, type LegMatch } from './sync-matching.js';

/**
 * Which game a leg goes to by time (docs/decisions/076-sync-matching-by-time.md): the first game not started when the bet was placed, the game of
 * the bet's date for games known only by their date, the book's start when it gives one, and a refusal naming the
 * games whenever two could be the one. No database: the games are in memory. June 2026 is on daylight time (UTC−4).
 */

const MLB = 'baseball_mlb';
const NFL = 'americanfootball_nfl';
const EVENT = 'New York Mets @ New York Yankees';

/** A Mets game at the Yankees: on a date only, or with its first pitch (US Eastern, as "13:05"). */
function game(id: number, date: string, time?: string, sport = MLB, away = 'NYM', home = 'NYY'): LedgerEvent {
  const [hours, minutes] = (time ?? '00:00').split(':').map(Number) as [number, number];
  return {
    id,
    sport,
    season: 2026,
    week: null,
    // Eastern daylight time is UTC−4.
    kickoffAt: time ? new Date(Date.parse(`${date}T00:00:00Z`) + ((hours + 4) * 60 + minutes) * 60_000) : null,
    gameDate: date,
    homeTeam: home,
    awayTeam: away,
    status: 'final',
    homeScore: 5,
    awayScore: 3,
  };
}

/** A moneyline on the Yankees; the book's start (US Eastern) when it gives one, as FanDuel does. */
function leg(start?: string, event = EVENT, sport = MLB): SyncLeg {
  return {
    sport: sport as SyncLeg['sport'],
    event,
    ...(start ? { event_start: `${start.replace(' ', 'T')}:00-04:00` } : {}),
    market: 'moneyline',
    selection: event.split(' @ ')[1]!,
    price: -110,
    result: 'open',
  };
}

/** When a bet was placed, US Eastern ("2026-06-06 10:00"). */
const placed = (at: string) => `${at.replace(' ', 'T')}:00-04:00`;

const gameOf = (match: LegMatch) => (match.matched ? match.event.id : `refused: ${match.reason}`);
const reasonOf = (match: LegMatch) => (match.matched ? `matched ${match.event.id}` : match.reason);

describe('sync matching by time', () => {
  describe('a doubleheader with its start times (1:05 pm and 6:40 pm)', () => {
    const games = new GameIndex([game(1, '2026-06-06', '13:05'), game(2, '2026-06-06', '18:40')]);

    it('gives a bet without the book’s start to the first game not started when it was placed', () => {
      expect(gameOf(matchLeg(leg(), placed('2026-06-06 10:00'), games))).toBe(1);
      expect(gameOf(matchLeg(leg(), placed('2026-06-05 22:00'), games))).toBe(1);
      // Game 1 started 4 h 25 min before: it is over, and game 2 is the next.
      expect(gameOf(matchLeg(leg(), placed('2026-06-06 17:30'), games))).toBe(2);
      // Both started: game 2 is under way, game 1 long over (a live bet on game 2).
      expect(gameOf(matchLeg(leg(), placed('2026-06-06 19:10'), games))).toBe(2);
    });

    it('refuses, naming both games, a bet placed while game 1 may still be under way', () => {
      const reason = reasonOf(matchLeg(leg(), placed('2026-06-06 14:30'), games));
      expect(reason).toContain('may have been under way');
      expect(reason).toContain('Game 1 of 2026-06-06 (17:05Z) or Game 2 of 2026-06-06 (22:40Z)');
    });

    it('gives a bet with the book’s start to the game starting then', () => {
      expect(gameOf(matchLeg(leg('2026-06-06 13:05'), placed('2026-06-06 10:00'), games))).toBe(1);
      expect(gameOf(matchLeg(leg('2026-06-06 18:40'), placed('2026-06-06 10:00'), games))).toBe(2);
      // A start moved by half an hour is still that game: the two start hours apart.
      expect(gameOf(matchLeg(leg('2026-06-06 18:10'), placed('2026-06-06 10:00'), games))).toBe(2);
    });

    it('numbers the two games by their starts', () => {
      expect([...doubleheaderNumbers([game(2, '2026-06-06', '18:40'), game(1, '2026-06-06', '13:05')])]).toEqual([
        [1, 1],
        [2, 2],
      ]);
      expect(doubleheaderNumbers([game(1, '2026-06-06', '13:05'), game(3, '2026-06-07', '13:05')]).size).toBe(0);
    });
  });

  describe('a doubleheader known only by its date (the Stats API’s past seasons)', () => {
    const games = new GameIndex([game(1, '2026-06-06'), game(2, '2026-06-06'), game(3, '2026-06-07')]);

    it('never guesses: both games are named, with or without the book’s start', () => {
      for (const match of [
        matchLeg(leg(), placed('2026-06-06 10:00'), games),
        matchLeg(leg(), placed('2026-06-05 21:00'), games),
        matchLeg(leg('2026-06-06 13:05'), placed('2026-06-06 10:00'), games),
      ]) {
        expect(match.matched).toBe(false);
        expect(reasonOf(match)).toContain('(a doubleheader)');
        expect(reasonOf(match)).toContain('no start times to tell them apart');
        expect(reasonOf(match)).toContain('Game 1 of 2026-06-06 or Game 2 of 2026-06-06');
      }
    });

    it('still gives the next day’s bet to the next day’s game', () => {
      expect(gameOf(matchLeg(leg(), placed('2026-06-07 11:00'), games))).toBe(3);
      expect(gameOf(matchLeg(leg('2026-06-07 13:05'), placed('2026-06-06 23:00'), games))).toBe(3);
    });
  });

  describe('a series of three days known only by date', () => {
    const games = new GameIndex([game(1, '2026-06-05'), game(2, '2026-06-06'), game(3, '2026-06-07')]);

    it('gives each bet the game of the day it was placed, or of the next day before the series', () => {
      expect(gameOf(matchLeg(leg(), placed('2026-06-04 12:00'), games))).toBe(1);
      expect(gameOf(matchLeg(leg(), placed('2026-06-05 12:00'), games))).toBe(1);
      expect(gameOf(matchLeg(leg(), placed('2026-06-05 23:30'), games))).toBe(1);
      expect(gameOf(matchLeg(leg(), placed('2026-06-06 12:00'), games))).toBe(2);
      expect(gameOf(matchLeg(leg(), placed('2026-06-07 09:00'), games))).toBe(3);
      // With the book's start, its date's game.
      expect(gameOf(matchLeg(leg('2026-06-06 19:05'), placed('2026-06-05 12:00'), games))).toBe(2);
    });

    it('refuses a bet placed in the small hours, when the evening’s game may be under way, naming both', () => {
      const reason = reasonOf(matchLeg(leg(), placed('2026-06-06 01:00'), games));
      expect(reason).toContain('the game of 2026-06-05 or the game of 2026-06-06');
    });

    it('refuses a bet with no game on its day or the next', () => {
      const reason = reasonOf(matchLeg(leg(), placed('2026-06-02 12:00'), games));
      expect(reason).toContain('no game between these teams fits the time the bet was placed');
      expect(reason).toContain('the nearest stored is the game of 2026-06-05');
    });
  });

  describe('a series with start times', () => {
    const games = new GameIndex([
      game(1, '2026-06-05', '19:05'),
      game(2, '2026-06-06', '19:05'),
      game(3, '2026-06-07', '13:35'),
    ]);

    it('gives a bet the first game not started when it was placed', () => {
      expect(gameOf(matchLeg(leg(), placed('2026-06-05 12:00'), games))).toBe(1);
      expect(gameOf(matchLeg(leg(), placed('2026-06-05 23:30'), games))).toBe(2);
      expect(gameOf(matchLeg(leg(), placed('2026-06-06 20:00'), games)).toString()).toMatch(/^refused/);
      expect(gameOf(matchLeg(leg(), placed('2026-06-07 08:00'), games))).toBe(3);
    });
  });

  describe('a doubleheader whose second game has no start yet (a traditional one)', () => {
    const games = new GameIndex([game(1, '2026-06-06', '13:05'), game(2, '2026-06-06')]);

    it('takes the book’s start when it is game 1’s, and refuses anything else naming both', () => {
      expect(gameOf(matchLeg(leg('2026-06-06 13:05'), placed('2026-06-06 10:00'), games))).toBe(1);
      for (const match of [
        matchLeg(leg('2026-06-06 17:10'), placed('2026-06-06 10:00'), games),
        matchLeg(leg(), placed('2026-06-06 10:00'), games),
      ]) {
        expect(reasonOf(match)).toContain('Game 1 of 2026-06-06 (17:05Z) or Game 2 of 2026-06-06');
      }
    });
  });

  it('finds a game late on the next day without the book’s start: Sunday night’s game bet on Saturday morning', () => {
    const snf = game(1, '2026-09-13', '20:20', NFL, 'KC', 'BUF');
    const bet = leg(undefined, 'Kansas City Chiefs @ Buffalo Bills', NFL);
    expect(gameOf(matchLeg(bet, placed('2026-09-12 08:00'), new GameIndex([snf])))).toBe(1);
    // A live bet: placed an hour after the kickoff.
    expect(gameOf(matchLeg(bet, placed('2026-09-13 21:20'), new GameIndex([snf])))).toBe(1);
  });

  describe('a football bet placed early in the week, without the book’s start', () => {
    const snf = game(1, '2026-09-13', '20:20', NFL, 'KC', 'BUF');
    const bet = leg(undefined, 'Kansas City Chiefs @ Buffalo Bills', NFL);

    it('finds the one game between the teams in the week after the bet', () => {
      // Friday morning, Tuesday after the week's games, and the Monday night before.
      for (const at of ['2026-09-11 08:00', '2026-09-08 10:00', '2026-09-07 21:00']) {
        expect(gameOf(matchLeg(bet, placed(at), new GameIndex([snf]))), at).toBe(1);
      }
      // More than a week ahead: no game fits.
      expect(reasonOf(matchLeg(bet, placed('2026-09-06 12:00'), new GameIndex([snf])))).toContain(
        'none from 6 h before it to 7 days after it',
      );
    });

    it('refuses naming both when the teams meet twice within the week (a championship rematch)', () => {
      const rematch = game(2, '2026-09-17', '20:15', NFL, 'BUF', 'KC');
      const match = matchLeg(bet, placed('2026-09-12 08:00'), new GameIndex([snf, rematch]));
      // Within 36 h the first game is the bet's, as before.
      expect(gameOf(match)).toBe(1);
      const early = matchLeg(bet, placed('2026-09-11 08:00'), new GameIndex([snf, rematch]));
      expect(reasonOf(early)).toContain('the game of 2026-09-13 (00:20Z) or the game of 2026-09-17 (00:15Z)');
    });

    it('keeps the 36 h window in baseball, where a series plays on consecutive days', () => {
      const series = new GameIndex([game(1, '2026-06-05', '19:05'), game(2, '2026-06-06', '13:05')]);
      expect(reasonOf(matchLeg(leg(), placed('2026-06-02 10:00'), series))).toContain(
        'none from 6 h before it to the end of the next day',
      );
    });
  });
});
