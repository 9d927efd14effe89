import type { ReactNode } from 'react';
import { TellerScreen } from '../components/teller-screen';

/** `/teller/place-bet`: the teller, with the sections app/ adds under it (`children`). */
export default function TellerPlaceBetRoute({ children }: { children?: ReactNode }) {
  return <TellerScreen>{children}</TellerScreen>;
}
