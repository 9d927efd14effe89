import { DemoModalScreen } from '../components/demo-modal-screen';

export default function DemoModalRoute() {
  return <DemoModalScreen />;
}
