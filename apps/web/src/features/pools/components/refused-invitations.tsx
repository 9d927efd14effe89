import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PoolInvitationRefusal } from '@pass/contracts';
import type { ReactNode } from 'react';
import { POOL_DEFAULTS } from '@pass/domain';
import { Loading } from '../../../components/loading';
import { StackedRows } from '../../../components/stacked-rows';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { useInvitationRefusals } from '../api/admin-refusals';
import { formatWhen, poolStatusLabel, SPORT_NAMES } from '../lib/pool-text';

const COLUMNS = ['When', 'Lifeguard', 'Refusals in all', 'Pool', 'Address'] as const;

function When({ refusal }: { refusal: PoolInvitationRefusal }) {
  return <time dateTime={refusal.at}>{formatWhen(refusal.at)}</time>;
}

function Lifeguard({ refusal }: { refusal: PoolInvitationRefusal }) {
  const { lifeguard } = refusal;
  return <>{lifeguard.username ?? `Account #${lifeguard.id} (deleted)`}</>;
}

function Pool({ refusal }: { refusal: PoolInvitationRefusal }) {
  const { pool } = refusal;
  if (!pool) return <>A deleted pool</>;
  return (
    <>
      <Box component="span" sx={{ fontWeight: 600 }}>
        {pool.name}
      </Box>{' '}
      <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap' }}>
        #{pool.id} · {SPORT_NAMES[pool.sport]} {pool.season} · {poolStatusLabel(pool)}
      </Box>
    </>
  );
}

/**
 * The admin's table of invitations refused because a Lifeguard had already sent the address the most
 * allowed: when, who, how often that Lifeguard has been refused, which pool, which address; newest first,
 * older ones a click away, with the actions app/ gives beside each. Stacked cards on a phone.
 */
export function RefusedInvitations({
  actions,
}: {
  /** What the admin may do about a refusal (suspend the pool or the Lifeguard), given by app/. */
  actions?: (refusal: PoolInvitationRefusal) => ReactNode;
} = {}) {
  const refusals = useInvitationRefusals();
  const phone = usePhoneLayout('md');
  const rows = refusals.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Box
      component="section"
      id="refused-invitations"
      aria-labelledby="refused-invitations-heading"
      sx={{ mt: 4, scrollMarginTop: 72 }}
    >
      <Typography id="refused-invitations-heading" variant="h6" component="h2" gutterBottom>
        Refused invitations
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        A Lifeguard may send one address {POOL_DEFAULTS.maxInvitationsPerGuest} invitations across their pools; each one
        past that is refused and listed here, newest first.
      </Typography>
      {refusals.isPending ? <Loading label="Loading the refused invitations…" /> : null}
      {refusals.isError ? (
        <Alert severity="error">The refused invitations could not be loaded: {refusals.error.message}</Alert>
      ) : null}
      {refusals.isSuccess && rows.length === 0 ? (
        <Typography color="text.secondary">No invitation has been refused.</Typography>
      ) : null}
      {rows.length > 0 && phone ? (
        <StackedRows
          label="Refused invitations"
          minFieldWidth="8rem"
          rows={rows.map((refusal) => ({
            key: refusal.id,
            title: refusal.email,
            fields: [
              { label: 'When', value: <When refusal={refusal} /> },
              { label: 'Lifeguard', value: <Lifeguard refusal={refusal} /> },
              { label: 'Refusals in all', value: refusal.lifeguard.refusals },
              { label: 'Pool', value: <Pool refusal={refusal} />, wide: true },
            ],
            ...(actions ? { actions: actions(refusal) } : {}),
          }))}
        />
      ) : null}
      {rows.length > 0 && !phone ? (
        <TableContainer>
          <Table size="small" aria-label="Refused invitations">
            <TableHead>
              <TableRow>
                {(actions ? [...COLUMNS, 'Actions'] : COLUMNS).map((label) => (
                  <TableCell
                    key={label}
                    component="th"
                    scope="col"
                    align={label === 'Refusals in all' ? 'right' : 'left'}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {label}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((refusal) => (
                <TableRow key={refusal.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <When refusal={refusal} />
                  </TableCell>
                  <TableCell>
                    <Lifeguard refusal={refusal} />
                  </TableCell>
                  <TableCell align="right">{refusal.lifeguard.refusals}</TableCell>
                  <TableCell>
                    <Pool refusal={refusal} />
                  </TableCell>
                  <TableCell sx={{ overflowWrap: 'anywhere' }}>{refusal.email}</TableCell>
                  {actions ? <TableCell>{actions(refusal)}</TableCell> : null}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {refusals.hasNextPage ? (
        <Button
          sx={{ mt: 2 }}
          variant="outlined"
          onClick={() => void refusals.fetchNextPage()}
          disabled={refusals.isFetchingNextPage}
        >
          {refusals.isFetchingNextPage ? 'Loading…' : 'Show older'}
        </Button>
      ) : null}
    </Box>
  );
}
