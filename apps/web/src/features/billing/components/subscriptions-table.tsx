import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AdminSubscription } from '@pass/contracts';
import { dollars } from '../../../lib/money';

const COLUMNS = ['Started', 'Member', 'Plan', 'Platform', 'Status', 'Next billing'] as const;

/** "Nov 24, 2026" in UTC, as the server counts days. */
export function formatDay(iso: string | null): string {
  if (!iso) return '—';
  return new Date(iso).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export const PLATFORM_WORDS = { paypal: 'PayPal', mobile: 'App store' } as const;
export const TIER_WORDS = { regular: 'Regular', early: 'Early subscriber' } as const;

function Status({ subscription }: { subscription: AdminSubscription }) {
  return (
    <Chip
      size="small"
      variant="outlined"
      label={subscription.active ? 'Active' : subscription.status}
      color={subscription.active ? 'success' : 'default'}
      // The theme's green is too light for small text on white.
      sx={subscription.active ? { color: 'success.dark' } : undefined}
    />
  );
}

/** Subscriptions with their member, plan, platform, status and next billing date; scrolls sideways on a phone. */
export function SubscriptionsTable({ label, rows }: { label: string; rows: readonly AdminSubscription[] }) {
  return (
    // A region that scrolls sideways on a phone: reachable by keyboard, named for screen readers.
    <TableContainer tabIndex={0} role="region" aria-label={label} sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableCell key={column} component="th" scope="col">
                {column}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.id} data-subscription={row.subscription_id}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <time dateTime={row.created_at}>{formatDay(row.created_at)}</time>
              </TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>
                {row.user.username}
                <br />
                <small>{row.user.email}</small>
              </TableCell>
              <TableCell>
                {row.plan.name}
                <br />
                <small>
                  {TIER_WORDS[row.plan.price_tier]} · {dollars(row.plan.monthly_price_cents)}/mo
                </small>
              </TableCell>
              <TableCell>
                {PLATFORM_WORDS[row.platform]}
                <br />
                <small>{row.subscription_id}</small>
              </TableCell>
              <TableCell>
                <Status subscription={row} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(row.next_billing_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
