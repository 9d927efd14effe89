import type { PoolSlots } from '../../../lib/pool-chat';
import { PoolScreen } from '../components/pool-screen';

/** A pool of the classic season, 2022. */
export default function ClassicFootballPoolRoute({ chatPanel }: PoolSlots) {
  return <PoolScreen route="classic-football-pool" season={2022} chatPanel={chatPanel} />;
}
