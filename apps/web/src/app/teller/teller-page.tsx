import { ParlayLauncher } from '../../features/ledger/components/parlay-launcher';
import TellerPlaceBetRoute from '../../features/teller/routes/teller-place-bet';

/** `/teller/place-bet`: the teller's paper bankroll, then the ledger's parlay builder. */
export default function TellerPage() {
  return (
    <TellerPlaceBetRoute>
      <ParlayLauncher note="A parlay goes in your ledger (My Bets), real or simulated, not against this paper bankroll." />
    </TellerPlaceBetRoute>
  );
}
