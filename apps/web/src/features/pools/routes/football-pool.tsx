import type { PoolSlots } from '../../../lib/pool-chat';
import { PoolScreen } from '../components/pool-screen';

/** An NFL pool. */
export default function FootballPoolRoute({ chatPanel }: PoolSlots) {
  return <PoolScreen route="football-pool" chatPanel={chatPanel} />;
}
