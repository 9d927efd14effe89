import { PoolPartyScreen } from '../components/pool-party-screen';

export default function PoolPartyRoute() {
  return <PoolPartyScreen />;
}
