import type { ScheduleSlots } from '../../../lib/game-actions';
import { ScheduleScreen } from '../components/schedule-screen';

/** The NFL schedule of a chosen season, from the 2024 routes. */
export default function Football2024SeasonScheduleRoute({ gameActions }: ScheduleSlots) {
  return (
    <ScheduleScreen
      route="football-2024-season-schedule"
      sport={'americanfootball_nfl'}
      fixedSeason={2024}
      teamRoute="football-2024-team"
      gameActions={gameActions}
    />
  );
}
