import type { ScheduleSlots } from '../../../lib/game-actions';
import { ScheduleScreen } from '../components/schedule-screen';

/** The MLB schedule of a chosen season. */
export default function BaseballSeasonScheduleRoute({ gameActions }: ScheduleSlots) {
  return (
    <ScheduleScreen
      route="baseball-season-schedule"
      sport={'baseball_mlb'}
      teamRoute="baseball-team"
      gameActions={gameActions}
    />
  );
}
