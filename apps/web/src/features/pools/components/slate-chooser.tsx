import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PoolDetail, PoolWeekView } from '@pass/contracts';
import { openForSlate } from '@pass/domain';
import { useState } from 'react';
import { usePublishSlate } from '../api/pool';
import { formatKickoff, formatSpread } from '../lib/pool-format';
import { refusalMessage } from '../lib/refusal';
import { useNow } from '../lib/use-now';

type Choice = PoolWeekView['choices'][number];

/** Whether a game may go on the slate now: the pool rules' own test (not started, not called off, a line in ats). */
export function choosable(choice: Choice, ats: boolean, now: number): boolean {
  return openForSlate(
    { kickoff: choice.kickoff, status: choice.status, homeSpread: choice.home_spread },
    ats ? 'ats' : 'straight',
    new Date(now),
  );
}

const describe = (choice: Choice, ats: boolean) => {
  const line =
    choice.home_spread === null
      ? ats
        ? 'no line yet'
        : ''
      : `${choice.home_team} ${formatSpread(choice.home_spread)}`;
  return [formatKickoff(choice.kickoff), line].filter(Boolean).join(' · ');
};

/**
 * The Lifeguard's choice of the week's slate, until its first kickoff: the week's games with their lines now
 * (what publishing freezes), the slate's size from the pool's games per week. Without a choice the first games
 * by kickoff fill it (DESIGN.md section 6).
 */
export function SlateChooser({ pool, week }: { pool: PoolDetail; week: PoolWeekView }) {
  const now = useNow();
  const ats = pool.win_basis === 'ats';
  const publish = usePublishSlate(pool.id, week.week);
  const [chosen, setChosen] = useState<Set<number>>(() => new Set(week.games.map((game) => game.event_id)));
  const [published, setPublished] = useState(false);
  const open = week.choices.filter((choice) => choosable(choice, ats, now));
  const size = Math.min(pool.games_per_week, open.length);
  const picked = open.filter((choice) => chosen.has(choice.event_id)).map((choice) => choice.event_id);

  const toggle = (eventId: number) => {
    setPublished(false);
    setChosen((previous) => {
      const next = new Set(previous);
      if (next.has(eventId)) next.delete(eventId);
      else next.add(eventId);
      return next;
    });
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="slate-chooser-title"
      sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}
    >
      <Typography id="slate-chooser-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        Choose the slate for {week.label}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {week.slate_source === 'lifeguard'
          ? 'You published this slate; you may change it until the first kickoff.'
          : `Not chosen yet: unless you publish one, the first ${pool.games_per_week} games by kickoff fill it.`}{' '}
        {ats ? 'Lines freeze when you publish.' : ''}
      </Typography>
      <Stack role="group" aria-label={`Games of ${week.label}`}>
        {week.choices.map((choice) => {
          const enabled = choosable(choice, ats, now);
          return (
            <FormControlLabel
              key={choice.event_id}
              disabled={!enabled}
              control={
                <Checkbox checked={enabled && chosen.has(choice.event_id)} onChange={() => toggle(choice.event_id)} />
              }
              label={
                <span>
                  {choice.away_team} at {choice.home_team}
                  <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                    {describe(choice, ats)}
                  </Typography>
                </span>
              }
              sx={{ py: 0.5, alignItems: 'flex-start', '& .MuiCheckbox-root': { pt: 0.5 } }}
            />
          );
        })}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          disabled={picked.length !== size || size === 0 || publish.isPending}
          onClick={() =>
            publish.mutate(picked, {
              onSuccess: () => setPublished(true),
            })
          }
        >
          {publish.isPending ? 'Publishing…' : 'Publish the slate'}
        </Button>
        <Typography
          variant="body2"
          color={picked.length === size ? 'text.secondary' : 'warning.main'}
          aria-live="polite"
        >
          {picked.length} of {size} games chosen
        </Typography>
      </Stack>
      {published && !publish.isPending ? (
        <Alert severity="success" sx={{ mt: 1.5 }}>
          Slate published: everyone picks from these games.
        </Alert>
      ) : null}
      {publish.isError ? (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {refusalMessage(publish.error)}
        </Alert>
      ) : null}
    </Paper>
  );
}
