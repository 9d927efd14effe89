import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { BillingPlatform } from '@pass/contracts';
import { useState } from 'react';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { RouteLink } from '../../../components/route-link';
import { ApiError } from '../../../lib/api-client';
import { dollars } from '../../../lib/money';
import { useSessionUser } from '../../../lib/use-session-user';
import { SUBSCRIBERS_PAGE, usePlanSubscribers } from '../api/admin-billing';
import { PLATFORM_WORDS, SubscriptionsTable, TIER_WORDS } from './subscriptions-table';

const isPlatform = (value: string): value is BillingPlatform => value === 'paypal' || value === 'mobile';

function Subscribers({ platform, planId }: { platform: BillingPlatform; planId: string }) {
  const [page, setPage] = useState(1);
  const subscribers = usePlanSubscribers(platform, planId, page);
  if (subscribers.error) {
    const notFound = subscribers.error instanceof ApiError && subscribers.error.status === 404;
    return (
      <Alert severity={notFound ? 'info' : 'error'}>
        {notFound
          ? `No plan of ours has the ${PLATFORM_WORDS[platform]} id ${planId}.`
          : 'Could not load the subscribers.'}
      </Alert>
    );
  }
  if (!subscribers.data) return <Loading label="Loading the subscribers" />;
  const { plan, data, total } = subscribers.data;
  const pages = Math.max(1, Math.ceil(total / SUBSCRIBERS_PAGE));
  return (
    <>
      <Typography variant="h5" component="h1" gutterBottom>
        {plan.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {TIER_WORDS[plan.price_tier]} · {dollars(plan.monthly_price_cents)} a month · {PLATFORM_WORDS[platform]} plan{' '}
        {planId} · {total} subscriber{total === 1 ? '' : 's'}
      </Typography>
      {data.length === 0 ? (
        <Typography color="text.secondary">No subscribers on this plan yet.</Typography>
      ) : (
        <SubscriptionsTable label={`Subscribers of ${plan.name}`} rows={data} />
      )}
      <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
        <Button size="small" disabled={page === 1} onClick={() => setPage(page - 1)}>
          Previous
        </Button>
        <Typography variant="body2" color="text.secondary">
          Page {page} of {pages}
        </Typography>
        <Button
          size="small"
          disabled={page >= pages || subscribers.isPlaceholderData}
          onClick={() => setPage(page + 1)}
        >
          Next
        </Button>
      </Stack>
    </>
  );
}

/** A plan's subscribers on one platform, by the provider's plan id, page by page (admin). */
export function AdminPlanDetailScreen({ platform, planId }: { platform: string; planId: string }) {
  const user = useSessionUser();
  return (
    <Page name="admin-plan-detail" title="Plan subscribers" maxWidth="lg">
      <RouteLink to="admin-almanac" sx={{ display: 'inline-block', mb: 2 }}>
        Back to the admin screen
      </RouteLink>
      {user && !user.isAdmin ? (
        <Alert severity="warning">This page is for the admin.</Alert>
      ) : isPlatform(platform) ? (
        <Subscribers key={`${platform}/${planId}`} platform={platform} planId={planId} />
      ) : (
        <Alert severity="info">There are PayPal plans and app-store plans only.</Alert>
      )}
    </Page>
  );
}
