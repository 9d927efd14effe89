import { ScheduleScreen } from '../components/schedule-screen';

/** The NFL schedule of the current season (the concept address). */
export default function ConceptFootballScheduleRoute() {
  return <ScheduleScreen route="concept-football-schedule" sport={'americanfootball_nfl'} teamRoute="football-team" />;
}
