import { TellerScreen } from '../components/teller-screen';

export default function TellerPlaceBetRoute() {
  return <TellerScreen />;
}
