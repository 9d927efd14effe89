import type { ScheduleSlots } from '../../../lib/game-actions';
import { ScheduleScreen } from '../components/schedule-screen';

/** The NFL schedule of the current season. */
export default function FootballScheduleRoute({ gameActions }: ScheduleSlots) {
  return (
    <ScheduleScreen
      route="football-schedule"
      sport={'americanfootball_nfl'}
      teamRoute="football-team"
      gameActions={gameActions}
    />
  );
}
