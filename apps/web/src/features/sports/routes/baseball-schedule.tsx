import type { ScheduleSlots } from '../../../lib/game-actions';
import { ScheduleScreen } from '../components/schedule-screen';

/** The MLB schedule of the current season. */
export default function BaseballScheduleRoute({ gameActions }: ScheduleSlots) {
  return (
    <ScheduleScreen
      route="baseball-schedule"
      sport={'baseball_mlb'}
      teamRoute="baseball-team"
      gameActions={gameActions}
    />
  );
}
