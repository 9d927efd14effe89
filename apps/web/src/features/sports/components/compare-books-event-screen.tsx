import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useParams } from 'react-router';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { RouteLink } from '../../../components/route-link';
import { useLineHistory } from '../api/get-line-history';
import { teamsByAbbv, useTeams } from '../api/get-teams';
import { hasDemoEvents } from '../lib/demo';
import { formatKickoff, matchupText } from '../lib/format';
import { latestFetch, marketLabel, MARKETS, orderBooks, type Market } from '../lib/lines';
import { SPORT_INFO } from '../lib/sports';
import { BookTable } from './book-table';
import { OddsFreshness } from './odds-freshness';
import { QueryState } from './query-state';
import { ScreenHeader } from './screen-header';

const LineHistoryChart = lazy(() => import('./line-history-chart'));

/** One game: every book's line now, and how each moved (a line chart per book). */
export function CompareBooksEventScreen() {
  const params = useParams();
  const eventId = Number(params.id);
  const history = useLineHistory(eventId);
  const event = history.data?.event;
  const teams = useTeams(event?.sport ?? 'americanfootball_nfl');
  const [market, setMarket] = useState<Market>('spreads');
  const [chosenOutcome, setOutcome] = useState<string | null>(null);

  const outcomes = useMemo(
    () => [...new Set((history.data?.series ?? []).filter((s) => s.market === market).map((s) => s.outcome))],
    [history.data, market],
  );
  const outcome = chosenOutcome && outcomes.includes(chosenOutcome) ? chosenOutcome : outcomes[0];
  const series = (history.data?.series ?? []).filter((s) => s.market === market && s.outcome === outcome);
  const ordered = orderBooks(series.map((s) => s.book)).flatMap((book) => series.filter((s) => s.book === book));
  const nameOf = (abbv: string) => teamsByAbbv(teams.data).get(abbv)?.name ?? abbv;
  const title = event ? matchupText(event, nameOf(event.away_team), nameOf(event.home_team)) : 'Line history';

  return (
    <Page name="compare-books-event" title={title} maxWidth="lg">
      <Typography variant="body2" sx={{ mb: 1 }}>
        <RouteLink to="compare-books">← Compare books</RouteLink>
      </Typography>
      <ScreenHeader
        title={title}
        demo={event ? hasDemoEvents([event]) : false}
        subtitle={event ? formatKickoff(event.kickoff, event.game_date) : null}
        aside={event ? <OddsFreshness updatedAt={latestFetch([event])} /> : null}
      />
      {Number.isInteger(eventId) && eventId > 0 ? (
        <QueryState
          isPending={history.isPending}
          error={history.error}
          loadingLabel="Loading the line history…"
          what="the line history"
          empty="There is no such game."
        />
      ) : (
        <Alert severity="info">There is no such game.</Alert>
      )}
      {event ? (
        <>
          <Paper
            component="section"
            variant="outlined"
            aria-labelledby="line-history"
            sx={{ p: { xs: 1.5, sm: 2 }, mb: 3 }}
          >
            <Typography id="line-history" variant="h6" component="h2" gutterBottom>
              Line history
            </Typography>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2, alignItems: 'center' }}>
              <ToggleButtonGroup
                exclusive
                size="small"
                value={market}
                onChange={(_event, value: Market | null) => value && setMarket(value)}
                aria-label="Market"
              >
                {MARKETS.map((key) => (
                  <ToggleButton key={key} value={key}>
                    {marketLabel(event.sport, key)}
                  </ToggleButton>
                ))}
              </ToggleButtonGroup>
              <TextField
                select
                id="outcome-selector"
                label="Side"
                size="small"
                value={outcome ?? ''}
                onChange={(change) => setOutcome(change.target.value)}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
                sx={{ minWidth: 160 }}
              >
                {outcomes.map((value) => (
                  <option key={value} value={value}>
                    {value}
                  </option>
                ))}
              </TextField>
            </Box>
            {ordered.length > 0 ? (
              <Suspense fallback={<Loading label="Loading the chart…" />}>
                <Box component="figure" sx={{ m: 0 }}>
                  <LineHistoryChart series={ordered} valueOf={market === 'h2h' ? 'price' : 'point'} />
                  <Typography component="figcaption" variant="body2" color="text.secondary">
                    {marketLabel(event.sport, market)} of {outcome} by book over time (
                    {market === 'h2h' ? 'price' : SPORT_INFO[event.sport].words.score})
                  </Typography>
                </Box>
              </Suspense>
            ) : (
              <Typography color="text.secondary">No book has quoted this market.</Typography>
            )}
          </Paper>
          <Paper component="section" variant="outlined" aria-labelledby="latest-lines" sx={{ p: { xs: 1.5, sm: 2 } }}>
            <Typography id="latest-lines" variant="h6" component="h2">
              Latest lines
            </Typography>
            <BookTable event={event} highlightBest />
          </Paper>
        </>
      ) : null}
    </Page>
  );
}
