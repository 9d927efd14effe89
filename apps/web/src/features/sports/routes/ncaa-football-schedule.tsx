import { ScheduleScreen } from '../components/schedule-screen';

/** The college football schedule of the current season. */
export default function NcaaFootballScheduleRoute() {
  return (
    <ScheduleScreen route="ncaa-football-schedule" sport={'americanfootball_ncaaf'} teamRoute="ncaa-football-team" />
  );
}
