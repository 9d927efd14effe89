import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/**
 * The loading state of a screen or a section. `offline`: what it waits for cannot be asked while the device is
 * offline and nothing was kept of it (a screen never opened before): said so, rather than a spinner forever.
 */
export function Loading({ label = 'Loading…', offline = false }: { label?: string; offline?: boolean }) {
  if (offline) {
    return (
      <Box role="status" aria-live="polite" sx={{ py: 4 }}>
        <Typography color="text.secondary">
          This needs a connection: you are offline and it was not kept on this device. It loads as soon as you are back
          online.
        </Typography>
      </Box>
    );
  }
  return (
    <Box role="status" aria-live="polite" sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 4 }}>
      <CircularProgress size={24} aria-hidden />
      <Typography color="text.secondary">{label}</Typography>
    </Box>
  );
}
