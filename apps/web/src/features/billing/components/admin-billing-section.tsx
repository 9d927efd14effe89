import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import type {
  AdminBillingStatsResponse,
  AdminPlanOverview,
  AdminSeriesInterval,
  BetSyncStatsResponse,
  BillingPlatform,
  PayPalProvisionResponse,
  PayPalSyncResponse,
} from '@pass/contracts';
import { lazy, Suspense, useState } from 'react';
import { Loading } from '../../../components/loading';
import { RouteLink } from '../../../components/route-link';
import { ApiError } from '../../../lib/api-client';
import { dollars } from '../../../lib/money';
import {
  exportUrl,
  useBetSyncStats,
  useBillingSeries,
  useBillingStats,
  useProvisionPayPalPlans,
  useRecentSubscriptions,
  useSubscriptionsOverview,
  useSyncPayPalPlans,
} from '../api/admin-billing';
import { SubscriptionsTable, TIER_WORDS } from './subscriptions-table';

const BillingSeriesChart = lazy(() => import('./billing-series-chart'));

/** The section's id: the admin screen's navigation links to it. */
export const ADMIN_BILLING_SECTION_ID = 'billing';

function Failed({ what, error }: { what: string; error: unknown }) {
  return (
    <Alert severity="error">
      Could not load {what}
      {error instanceof ApiError ? `: ${error.message}` : '.'}
    </Alert>
  );
}

function StatCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, minWidth: 150, flex: '1 1 150px' }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="h5" component="p">
        {value}
      </Typography>
      {note ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {note}
        </Typography>
      ) : null}
    </Paper>
  );
}

function StatCards({ stats }: { stats: AdminBillingStatsResponse['data'] }) {
  const churn = stats.churn_this_month;
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={2}
      sx={{ flexWrap: 'wrap', mb: 3 }}
      aria-label="Billing figures"
      role="list"
    >
      {[
        { label: 'Members', value: String(stats.members) },
        {
          label: 'Active subscriptions',
          value: String(stats.active_subscriptions),
          note: `${stats.trials} in their free trial`,
        },
        { label: 'MRR', value: dollars(stats.mrr_cents), note: 'past the trial' },
        { label: 'Revenue, last 30 days', value: dollars(stats.revenue_30d_cents) },
        {
          label: 'Churn this month',
          value: churn.rate === null ? '—' : `${(churn.rate * 100).toFixed(1)}%`,
          note: `${churn.cancelled} ended of ${churn.active_at_month_start}`,
        },
      ].map((card) => (
        <Box key={card.label} role="listitem" sx={{ display: 'flex', flex: '1 1 150px' }}>
          <StatCard {...card} />
        </Box>
      ))}
    </Stack>
  );
}

