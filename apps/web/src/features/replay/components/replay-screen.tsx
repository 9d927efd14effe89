import type { DemoReplayResponse, ReplayGame } from '@pass/contracts';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useEffect, useState } from 'react';
import { Page } from '../../../components/page';
import { RouteButton } from '../../../components/route-link';
import { useSessionUser } from '../../../lib/use-session-user';
import { useDemoReplay } from '../api/demo-replay';
import { SPORT_WORDS } from '../../../lib/bet-format';
import { useReplaySelection, type ReplaySelection } from '../lib/use-replay-selection';
import { DemoEntryDialog } from './demo-entry-dialog';
import { ReplayFigures, ReplayLinkButton, ReplaySelectors, ReplayState } from './replay-parts';
import { ReplayWeekView } from './replay-week-view';
import { WelcomeBanner } from './welcome-banner';

/** How long each week stays on screen while the season plays. */
export const PLAY_INTERVAL_MS = 1600;

const dayText = (date: string) =>
  new Date(`${date}T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

function Strategy({ replay }: { replay: DemoReplayResponse }) {
  const { strategy } = replay;
  const wide = useMediaQuery(useTheme().breakpoints.up('md'), { noSsr: true });
  // The rules show on wide screens; on a phone they wait behind a button so the replay stays near the top.
  const [expanded, setExpanded] = useState<boolean | null>(null);
  const open = expanded ?? wide;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="strategy-heading" sx={{ p: 2 }}>
      <Typography id="strategy-heading" variant="h6" component="h2">
        The strategy: {strategy.name}
      </Typography>
      <Typography sx={{ mb: 1 }}>{strategy.summary}</Typography>
      <Collapse in={open}>
        <Box component="ul" id="strategy-rules" sx={{ m: 0, pl: 2.5 }}>
          {strategy.rules.map((rule) => (
            <Typography component="li" variant="body2" color="text.secondary" key={rule}>
              {rule}
            </Typography>
          ))}
        </Box>
      </Collapse>
      <Button size="small" aria-expanded={open} aria-controls="strategy-rules" onClick={() => setExpanded(!open)}>
        {open ? 'Hide the rules' : 'How it works'}
      </Button>
    </Paper>
  );
}

/** The season played out: a week stepper with a play button, the week's graded entries and the running totals. */
function ReplayPlayer({
  replay,
  selection,
  playIntervalMs,
}: {
  replay: DemoReplayResponse;
  selection: ReplaySelection;
  playIntervalMs: number;
}) {
  const { weeks } = replay;
  const last = weeks.length - 1;
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const [tryGame, setTryGame] = useState<ReplayGame | null>(null);

  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => {
      const next = Math.min(index + 1, last);
      setIndex(next);
      if (next === last) setPlaying(false);
    }, playIntervalMs);
    return () => clearTimeout(timer);
  }, [playing, index, last, playIntervalMs]);

  const week = weeks[index]!;
  const go = (to: number) => {
    setPlaying(false);
    setIndex(Math.max(0, Math.min(last, to)));
  };
  const play = () => {
    if (index >= last) setIndex(0);
    setPlaying(true);
  };

  return (
    <>
      <Box sx={{ my: 3 }}>
        <Strategy replay={replay} />
      </Box>

      <Paper variant="outlined" component="section" aria-label="Replay controls" sx={{ p: 2, mb: 3 }}>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Button onClick={() => go(index - 1)} disabled={index === 0} aria-label="Previous week">
            ◀ Back
          </Button>
          {playing ? (
            <Button variant="contained" onClick={() => setPlaying(false)}>
              Pause
            </Button>
          ) : (
            <Button variant="contained" onClick={play}>
              {index >= last ? 'Replay the season' : index === 0 ? 'Play the season' : 'Play on'}
            </Button>
          )}
          <Button onClick={() => go(index + 1)} disabled={index === last} aria-label="Next week">
            Next ▶
          </Button>
          <Button onClick={() => go(last)} disabled={index === last}>
            Skip to the end
          </Button>
        </Box>
        <Box sx={{ px: 1, pt: 1 }}>
          <Slider
            aria-label="Week"
            value={index}
            min={0}
            max={last}
            step={1}
            marks
            onChange={(_event, value) => go(Array.isArray(value) ? value[0]! : value)}
            getAriaValueText={(value) => weeks[value]?.label ?? ''}
            valueLabelDisplay="auto"
            valueLabelFormat={(value) => weeks[value]?.label ?? ''}
          />
        </Box>
      </Paper>

      <Box component="section" aria-labelledby="week-heading">
        <Typography id="week-heading" variant="h5" component="h2" aria-live="polite">
          {week.label}{' '}
          <Typography component="span" color="text.secondary">
            · {dayText(week.start)} – {dayText(week.end)} · week {index + 1} of {weeks.length}
          </Typography>
        </Typography>
        <Typography variant="subtitle2" color="text.secondary" component="p" sx={{ mb: 1 }}>
          This week: {week.totals.record} ({week.totals.entries} graded)
        </Typography>
        <ReplayWeekView week={week} onTry={setTryGame} />
      </Box>

      <Box component="section" aria-labelledby="running-heading" sx={{ mt: 4 }}>
        <Typography id="running-heading" variant="h6" component="h2" gutterBottom>
          The season so far, through {week.label}
        </Typography>
        <ReplayFigures totals={week.running} clv={week.running_clv} label="Running totals" />
      </Box>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 3 }}>
        <ReplayLinkButton to="demo-charts" selection={selection}>
          See the season as charts
        </ReplayLinkButton>
        <ReplayLinkButton to="demo-modal" selection={selection}>
          Try the pick form
        </ReplayLinkButton>
      </Stack>

      {tryGame && <DemoEntryDialog key={tryGame.event_id} game={tryGame} open onClose={() => setTryGame(null)} />}
    </>
  );
}

/** /demo and /welcome: the welcome banner, then a past season replayed week by week. */
export function ReplayScreen({
  name,
  playIntervalMs = PLAY_INTERVAL_MS,
}: {
  name: 'demo' | 'welcome';
  playIntervalMs?: number;
}) {
  const { selection, select } = useReplaySelection();
  const replay = useDemoReplay(selection.sport, selection.season);
  const user = useSessionUser();
  const data = replay.data;

  return (
    <Page name={name} title={name === 'welcome' ? 'Welcome' : 'Demo'} maxWidth="lg">
      <WelcomeBanner />
      <Typography variant="h5" component="h2" gutterBottom>
        {data?.season
          ? `The ${data.season} ${SPORT_WORDS[data.sport]?.toLowerCase()} season, replayed`
          : 'A season, replayed'}
      </Typography>
      <Box sx={{ mb: 2 }}>
        <ReplaySelectors selection={selection} replay={data} onSelect={select} />
      </Box>
      <ReplayState query={replay} />
      {data && data.weeks.length > 0 && (
        <ReplayPlayer
          key={`${data.sport}-${data.season}`}
          replay={data}
          selection={selection}
          playIntervalMs={playIntervalMs}
        />
      )}
      {!user && (
        <Paper variant="outlined" sx={{ p: 2, mt: 4, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ flex: '1 1 260px' }}>
            Track your own picks and bets the same way: graded automatically, with your record, ROI and units by team,
            week and kind.
          </Typography>
          <RouteButton to="register-new" variant="contained">
            Join for free
          </RouteButton>
        </Paper>
      )}
    </Page>
  );
}
