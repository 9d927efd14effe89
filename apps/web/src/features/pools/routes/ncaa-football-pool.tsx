import { PoolScreen } from '../components/pool-screen';

/** A college football pool. */
export default function NcaaFootballPoolRoute() {
  return <PoolScreen route="ncaa-football-pool" />;
}
