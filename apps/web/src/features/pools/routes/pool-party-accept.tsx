import { AcceptScreen } from '../components/accept-screen';

export default function PoolPartyAcceptRoute() {
  return <AcceptScreen />;
}
