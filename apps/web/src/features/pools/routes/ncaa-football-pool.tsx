import type { PoolSlots } from '../../../lib/pool-chat';
import { PoolScreen } from '../components/pool-screen';

/** A college football pool. */
export default function NcaaFootballPoolRoute({ chatPanel }: PoolSlots) {
  return <PoolScreen route="ncaa-football-pool" chatPanel={chatPanel} />;
}