/** Provider events verified but refused (an amount or currency a payment cannot hold): the admin follows them up. */
function RefusedEvents({ events }: { events: AdminBillingStatsResponse['data']['refused_events'] }) {
  if (events.length === 0) return null;
  return (
    <Box sx={{ mb: 3 }}>
      <Alert severity="warning" sx={{ mb: 1 }}>
        {events.length === 1 ? 'One payment notification was' : `${events.length} payment notifications were`} refused
        and not counted as revenue.
      </Alert>
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label="Refused payment notifications">
          <TableHead>
            <TableRow>
              <TableCell>Received</TableCell>
              <TableCell>Provider</TableCell>
              <TableCell>Event</TableCell>
              <TableCell>Subscription</TableCell>
              <TableCell>Why</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {events.map((event) => (
              <TableRow key={`${event.provider}:${event.event_id}`}>
                <TableCell>{new Date(event.received_at).toLocaleString()}</TableCell>
                <TableCell>{event.provider}</TableCell>
                <TableCell>
                  {event.event_type} {event.event_id}
                </TableCell>
                <TableCell>{event.subscription_id ?? '—'}</TableCell>
                <TableCell>{event.reason}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

function BetSyncFigures({ stats }: { stats: BetSyncStatsResponse['data'] }) {
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        Bet sync
      </Typography>
      <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }} aria-label="Bet sync figures" role="list">
        {[
          {
            label: 'Linked accounts',
            value: String(stats.linked_accounts),
            note: `${stats.members_with_accounts} members`,
          },
          { label: 'Syncing', value: String(stats.with_access), note: `${stats.in_grace} in their free days` },
          { label: 'Sync off', value: String(stats.without_access), note: 'grace over, not covered' },
          { label: 'Synced bets', value: String(stats.synced_bets) },
        ].map((card) => (
          <Box key={card.label} role="listitem" sx={{ display: 'flex', flex: '1 1 150px' }}>
            <StatCard {...card} />
          </Box>
        ))}
      </Stack>
      {stats.by_book.length > 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          By book: {stats.by_book.map((row) => `${row.title} ${row.accounts}`).join(' · ')}
        </Typography>
      ) : null}
    </Box>
  );
}

function SeriesChart() {
  const [interval, setPeriod] = useState<AdminSeriesInterval>('day');
  const series = useBillingSeries(interval);
  return (
    <Box sx={{ mb: 3 }}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap' }} useFlexGap>
        <Typography variant="subtitle1" component="h3">
          Subscriptions and revenue
        </Typography>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={interval}
          onChange={(_event, value: AdminSeriesInterval | null) => value && setPeriod(value)}
          aria-label="Chart period"
        >
          <ToggleButton value="day">Last 30 days</ToggleButton>
          <ToggleButton value="month">Last 12 months</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {series.error ? <Failed what="the chart" error={series.error} /> : null}
      {series.data ? (
        <Suspense fallback={<Loading label="Loading the chart" />}>
          <Box
            role="img"
            aria-label={`New subscriptions and revenue per ${series.data.interval}: ${series.data.data.reduce((sum, point) => sum + point.new_subscriptions, 0)} new, ${dollars(series.data.data.reduce((sum, point) => sum + point.revenue_cents, 0))} in all`}
          >
            <BillingSeriesChart points={series.data.data} />
          </Box>
        </Suspense>
      ) : series.isPending ? (
        <Loading label="Loading the chart" />
      ) : null}
    </Box>
  );
}

function RecentSubscriptions() {
  // The cursors of the pages seen so far: the first page has none.
  const [cursors, setCursors] = useState<(number | undefined)[]>([undefined]);
  const before = cursors[cursors.length - 1];
  const recent = useRecentSubscriptions(before);
  const pageNumber = cursors.length;
  return (
    <Box sx={{ mb: 3 }}>
      <Typography variant="subtitle1" component="h3" gutterBottom>
        Recent subscriptions
      </Typography>
      {recent.error ? <Failed what="the recent subscriptions" error={recent.error} /> : null}
      {recent.isPending ? <Loading label="Loading the recent subscriptions" /> : null}
      {recent.data ? (
        recent.data.data.length === 0 ? (
          <Typography color="text.secondary">No subscriptions yet.</Typography>
        ) : (
          <>
            <SubscriptionsTable label="Recent subscriptions" rows={recent.data.data} />
            <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: 'center' }}>
              <Button size="small" disabled={pageNumber === 1} onClick={() => setCursors(cursors.slice(0, -1))}>
                Newer
              </Button>
              <Typography variant="body2" color="text.secondary">
                Page {pageNumber}
              </Typography>
              <Button
                size="small"
                disabled={recent.data.next_before === null || recent.isPlaceholderData}
                onClick={() => setCursors([...cursors, recent.data.next_before ?? undefined])}
              >
                Older
              </Button>
            </Stack>
          </>
        )
      ) : null}
    </Box>
  );
}

function PlanLink({ platform, planId }: { platform: BillingPlatform; planId: string | null }) {
  if (!planId) return <>—</>;
  return (
    <RouteLink to="admin-plan-detail" params={{ platform, planId }} fallback={planId}>
      {planId}
    </RouteLink>
  );
}

