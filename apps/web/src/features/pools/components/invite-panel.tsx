import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { InviteManyResult } from '@pass/contracts';
import { ADDRESS_LIST_MAX, parseAddressList } from '@pass/domain';
import { useState, type FocusEvent, type FormEvent } from 'react';
import { refusalMessage } from '../../../lib/field-errors';
import { useInviteMany, useShareLink } from '../api/pools';

/**
 * The Lifeguard's ways to bring guests in, on the pool page and the Invite screen: a pasted list of addresses
 * (the whole floor at once) and the shareable link beside it.
 */
export function InvitePanel({ poolId }: { poolId: number }) {
  return (
    <Stack spacing={3}>
      <InviteByEmail poolId={poolId} />
      <ShareLink poolId={poolId} />
    </Stack>
  );
}

const STATUS_TEXT: Record<InviteManyResult['status'], string> = {
  sent: 'Sent',
  invalid: 'Not an address',
  listed_earlier: 'Listed earlier',
  already_member: 'Already a member',
  pool_full: 'Pool full',
  invitation_limit: 'Invited too often',
  rate_limited: 'Too many for now',
  pool_ended: 'Pool ended',
  pool_suspended: 'Pool suspended',
  joining_closed: 'Joining closed',
};

function InviteByEmail({ poolId }: { poolId: number }) {
  const invite = useInviteMany();
  const [addresses, setAddresses] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const listed = parseAddressList(addresses);
  const results = invite.data?.data.results;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (listed.length === 0) {
      setProblem('Paste or type the addresses, such as pat@example.com, Sam Lee <sam@example.com>');
      return;
    }
    if (listed.length > ADDRESS_LIST_MAX) {
      setProblem(`At most ${ADDRESS_LIST_MAX} addresses at a time: this list has ${listed.length}`);
      return;
    }
    setProblem(null);
    invite.mutate(
      { poolId, addresses },
      {
        // What went out leaves the box; what did not stays, to be corrected and sent again.
        onSuccess: (answer) =>
          setAddresses(
            answer.data.results
              .filter((result) => result.status !== 'sent' && result.status !== 'listed_earlier')
              .map((result) => result.entry)
              .join('\n'),
          ),
      },
    );
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Box component="form" noValidate onSubmit={submit} aria-labelledby="invite-email-heading">
        <Typography id="invite-email-heading" variant="h5" component="h2" gutterBottom>
          Invite by email
        </Typography>
        <TextField
          label="Email addresses"
          value={addresses}
          onChange={(event) => {
            setAddresses(event.target.value);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={
            problem ??
            `Paste the whole list: commas or one a line, "Name <address>" too, up to ${ADDRESS_LIST_MAX}. Each invitation works for a week.`
          }
          multiline
          minRows={3}
          fullWidth
        />
        <Stack direction="row" spacing={2} sx={{ mt: 2, alignItems: 'center' }}>
          <Button type="submit" variant="contained" disabled={invite.isPending}>
            {invite.isPending
              ? 'Sending…'
              : listed.length > 1
                ? `Send ${listed.length} invitations`
                : 'Send invitation'}
          </Button>
        </Stack>
        {invite.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            No invitation was sent: {refusalMessage(invite.error)}
          </Alert>
        ) : null}
        {results ? (
          <List dense aria-label="Invitations sent and not sent" sx={{ mt: 1 }}>
            {results.map((result, index) => (
              <ListItem key={`${index}-${result.entry}`} disableGutters data-status={result.status}>
                <Typography
                  component="span"
                  sx={{ fontWeight: 600, mr: 1, color: result.status === 'sent' ? 'success.dark' : 'error.dark' }}
                >
                  {STATUS_TEXT[result.status]}
                </Typography>
                <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {result.email ?? result.entry}
                  {result.message ? ` — ${result.message}` : ''}
                </Typography>
              </ListItem>
            ))}
          </List>
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
