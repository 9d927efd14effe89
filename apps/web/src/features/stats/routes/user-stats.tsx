import { StatsScreen } from '../components/stats-screen';

export default function UserStatsRoute() {
  return <StatsScreen />;
}
