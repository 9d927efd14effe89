import { PLANS } from '@pass/domain';
import Alert from '@mui/material/Alert';
import Typography from '@mui/material/Typography';
import { Page } from '../../../components/page';
import { RouteButton } from '../../../components/route-link';
import { pathTo } from '../../../config/paths';
import { useSessionUser } from '../../../lib/use-session-user';
import { useAccount } from '../api/billing';
import { SubscribePanel } from '../components/subscribe-panel';
import { trialText } from '../lib/terms';

const dateText = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * `/college/subscribe`: where the college screens send a member without college access. College football is
 * open for the first month after sign-up; after that it comes with the membership, bought here. Once PayPal and
 * the server confirm it, the member goes on to the college schedule.
 */
export default function CollegeSubscribeRoute() {
  const user = useSessionUser();
  const account = useAccount(user !== null);
  const access = account.data?.collegeAccess;
  return (
    <Page name="college-subscribe" title="College football with PA$$ Sync" maxWidth="sm">
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.75rem', sm: '2.125rem' }, mb: 1 }}>
        College football comes with PA$$ Sync
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Every new member gets college football free for their first month ({trialText()}). After that, the college
        schedule, teams, odds and pools are part of the {PLANS.member.name}.
      </Typography>
      {access?.reason === 'trial-ended' ? (
        <Alert severity="info" role="status" sx={{ mb: 3 }}>
          Your free college month ended on {dateText(access.trialEndsAt)}. Subscribe below to keep picking college
          games.
        </Alert>
      ) : null}
      {access?.granted ? (
        <Alert
          severity="success"
          role="status"
          sx={{ mb: 3 }}
          action={
            <RouteButton to="ncaa-football-schedule" color="inherit" size="small">
              Open
            </RouteButton>
          }
        >
          You have college football{access.reason === 'trial' ? ` until ${dateText(access.trialEndsAt)}` : ''}.
        </Alert>
      ) : null}
      <SubscribePanel onSubscribed={() => window.location.assign(pathTo('ncaa-football-schedule'))} />
    </Page>
  );
}
