import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type {
  AdminAuditRow,
  AdminOutboxRow,
  AdminPageViewRow,
  AdminPoolRow,
  AdminTableName,
  AdminUserRow,
  PoolInvitationRefusal,
} from '@pass/contracts';
import { useState, type ReactNode } from 'react';
import { DataTable, type DataColumn, type DataFilter } from '../../../components/data-table';
import { exportHref, initialListState, useAdminList, type AdminListState } from '../../../lib/admin-list';
import { SuspensionButton } from './suspension-button';

/** An instant as the admin reads it: UTC, to the minute, the same on every machine. */
export const utcMinute = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)}` : '');

const tablePath = (name: AdminTableName) => `/api/admin/tables/${name}`;

interface AdminTableSectionProps<Row> {
  name: AdminTableName;
  label: string;
  intro: ReactNode;
  columns: readonly DataColumn<Row>[];
  rowKey: (row: Row) => string | number;
  filters?: readonly DataFilter[];
  searchLabel: string;
  empty: string;
}

/** One admin table: its server list (filters, sort, page) in the data table, with its export. */
export function AdminTableSection<Row>({
  name,
  label,
  intro,
  columns,
  rowKey,
  filters,
  searchLabel,
  empty,
}: AdminTableSectionProps<Row>) {
  const [state, setState] = useState<AdminListState>(() => initialListState());
  const list = useAdminList<Row>(tablePath(name), state);
  return (
    <Box component="section" aria-labelledby={`admin-${name}-heading`}>
      <Typography id={`admin-${name}-heading`} variant="h6" component="h2" gutterBottom>
        {label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {intro}
      </Typography>
      <DataTable
        label={label}
        columns={columns}
        rows={list.data?.data}
        rowKey={rowKey}
        total={list.data?.total ?? 0}
        state={state}
        onStateChange={setState}
        filters={filters}
        searchLabel={searchLabel}
        exportHref={(format) => exportHref(tablePath(name), state, format)}
        appliedSort={list.data ? { sort: list.data.sort, dir: list.data.dir } : undefined}
        loading={list.isFetching}
        error={list.isError ? `${label} could not be loaded: ${list.error.message}` : null}
        empty={empty}
      />
    </Box>
  );
}

function Suspended({ at, reason }: { at: string | null; reason: string | null }) {
  if (!at) return <Typography variant="body2">—</Typography>;
  return (
    <Stack spacing={0.5}>
      <Chip size="small" color="error" variant="outlined" label="Suspended" sx={{ alignSelf: 'flex-start' }} />
      <Typography variant="caption">
        {utcMinute(at)}: {reason}
      </Typography>
    </Stack>
  );
}

const USER_COLUMNS: DataColumn<AdminUserRow>[] = [
  { key: 'id', label: 'Id', sortable: true, align: 'right' },
  {
    key: 'username',
    label: 'Username',
    sortable: true,
    render: (row) => (
      <>
        {row.username}
        {row.is_admin ? <Chip size="small" label="admin" sx={{ ml: 1 }} /> : null}
      </>
    ),
  },
  { key: 'email', label: 'Email', sortable: true },
  { key: 'name', label: 'Name', sortable: true },
  { key: 'verified', label: 'Verified', render: (row) => (row.verified ? 'Yes' : 'No') },
  { key: 'pools_hosted', label: 'Pools', sortable: true, align: 'right' },
  {
    key: 'created_at',
    label: 'Joined (UTC)',
    sortable: true,
    render: (row) => utcMinute(row.created_at),
  },
  {
    key: 'suspended_at',
    label: 'Suspension',
    sortable: true,
    wrap: true,
    render: (row) => <Suspended at={row.suspended_at} reason={row.suspended_reason} />,
  },
  {
    key: 'actions',
    label: 'Actions',
    render: (row) =>
      row.is_admin ? null : (
        <SuspensionButton target="users" id={row.id} name={row.username} suspended={row.suspended_at !== null} />
      ),
  },
];

export function UsersSection() {
  return (
    <AdminTableSection
      name="users"
      label="Users"
      intro="Every account. Password hashes, tokens and sessions are never shown. A suspended account is signed out and cannot log in until the suspension is lifted."
      columns={USER_COLUMNS}
      rowKey={(row) => row.id}
      searchLabel="Search username, email or name"
      filters={[
        {
          key: 'status',
          label: 'Status',
          options: [
            { value: 'active', label: 'Active' },
            { value: 'suspended', label: 'Suspended' },
            { value: 'unverified', label: 'Unverified' },
            { value: 'admin', label: 'Admins' },
          ],
        },
      ]}
      empty="No account matches."
    />
  );
}

const POOL_COLUMNS: DataColumn<AdminPoolRow>[] = [
  { key: 'id', label: 'Id', sortable: true, align: 'right' },
  { key: 'name', label: 'Pool', sortable: true, wrap: true },
  { key: 'lifeguard', label: 'Lifeguard', sortable: true },
  { key: 'sport', label: 'Sport', sortable: true },
  { key: 'season', label: 'Season', sortable: true, align: 'right' },
  { key: 'members', label: 'Members', sortable: true, align: 'right' },
  {
    key: 'created_at',
    label: 'Created (UTC)',
    sortable: true,
    render: (row) => utcMinute(row.created_at),
  },
  { key: 'ended_at', label: 'Ended (UTC)', sortable: true, render: (row) => utcMinute(row.ended_at) },
  {
    key: 'suspended_at',
    label: 'Suspension',
    sortable: true,
    wrap: true,
    render: (row) => <Suspended at={row.suspended_at} reason={row.suspended_reason} />,
  },
  {
    key: 'actions',
    label: 'Actions',
    render: (row) => (
      <SuspensionButton target="pools" id={row.id} name={row.name} suspended={row.suspended_at !== null} />
    ),
  },
];

export function PoolsSection() {
  return (
    <AdminTableSection
      name="pools"
      label="Pools"
      intro="Every Pool Party pool. A suspended pool is read-only for everyone (no picks, invitations or chat posts) and shows a banner."
      columns={POOL_COLUMNS}
      rowKey={(row) => row.id}
      searchLabel="Search pool or Lifeguard"
      filters={[
        {
          key: 'status',
          label: 'Status',
          options: [
            { value: 'open', label: 'Open' },
            { value: 'ended', label: 'Ended' },
            { value: 'suspended', label: 'Suspended' },
          ],
        },
      ]}
      empty="No pool matches."
    />
  );
}

const OUTBOX_COLUMNS: DataColumn<AdminOutboxRow>[] = [
  { key: 'id', label: 'Id', sortable: true, align: 'right' },
  { key: 'to', label: 'To', sortable: true },
  { key: 'subject', label: 'Subject', sortable: true, wrap: true },
  {
    key: 'created_at',
    label: 'Queued (UTC)',
    sortable: true,
    render: (row) => utcMinute(row.created_at),
  },
  { key: 'sent_at', label: 'Sent (UTC)', sortable: true, render: (row) => utcMinute(row.sent_at) },
  { key: 'error', label: 'Error', wrap: true },
];

export function OutboxSection() {
  return (
    <AdminTableSection
      name="outbox"
      label="Mail outbox"
      intro="Mail as stored, newest first, with the secret part of every link masked."
      columns={OUTBOX_COLUMNS}
      rowKey={(row) => row.id}
      searchLabel="Search address or subject"
      filters={[
        {
          key: 'status',
          label: 'Status',
          options: [
            { value: 'sent', label: 'Sent' },
            { value: 'waiting', label: 'Waiting' },
            { value: 'failed', label: 'Failed' },
          ],
        },
      ]}
      empty="No mail matches."
    />
  );
}

const AUDIT_COLUMNS: DataColumn<AdminAuditRow>[] = [
  { key: 'id', label: 'Id', sortable: true, align: 'right' },
  { key: 'at', label: 'When (UTC)', sortable: true, render: (row) => utcMinute(row.at) },
  { key: 'event', label: 'Event', sortable: true },
  {
    key: 'username',
    label: 'User',
    sortable: true,
    render: (row) => row.username ?? (row.user_id ? `#${row.user_id}` : ''),
  },
  { key: 'ip', label: 'Address' },
  {
    key: 'detail',
    label: 'Detail',
    wrap: true,
    render: (row) => (
      <Box component="code" sx={{ fontSize: 12 }}>
        {row.detail}
      </Box>
    ),
  },
];

