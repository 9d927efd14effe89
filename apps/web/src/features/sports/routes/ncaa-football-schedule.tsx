import type { ScheduleSlots } from '../../../lib/game-actions';
import { ScheduleScreen } from '../components/schedule-screen';

/** The college football schedule of the current season. */
export default function NcaaFootballScheduleRoute({ gameActions }: ScheduleSlots) {
  return (
    <ScheduleScreen
      route="ncaa-football-schedule"
      sport={'americanfootball_ncaaf'}
      teamRoute="ncaa-football-team"
      gameActions={gameActions}
    />
  );
}
