import type { ScheduleSlots } from '../../../lib/game-actions';
import { ScheduleScreen } from '../components/schedule-screen';

/** The classic season schedule (2022). */
export default function ClassicFootballScheduleRoute({ gameActions }: ScheduleSlots) {
  return (
    <ScheduleScreen
      route="classic-football-schedule"
      sport={'americanfootball_nfl'}
      fixedSeason={2022}
      teamRoute="football-team"
      gameActions={gameActions}
    />
  );
}
