import { PoolScreen } from '../components/pool-screen';

/** A pool of the 2024 NFL season. */
export default function Football2024PoolRoute() {
  return <PoolScreen route="football-2024-pool" season={2024} />;
}
