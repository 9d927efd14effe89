import { ScheduleScreen } from '../components/schedule-screen';

/** The 2024 NFL schedule. */
export default function Football2024ScheduleRoute() {
  return (
    <ScheduleScreen
      route="football-2024-schedule"
      sport={'americanfootball_nfl'}
      fixedSeason={2024}
      teamRoute="football-2024-team"
    />
  );
}
