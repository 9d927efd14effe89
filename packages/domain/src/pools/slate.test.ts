import { describe, expect, it } from 'vitest';
import { at, DAL_PHI, KC_LAC, MIN_CHI, PIT_NYJ } from '../testing/pool-fixtures.js';
import {
  autoSlate,
  frozenSpreadFor,
  openForSlate,
  publishSlate,
  slateDeadline,
  tiebreakerGame,
  validateSlate,
  type WeekGame,
} from './slate.js';

const weekGame = (id: string, kickoff: string, extra: Partial<WeekGame> = {}): WeekGame => ({
  id,
  home: `H${id}`,
  away: `A${id}`,
  kickoff,
  status: 'scheduled',
  homeSpread: -3,
  ...extra,
});

const SUNDAY = '2025-09-07T17:00:00Z';
const games: WeekGame[] = [
  weekGame('m', '2025-09-09T00:15:00Z'),
  weekGame('c', SUNDAY),
  weekGame('a', SUNDAY),
  weekGame('t', '2025-09-05T00:20:00Z'),
  weekGame('b', SUNDAY),
  weekGame('x', SUNDAY, { status: 'cancelled' }),
  weekGame('n', '2025-09-07T20:25:00Z', { homeSpread: null }),
];

describe('autoSlate', () => {
  it('takes the first games by kickoff, ties by id', () => {
    expect(autoSlate(games, 3, 'straight').map((game) => game.id)).toEqual(['t', 'a', 'b']);
    expect(autoSlate([...games].reverse(), 3, 'straight').map((game) => game.id)).toEqual(['t', 'a', 'b']);
  });

  it('passes over called-off games, and games without a line in an ats pool; a short week gives a short slate', () => {
    expect(autoSlate(games, 16, 'straight').map((game) => game.id)).toEqual(['t', 'a', 'b', 'c', 'n', 'm']);
    expect(autoSlate(games, 16, 'ats').map((game) => game.id)).toEqual(['t', 'a', 'b', 'c', 'm']);
  });
});

describe('openForSlate', () => {
  it('offers exactly the games validateSlate takes one by one, before and after kickoffs', () => {
    const started = weekGame('u', SUNDAY, { status: 'in_progress' });
    for (const now of [at('2025-09-04T12:00:00Z'), at('2025-09-07T18:00:00Z')]) {
      for (const winBasis of ['ats', 'straight'] as const) {
        for (const game of [...games, started]) {
          const refused = validateSlate({
            gameIds: [game.id],
            weekGames: [...games, started],
            gamesPerWeek: 1,
            winBasis,
            now,
          }).filter((problem) => problem.gameId === game.id);
          expect(openForSlate(game, winBasis, now), `${game.id} ${winBasis} ${now.toISOString()}`).toBe(
            refused.length === 0,
          );
        }
      }
    }
  });
});

describe('validateSlate', () => {
  const before = at('2025-09-04T12:00:00Z');
  const check = (gameIds: string[], now = before, gamesPerWeek = 3, winBasis: 'ats' | 'straight' = 'ats') =>
    validateSlate({ gameIds, weekGames: games, gamesPerWeek, winBasis, now }).map(
      (problem) => `${problem.reason}${problem.gameId ? `:${problem.gameId}` : ''}`,
    );

  it('accepts the Lifeguard’s own choice of this week’s games before the first kickoff', () => {
    expect(check(['m', 'c', 'a'])).toEqual([]);
  });

  it('refuses games of another week, twice, called off or without a line, and a wrong count', () => {
    expect(check(['m', 'zz', 'a'])).toEqual(['not_this_week:zz']);
    expect(check(['m', 'zz'])).toEqual(['not_this_week:zz', 'count']);
    expect(check(['m', 'm', 'a'])).toEqual(['duplicate:m', 'count']);
    expect(check(['m', 'x', 'a'])).toEqual(['called_off:x']);
    expect(check(['m', 'n', 'a'])).toEqual(['no_line:n']);
    expect(check(['m', 'n', 'a'], before, 3, 'straight')).toEqual([]);
    expect(check(['m', 'a'])).toEqual(['count']);
    expect(check(['t', 'a', 'b', 'c', 'm'], before, 16)).toEqual([]);
  });

  it('refuses a slate published after the week’s first kickoff, naming games that have started', () => {
    expect(check(['m', 'c', 'a'], at('2025-09-05T00:20:00Z'))).toEqual(['week_started']);
    expect(check(['t', 'c', 'a'], at('2025-09-05T01:00:00Z'))).toEqual(['week_started', 'started:t']);
    expect(slateDeadline(games)).toBe('2025-09-05T00:20:00.000Z');
  });
});

describe('publishing', () => {
  it('freezes each game’s spread in an ats pool, in kickoff order; a straight pool freezes none', () => {
    const published = publishSlate([games[0]!, games[3]!], 'ats');
    expect(published.map((game) => [game.id, game.frozenHomeSpread])).toEqual([
      ['t', -3],
      ['m', -3],
    ]);
    expect(publishSlate([games[0]!], 'straight')[0]!.frozenHomeSpread).toBeNull();
  });

  it('gives each team its spread from its own side', () => {
    expect(frozenSpreadFor(DAL_PHI, 'PHI')).toBe(-7);
    expect(frozenSpreadFor(DAL_PHI, 'DAL')).toBe(7);
    expect(Object.is(frozenSpreadFor({ ...DAL_PHI, frozenHomeSpread: 0 }, 'DAL'), 0)).toBe(true);
    expect(frozenSpreadFor({ ...DAL_PHI, frozenHomeSpread: null }, 'DAL')).toBeNull();
  });

  it('takes the week’s last slate game by kickoff as the tiebreaker game (ties: the greatest id)', () => {
    expect(tiebreakerGame([MIN_CHI, DAL_PHI, PIT_NYJ, KC_LAC])?.id).toBe('g4');
    const twin = { ...PIT_NYJ, id: 'g9', kickoff: MIN_CHI.kickoff };
    expect(tiebreakerGame([twin, MIN_CHI, DAL_PHI])?.id).toBe('g9');
    expect(tiebreakerGame([])).toBeUndefined();
  });
});