function PlansTable({ plans }: { plans: readonly AdminPlanOverview[] }) {
  return (
    <TableContainer tabIndex={0} role="region" aria-label="Plans" sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label="Plans">
        <TableHead>
          <TableRow>
            {['Plan', 'Price', 'PayPal plan', 'App-store plan', 'Active', 'All', 'By status'].map((column) => (
              <TableCell key={column} component="th" scope="col">
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {plans.map(({ plan, active, total, by_status }) => (
            <TableRow key={plan.id} data-plan={`${plan.code}-${plan.price_tier}`}>
              <TableCell component="th" scope="row">
                {plan.name}
                <br />
                <small>{TIER_WORDS[plan.price_tier]}</small>
              </TableCell>
              <TableCell>{dollars(plan.monthly_price_cents)}/mo</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <PlanLink platform="paypal" planId={plan.paypal_plan_id} />
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                <PlanLink platform="mobile" planId={plan.mobile_plan_id} />
              </TableCell>
              <TableCell>{active}</TableCell>
              <TableCell>{total}</TableCell>
              <TableCell>
                {by_status.length === 0 ? '—' : by_status.map((entry) => `${entry.status} ${entry.count}`).join(' · ')}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function ProvisionResult({ result }: { result: PayPalProvisionResponse['data'] }) {
  const created = result.plans.filter((plan) => plan.created).length;
  const stored = result.plans.filter((plan) => plan.stored).length;
  return (
    <Alert severity="success" role="status">
      PayPal product {result.product.id} {result.product.created ? 'created' : 'found'}; {created} plan
      {created === 1 ? '' : 's'} created, {result.plans.length - created} found, {stored} id{stored === 1 ? '' : 's'}{' '}
      stored.
    </Alert>
  );
}

function SyncResult({ result }: { result: PayPalSyncResponse['data'] }) {
  if (result.product_id === null) {
    return (
      <Alert severity="warning" role="status">
        PayPal has no PA$$ product yet: provision the plans first.
      </Alert>
    );
  }
  return (
    <Alert severity={result.missing.length > 0 ? 'warning' : 'success'} role="status">
      {result.changes.length === 0
        ? 'The plans table already had PayPal’s ids.'
        : `${result.changes.length} id${result.changes.length === 1 ? '' : 's'} written: ${result.changes
            .map((change) => `${change.code} ${change.price_tier} ${change.field} → ${change.to}`)
            .join('; ')}.`}
      {result.unmatched.length > 0
        ? ` Not ours: ${result.unmatched.map((plan) => `${plan.name} (${plan.id})`).join(', ')}.`
        : ''}
      {result.missing.length > 0
        ? ` No PayPal plan for: ${result.missing.map((entry) => `${entry.code} ${entry.price_tier}`).join(', ')}.`
        : ''}
    </Alert>
  );
}

function PayPalActions() {
  const provision = useProvisionPayPalPlans();
  const sync = useSyncPayPalPlans();
  const busy = provision.isPending || sync.isPending;
  return (
    <Box sx={{ mb: 3 }}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 1 }}>
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => {
            sync.reset();
            provision.mutate();
          }}
        >
          Provision PayPal plans
        </Button>
        <Button
          variant="outlined"
          disabled={busy}
          onClick={() => {
            provision.reset();
            sync.mutate();
          }}
        >
          Sync PayPal plans to the database
        </Button>
      </Stack>
      {busy ? <Loading label="Asking PayPal" /> : null}
      {provision.error ? <Alert severity="error">{provision.error.message}</Alert> : null}
      {sync.error ? <Alert severity="error">{sync.error.message}</Alert> : null}
      {provision.data ? <ProvisionResult result={provision.data.data} /> : null}
      {sync.data ? <SyncResult result={sync.data.data} /> : null}
    </Box>
  );
}

/**
 * The admin's billing (decision 048): the figures, a chart of new subscriptions and revenue, the recent
 * subscriptions page by page, the plans with links to their subscribers, the export, and PayPal's plans
 * provisioned or read back. A section of the admin screen (app/ adds it).
 */
export function AdminBillingSection() {
  const stats = useBillingStats();
  const betSync = useBetSyncStats();
  const overview = useSubscriptionsOverview();
  return (
    <Box
      component="section"
      id={ADMIN_BILLING_SECTION_ID}
      aria-labelledby="admin-billing-title"
      sx={{ mt: 4, scrollMarginTop: 72 }}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
        <Typography id="admin-billing-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Billing
        </Typography>
        <Button size="small" variant="outlined" component="a" href={exportUrl('csv')} download>
          Export CSV
        </Button>
        <Button size="small" variant="outlined" component="a" href={exportUrl('json')} download>
          Export JSON
        </Button>
      </Stack>
      {stats.error ? <Failed what="the billing figures" error={stats.error} /> : null}
      {stats.isPending ? <Loading label="Loading the billing figures" /> : null}
      {stats.data ? <StatCards stats={stats.data.data} /> : null}
      {stats.data ? <RefusedEvents events={stats.data.data.refused_events} /> : null}
      {betSync.error ? <Failed what="the bet sync figures" error={betSync.error} /> : null}
      {betSync.data ? <BetSyncFigures stats={betSync.data.data} /> : null}
      <SeriesChart />
      <RecentSubscriptions />
      <Typography variant="subtitle1" component="h3" gutterBottom>
        Plans
      </Typography>
      {overview.error ? <Failed what="the plans" error={overview.error} /> : null}
      {overview.isPending ? <Loading label="Loading the plans" /> : null}
      {overview.data ? <PlansTable plans={overview.data.data} /> : null}
      <Typography variant="subtitle1" component="h3" gutterBottom sx={{ mt: 3 }}>
        PayPal plans
      </Typography>
      <PayPalActions />
    </Box>
  );
}
