import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';

/**
 * Says a new version has installed and offers to switch to it; loaded only when one waits
 * (lib/service-worker.ts). Dismissing it keeps the running version until the next visit.
 */
export default function UpdatePrompt({ onReload }: { onReload: () => void }) {
  const [open, setOpen] = useState(true);
  const [reloading, setReloading] = useState(false);
  return (
    <Snackbar
      open={open}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_event, reason) => {
        if (reason !== 'clickaway') setOpen(false);
      }}
      message="A new version of PA$$ is ready"
      slotProps={{ content: { role: 'status' } }}
      action={
        <Button
          color="secondary"
          size="small"
          disabled={reloading}
          onClick={() => {
            setReloading(true);
            onReload();
          }}
        >
          Reload
        </Button>
      }
    />
  );
}
