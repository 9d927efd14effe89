import { PoolScreen } from '../components/pool-screen';

/** An NFL pool. */
export default function FootballPoolRoute() {
  return <PoolScreen route="football-pool" />;
}
