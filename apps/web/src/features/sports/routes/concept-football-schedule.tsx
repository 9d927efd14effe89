import type { ScheduleSlots } from '../../../lib/game-actions';
import { ScheduleScreen } from '../components/schedule-screen';

/** The NFL schedule of the current season (the concept address). */
export default function ConceptFootballScheduleRoute({ gameActions }: ScheduleSlots) {
  return (
    <ScheduleScreen
      route="concept-football-schedule"
      sport={'americanfootball_nfl'}
      teamRoute="football-team"
      gameActions={gameActions}
    />
  );
}
