import type { PoolSlots } from '../../../lib/pool-chat';
import { PoolScreen } from '../components/pool-screen';

/** A pool of the 2024 NFL season. */
export default function Football2024PoolRoute({ chatPanel }: PoolSlots) {
  return <PoolScreen route="football-2024-pool" season={2024} chatPanel={chatPanel} />;
}
