import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FocusEvent, type FormEvent } from 'react';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { RouteButton } from '../../../components/route-link';
import { refusalMessage } from '../../../lib/field-errors';
import { usePools, useInvite, useShareLink } from '../api/pools';
import { formatWhen, isPoolRunning } from '../lib/pool-text';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
          <InviteByEmail key={`email-${pool.id}`} poolId={pool.id} />
          <ShareLink key={`link-${pool.id}`} poolId={pool.id} />
        </Stack>
      ) : null}
    </Page>
  );
}

function InviteByEmail({ poolId }: { poolId: number }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string[]>([]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const address = email.trim();
    if (!EMAIL.test(address)) {
      setProblem('Enter an email address, such as friend@example.com');
      return;
    }
    setProblem(null);
    invite.mutate(
      { poolId, email: address },
      {
        onSuccess: () => {
          setSentTo((before) => [address, ...before]);
          setEmail('');
        },
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="invite-email-heading">
        <Typography id="invite-email-heading" variant="h5" component="h2" gutterBottom>
          Invite by email
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            type="email"
            label="Email address"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setProblem(null);
              invite.reset();
            }}
            error={problem !== null}
            helperText={problem ?? 'The invitation works for a week'}
            fullWidth
          />
          <Button type="submit" variant="contained" disabled={invite.isPending} sx={{ flexShrink: 0, mt: { sm: 1 } }}>
            {invite.isPending ? 'Sending…' : 'Send invitation'}
          </Button>
        </Stack>
        {invite.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            The invitation was not sent: {refusalMessage(invite.error)}
          </Alert>
        ) : null}
        {sentTo.length > 0 ? (
          <Alert severity="success" sx={{ mt: 2 }}>
            Invitation sent to {sentTo.join(', ')}.
          </Alert>
        ) : null}
      </Box>
    </Paper>
  );
}

function ShareLink({ poolId }: { poolId: number }) {
  const link = useShareLink();
  const [copied, setCopied] = useState(false);
  const url = link.data?.data.url;

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Shareable link
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Anyone with the link can join until joining closes. Making a new link stops the one before from working.
      </Typography>
      {url ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
          <TextField
            label="Link"
            value={url}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                onFocus: (event: FocusEvent<HTMLInputElement>) => event.currentTarget.select(),
              },
            }}
          />
          <Button variant="outlined" onClick={() => void copy()} sx={{ flexShrink: 0 }}>
            {copied ? 'Copied' : 'Copy link'}
          </Button>
        </Stack>
      ) : null}
      <Button
        variant={url ? 'text' : 'contained'}
        disabled={link.isPending}
        onClick={() => {
          setCopied(false);
          link.mutate(poolId);
        }}
      >
        {url ? 'Make a new link' : 'Get the link'}
      </Button>
      {link.isError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          No link was made: {refusalMessage(link.error)}
        </Alert>
      ) : null}
    </Paper>
  );
}
