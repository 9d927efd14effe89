import type { SlateGameView } from '@pass/contracts';
import { BetKind, BetMode, BetType, liveStanding, negate, type LiveStanding } from '@pass/domain';

/**
 * Where a pool pick stands while its game is played, as it would be scored if the game ended now: against the
 * spread frozen at publish in an `ats` pool (a game without one, and every `straight` pool, straight up).
 */
export function pickStanding(game: SlateGameView, team: string): LiveStanding | null {
  const spread =
    game.frozen_home_spread === null
      ? null
      : team === game.home_team
        ? game.frozen_home_spread
        : negate(game.frozen_home_spread);
  try {
    return liveStanding(
      spread === null
        ? { mode: BetMode.pick_on, kind: BetKind.moneyline, type: BetType.to_win, team, line: null }
        : {
            mode: BetMode.pick_on,
            kind: BetKind.spread,
            type: spread < 0 ? BetType.favored : BetType.underdog,
            team,
            line: spread,
          },
      {
        status: game.status,
        homeTeam: game.home_team,
        awayTeam: game.away_team,
        homeScore: game.home_score,
        awayScore: game.away_score,
      },
    );
  } catch {
    return null;
  }
}
