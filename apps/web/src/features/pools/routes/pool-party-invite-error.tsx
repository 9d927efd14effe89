import { InviteErrorScreen } from '../components/invite-error-screen';

export default function PoolPartyInviteErrorRoute() {
  return <InviteErrorScreen />;
}
