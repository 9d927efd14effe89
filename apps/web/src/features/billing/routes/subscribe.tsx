import { MEMBERSHIP_TERMS, PLANS } from '@pass/domain';
import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';
import { SubscribePanel } from '../components/subscribe-panel';
import { trialText } from '../lib/terms';

/** `/subscribe`: the PA$$ Sync plans, their price, and PayPal's button for the plan a member lacks. */
export default function SubscribeRoute() {
  return (
    <Page name="subscribe" title="PA$$ Sync" maxWidth="sm">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 1 }}>
        PA$$ Sync
      </Typography>
      <Typography sx={{ mb: 3 }}>
        The {PLANS.member.name} syncs your bets from up to {MEMBERSHIP_TERMS.booksInMembership} sportsbooks and opens
        college football all season. Each {PLANS.add_on.name} syncs one more sportsbook. Start with {trialText()};
        cancel any time from your profile.
      </Typography>
      <SubscribePanel />
    </Page>
  );
}
