import { ScheduleScreen } from '../components/schedule-screen';

/** The NFL schedule of a chosen season. */
export default function FootballSeasonScheduleRoute() {
  return <ScheduleScreen route="football-season-schedule" sport={'americanfootball_nfl'} teamRoute="football-team" />;
}
