import Alert from '@mui/material/Alert';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { RouteButton } from '../../../components/route-link';
import { usePools } from '../api/pools';
import { formatWhen, isPoolRunning } from '../lib/pool-text';
import { InvitePanel } from './invite-panel';

/** Invite guests to one of the pools I host: by email, or with the pool's shareable link. */
export function InviteScreen() {
  const pools = usePools();
  const hosted = (pools.data?.data ?? []).filter((pool) => pool.role === 'lifeguard' && isPoolRunning(pool));
  const [chosen, setChosen] = useState<number | ''>('');
  const poolId = chosen === '' ? hosted[0]?.id : chosen;
  const pool = hosted.find((candidate) => candidate.id === poolId);

  return (
    <Page name="invite" title="Invite guests" maxWidth="md">
      <Typography variant="h4" component="h1" gutterBottom>
        Invite guests
      </Typography>
      {pools.isPending ? <Loading label="Loading your pools" /> : null}
      {pools.isError ? <Alert severity="error">Your pools could not be loaded: {pools.error.message}</Alert> : null}
      {pools.isSuccess && hosted.length === 0 ? (
        <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Typography>You host no open pool to invite guests to.</Typography>
          <RouteButton to="football-pools" variant="contained">
            Create a pool
          </RouteButton>
        </Stack>
      ) : null}
      {pool ? (
        <Stack spacing={3}>
          <TextField
            select
            label="Pool"
            value={pool.id}
            onChange={(event) => setChosen(Number(event.target.value))}
            sx={{ maxWidth: 480 }}
          >
            {hosted.map((candidate) => (
              <MenuItem key={candidate.id} value={candidate.id}>
                {candidate.name}
              </MenuItem>
            ))}
          </TextField>
          {pool.joining_closes_at ? (
            <Typography color="text.secondary">Guests may join until {formatWhen(pool.joining_closes_at)}.</Typography>
          ) : null}
          <InvitePanel key={pool.id} poolId={pool.id} />
        </Stack>
      ) : null}
    </Page>
  );
}
