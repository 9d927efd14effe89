import type { ScheduleSlots } from '../../../lib/game-actions';
import { ScheduleScreen } from '../components/schedule-screen';

/** The 2024 NFL schedule. */
export default function Football2024ScheduleRoute({ gameActions }: ScheduleSlots) {
  return (
    <ScheduleScreen
      route="football-2024-schedule"
      sport={'americanfootball_nfl'}
      fixedSeason={2024}
      teamRoute="football-2024-team"
      gameActions={gameActions}
    />
  );
}
