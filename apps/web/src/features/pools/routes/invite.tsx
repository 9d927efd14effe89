import { InviteScreen } from '../components/invite-screen';

export default function InviteRoute() {
  return <InviteScreen />;
}
