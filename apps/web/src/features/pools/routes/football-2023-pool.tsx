import type { PoolSlots } from '../../../lib/pool-chat';
import { PoolScreen } from '../components/pool-screen';

/** A pool of the 2023 NFL season. */
export default function Football2023PoolRoute({ chatPanel }: PoolSlots) {
  return <PoolScreen route="football-2023-pool" season={2023} chatPanel={chatPanel} />;
}
