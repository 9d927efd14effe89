import Box from '@mui/material/Box';
import { useShowingKeptAnswers } from '../../lib/offline-status';

/** Shown while the screen's data came from what the app kept, because the network is down. */
export function OfflineMarker() {
  const offline = useShowingKeptAnswers();
  if (!offline) return null;
  return (
    <Box
      role="status"
      data-testid="offline-marker"
      sx={{
        bgcolor: 'warning.main',
        color: 'common.black',
        px: 2,
        py: 0.75,
        textAlign: 'center',
        fontWeight: 600,
        fontSize: '0.9rem',
      }}
    >
      Offline — showing what you last saw
    </Box>
  );
}
