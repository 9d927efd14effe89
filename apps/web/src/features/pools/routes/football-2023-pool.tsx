import { PoolScreen } from '../components/pool-screen';

/** A pool of the 2023 NFL season. */
export default function Football2023PoolRoute() {
  return <PoolScreen route="football-2023-pool" season={2023} />;
}
