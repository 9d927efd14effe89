import Box from '@mui/material/Box';
import type { BookEvent } from '@pass/contracts';
import { liveLabel, scoreAge } from '../lib/live-game';
import { useMovingServerNow } from '../lib/server-clock';

/**
 * A game in progress as every screen shows it (decision 071-live-push): a LIVE mark, where the game stands
 * ("Q3 4:12", "Bot 9th") and, once the score is more than two minutes old, how old. The score itself is the
 * screen's to show, beside its teams.
 */
export function LiveGameStatus({ event }: { event: Pick<BookEvent, 'sport' | 'live'> }) {
  const label = event.live ? liveLabel(event.sport, event.live) : 'In progress';
  return (
    <Box
      component="span"
      data-testid="live-status"
      sx={{ display: 'inline-flex', alignItems: 'baseline', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 0.75 }}
    >
      <Box
        component="span"
        sx={{
          px: 0.75,
          borderRadius: 1,
          bgcolor: 'error.main',
          color: 'error.contrastText',
          fontSize: '0.7rem',
          fontWeight: 700,
          letterSpacing: '0.06em',
          lineHeight: 1.6,
        }}
      >
        LIVE
      </Box>
      <Box component="span" sx={{ typography: 'body2', fontWeight: 600, whiteSpace: 'nowrap' }}>
        {label}
      </Box>
      {event.live?.as_of ? <ScoreAge asOf={event.live.as_of} /> : null}
    </Box>
  );
}

/** How old the score is, by the server's clock, once more than two minutes: it grows while the page is open. */
function ScoreAge({ asOf }: { asOf: string }) {
  const age = scoreAge(asOf, useMovingServerNow());
  return age ? (
    <Box component="span" sx={{ typography: 'body2', color: 'text.secondary', whiteSpace: 'nowrap' }}>
      {`score ${age}`}
    </Box>
  ) : null;
}
