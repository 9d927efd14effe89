import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';
import { SubscribePanel } from '../components/subscribe-panel';
import { useSyncOfferText } from '../../../lib/sync-offer';

/** `/subscribe`: the PA$$ Sync plans, their price, and PayPal's button for the plan a member lacks. */
export default function SubscribeRoute() {
  const offer = useSyncOfferText();
  return (
    <Page name="subscribe" title="PA$$ Sync" maxWidth="sm">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 1 }}>
        PA$$ Sync
      </Typography>
      <Typography sx={{ mb: 3 }}>{offer} Cancel any time from your profile.</Typography>
      <SubscribePanel />
    </Page>
  );
}
