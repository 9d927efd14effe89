import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../config/paths';
import { tokenFromLink } from '../lib/pool-text';

/** Join by a link a Lifeguard shared (or its token): the accept screen does the joining. */
export function JoinByLink() {
  const navigate = useNavigate();
  const [link, setLink] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const token = tokenFromLink(link);
    if (!token) {
      setProblem('Paste the whole invitation link, or the code at its end');
      return;
    }
    void navigate(pathTo('pool-party-accept', { token }));
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="join-pool-heading">
      <Typography id="join-pool-heading" variant="h5" component="h2" gutterBottom>
        Join a pool
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label="Invitation link"
          placeholder="https://…/pool-party/accept/…"
          value={link}
          onChange={(event) => {
            setLink(event.target.value);
            setProblem(null);
          }}
          error={problem !== null}
          helperText={problem ?? 'The link from your invitation email or from the Lifeguard'}
          fullWidth
        />
        <Button type="submit" variant="outlined" sx={{ flexShrink: 0, mt: { sm: 1 } }}>
          Join
        </Button>
      </Stack>
    </Box>
  );
}
