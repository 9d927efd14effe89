import { AlmanacScreen } from '../components/almanac-screen';

export default function AlmanacRoute() {
  return <AlmanacScreen />;
}
