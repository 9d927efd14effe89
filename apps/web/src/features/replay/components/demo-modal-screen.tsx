import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { useDemoReplay } from '../api/demo-replay';
import { gameText } from '../../../lib/bet-format';
import { sampleGameOf } from '../lib/replay';
import { useReplaySelection } from '../lib/use-replay-selection';
import { DemoEntryDialog } from './demo-entry-dialog';
import { ReplayLinkButton, ReplayState } from './replay-parts';

/** /demo/modal: the pick and bet form, opened on a sample game of the replay, in demo mode. */
export function DemoModalScreen() {
  const { selection } = useReplaySelection();
  const [params] = useSearchParams();
  const eventParam = params.get('event');
  const replay = useDemoReplay(selection.sport, selection.season);
  const [open, setOpen] = useState(true);
  const game = replay.data
    ? sampleGameOf(replay.data, eventParam && /^\d+$/.test(eventParam) ? Number(eventParam) : undefined)
    : undefined;

  return (
    <Page name="demo-modal" title="Try the pick form" maxWidth="md">
      <Typography variant="h4" component="h1" gutterBottom>
        Try the pick form
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Members record a pick or a bet in seconds: choose the side, and the line and price come from the sportsbook.
        Here it opens on a game of the replayed season, so you can see at once how your entry would have graded.
      </Typography>
      <ReplayState query={replay} />
      {game && (
        <>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
            <Typography sx={{ flex: '1 1 240px' }}>
              The sample game: <strong>{gameText(game)}</strong>, {game.game_date}.
            </Typography>
            {!open && (
              <Button variant="contained" onClick={() => setOpen(true)}>
                Open the pick form
              </Button>
            )}
            <ReplayLinkButton to="demo" selection={selection}>
              Back to the replay
            </ReplayLinkButton>
          </Box>
          <DemoEntryDialog key={game.event_id} game={game} open={open} onClose={() => setOpen(false)} />
        </>
      )}
    </Page>
  );
}
