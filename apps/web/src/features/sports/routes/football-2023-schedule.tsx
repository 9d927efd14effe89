import type { ScheduleSlots } from '../../../lib/game-actions';
import { ScheduleScreen } from '../components/schedule-screen';

/** The 2023 NFL schedule. */
export default function Football2023ScheduleRoute({ gameActions }: ScheduleSlots) {
  return (
    <ScheduleScreen
      route="football-2023-schedule"
      sport={'americanfootball_nfl'}
      fixedSeason={2023}
      teamRoute="football-2023-team"
      gameActions={gameActions}
    />
  );
}
