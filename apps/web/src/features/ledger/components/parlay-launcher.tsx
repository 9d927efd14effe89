import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ParlayForm } from './parlay-form';

/** "Build a parlay": opens the parlay form in place (the teller; My Bets records one from its "Record a bet" dialog). */
export function ParlayLauncher({ note, initiallyOpen = false }: { note?: string; initiallyOpen?: boolean }) {
  const [open, setOpen] = useState(initiallyOpen);
  return (
    <Box sx={{ my: 2 }}>
      {open ? (
        <ParlayForm />
      ) : (
        <Button variant="outlined" onClick={() => setOpen(true)}>
          Build a parlay
        </Button>
      )}
      {note && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {note}
        </Typography>
      )}
    </Box>
  );
}
