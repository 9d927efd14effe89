import { PoolScreen } from '../components/pool-screen';

/** A pool of the classic season, 2022. */
export default function ClassicFootballPoolRoute() {
  return <PoolScreen route="classic-football-pool" season={2022} />;
}
