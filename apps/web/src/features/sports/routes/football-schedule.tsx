import { ScheduleScreen } from '../components/schedule-screen';

/** The NFL schedule of the current season. */
export default function FootballScheduleRoute() {
  return <ScheduleScreen route="football-schedule" sport={'americanfootball_nfl'} teamRoute="football-team" />;
}