export function AuditSection() {
  return (
    <AdminTableSection
      name="audit"
      label="Audit log"
      intro="Security events and every admin request, newest first. Details hold identifiers only, never a password or token."
      columns={AUDIT_COLUMNS}
      rowKey={(row) => row.id}
      searchLabel="Search event, user or detail"
      empty="No event matches."
    />
  );
}

const PAGE_VIEW_COLUMNS: DataColumn<AdminPageViewRow>[] = [
  { key: 'route', label: 'Route', sortable: true },
  { key: 'query', label: 'Query', sortable: true, wrap: true },
  { key: 'day', label: 'Day', sortable: true },
  { key: 'views', label: 'Views', sortable: true, align: 'right' },
];

export function PageViewsSection() {
  return (
    <AdminTableSection
      name="page-views"
      label="Page views"
      intro="Views per route, query and day over the last 30 days, counted without anything personal."
      columns={PAGE_VIEW_COLUMNS}
      rowKey={(row) => `${row.route}?${row.query}@${row.day}`}
      searchLabel="Search route or query"
      empty="No page view matches."
    />
  );
}

/** Beside a refused invitation: suspend (or lift) the pool and the Lifeguard's account. */
export function RefusalActions({ refusal }: { refusal: PoolInvitationRefusal }) {
  const { lifeguard, pool } = refusal;
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {pool ? (
        <Box>
          <Typography variant="caption" component="div">
            Pool
          </Typography>
          <SuspensionButton target="pools" id={pool.id} name={pool.name} suspended={pool.suspended} />
        </Box>
      ) : null}
      {lifeguard.username ? (
        <Box>
          <Typography variant="caption" component="div">
            Lifeguard
          </Typography>
          <SuspensionButton
            target="users"
            id={lifeguard.id}
            name={lifeguard.username}
            suspended={lifeguard.suspended}
          />
        </Box>
      ) : null}
    </Stack>
  );
}
