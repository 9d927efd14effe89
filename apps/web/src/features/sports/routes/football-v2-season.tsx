import type { ScheduleSlots } from '../../../lib/game-actions';
import { ScheduleScreen } from '../components/schedule-screen';

/** The NFL schedule of a chosen season (the v2 address). */
export default function FootballV2SeasonRoute({ gameActions }: ScheduleSlots) {
  return (
    <ScheduleScreen
      route="football-v2-season"
      sport={'americanfootball_nfl'}
      teamRoute="football-team"
      gameActions={gameActions}
    />
  );
}
