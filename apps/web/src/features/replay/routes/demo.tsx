import { ReplayScreen } from '../components/replay-screen';

export default function DemoRoute() {
  return <ReplayScreen name="demo" />;
}
