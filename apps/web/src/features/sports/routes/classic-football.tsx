import type { ScheduleSlots } from '../../../lib/game-actions';
import { ScheduleScreen } from '../components/schedule-screen';

/** The classic season: 2022, the first season the product covers. */
export default function ClassicFootballRoute({ gameActions }: ScheduleSlots) {
  return (
    <ScheduleScreen
      route="classic-football"
      sport={'americanfootball_nfl'}
      fixedSeason={2022}
      teamRoute="football-team"
      gameActions={gameActions}
    />
  );
}
