import { ReplayChartsScreen } from '../components/replay-charts-screen';

export default function DemoChartsRoute() {
  return <ReplayChartsScreen />;
}
