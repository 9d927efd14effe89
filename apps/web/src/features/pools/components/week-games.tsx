import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import type { BookEvent, SportKey } from '@pass/contracts';
import { Loading } from '../../../components/loading';
import { useWeekGames } from '../api/pools';
import { formatWhen } from '../lib/pool-text';

function gameLine(event: BookEvent): string {
  const { home, away } = event.event_scores;
  if (event.status === 'final' && home !== null && away !== null) return `Final ${away}–${home}`;
  if (event.status === 'postponed' || event.status === 'cancelled')
    return event.status === 'postponed' ? 'Postponed' : 'Cancelled';
  if (event.status === 'in_progress') return 'Under way';
  return event.kickoff ? formatWhen(event.kickoff) : event.game_date;
}

/** This week's games of the sport the pools play: what a Lifeguard chooses the week's slate from. */
export function WeekGames({ sport }: { sport: SportKey }) {
  const games = useWeekGames(sport);
  if (games.isPending) return <Loading label="Loading this week's games" />;
  if (games.isError) return <Alert severity="error">This week&apos;s games could not be loaded.</Alert>;
  const { week, events } = games.data;
  return (
    <>
      <Typography variant="h5" component="h2" gutterBottom>
        {week ? `${week.label}, ${games.data.season}` : `This week, ${games.data.season}`}
      </Typography>
      {events.length === 0 ? (
        <Typography color="text.secondary">No games this week.</Typography>
      ) : (
        <List aria-label="This week's games" disablePadding>
          {events.map((event) => (
            <ListItem key={event.event_id} divider disableGutters>
              <ListItemText primary={`${event.away_team} @ ${event.home_team}`} secondary={gameLine(event)} />
            </ListItem>
          ))}
        </List>
      )}
    </>
  );
}
