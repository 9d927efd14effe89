import { ReplayScreen } from '../components/replay-screen';

export default function WelcomeRoute() {
  return <ReplayScreen name="welcome" />;
}
