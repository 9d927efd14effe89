import type { ScheduleSlots } from '../../../lib/game-actions';
import { ScheduleScreen } from '../components/schedule-screen';

/** The NFL schedule of a chosen season. */
export default function FootballSeasonScheduleRoute({ gameActions }: ScheduleSlots) {
  return (
    <ScheduleScreen
      route="football-season-schedule"
      sport={'americanfootball_nfl'}
      teamRoute="football-team"
      gameActions={gameActions}
    />
  );
}
