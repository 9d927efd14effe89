import type { ScheduleSlots } from '../../../lib/game-actions';
import { ScheduleScreen } from '../components/schedule-screen';

/** The NFL schedule of a chosen season, from the 2023 routes. */
export default function Football2023SeasonScheduleRoute({ gameActions }: ScheduleSlots) {
  return (
    <ScheduleScreen
      route="football-2023-season-schedule"
      sport={'americanfootball_nfl'}
      fixedSeason={2023}
      teamRoute="football-2023-team"
      gameActions={gameActions}
    />
  );
}
