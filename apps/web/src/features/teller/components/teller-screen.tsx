import type { BetEntry, SportKey, TellerBetBody } from '@pass/contracts';
import { dollarsToCents } from '@pass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import { Loading } from '../../../components/loading';
import { Page } from '../../../components/page';
import { StackedRows } from '../../../components/stacked-rows';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { useCurrentEvents } from '../../../lib/current-events';
import { usePlaceTellerBet, useTeller } from '../api/teller';
import { serverProblems } from '../../../lib/field-errors';
import { americanPrice, gameText, SPORT_WORDS } from '../../../lib/bet-format';
import { booksOf, latestQuote } from '../../../lib/book-quotes';
import { dollars } from '../../../lib/money';
import { useIdempotencyKey } from '../../../lib/idempotency';

const BalanceChart = lazy(() => import('./balance-chart'));

const FIELDS = ['event_id', 'bet_team', 'price', 'stake', 'book'];

/** The teller's open bets: a table, or a card per bet on a phone. */
function OpenBets({ entries }: { entries: readonly BetEntry[] }) {
  const phone = usePhoneLayout();
  if (phone) {
    return (
      <StackedRows
        label="Open teller bets"
        rows={entries.map((entry) => ({
          key: entry.id,
          title: gameText(entry.event),
          fields: [
            { label: 'Team', value: entry.bet_team },
            { label: 'Price', value: americanPrice(entry.price) },
            { label: 'Stake', value: dollars(entry.stake_cents) },
          ],
        }))}
      />
    );
  }
  return (
    <Table size="small" aria-label="Open teller bets">
      <TableHead>
        <TableRow>
          <TableCell>Game</TableCell>
          <TableCell>Team</TableCell>
          <TableCell align="right">Price</TableCell>
          <TableCell align="right">Stake</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {entries.map((entry) => (
          <TableRow key={entry.id}>
            <TableCell>{gameText(entry.event)}</TableCell>
            <TableCell>{entry.bet_team}</TableCell>
            <TableCell align="right">{americanPrice(entry.price)}</TableCell>
            <TableCell align="right">{dollars(entry.stake_cents)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/**
 * The teller: a paper bankroll ($1,000 to start) for simulated moneyline bets; then other features' sections
 * (`children`, such as the ledger's parlay builder).
 */
export function TellerScreen({ children }: { children?: ReactNode }) {
  const teller = useTeller();
  const [sport, setSport] = useState<SportKey>('americanfootball_nfl');
  const events = useCurrentEvents(sport);
  const place = usePlaceTellerBet();
  const idempotency = useIdempotencyKey();
  const [eventId, setEventId] = useState('');
  const [team, setTeam] = useState('');
  const [stake, setStake] = useState('');
  const [placed, setPlaced] = useState<string | null>(null);

  const eventList = events.data?.events ?? [];
  const event = eventList.find((item) => String(item.event_id) === eventId);
  const book = booksOf(event).find((name) => event && latestQuote(event, name, 1, team)) ?? null;
  const quote = event && book ? latestQuote(event, book, 1, team) : null;
  const problems = serverProblems(place.error, FIELDS);

  const submit = (formEvent: FormEvent) => {
    formEvent.preventDefault();
    if (!event || !quote || !team) return;
    const body: TellerBetBody = {
      event_id: event.event_id,
      bet_team: team,
      price: quote.price,
      stake: Number(stake),
      book,
    };
    place.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: () => {
          idempotency.reset();
          setPlaced(`Placed ${dollars(dollarsToCents(body.stake))} on ${team} at ${americanPrice(body.price)}.`);
          setStake('');
        },
      },
    );
  };

  const data = teller.data?.data;
  return (
    <Page name="teller-place-bet" title="Place a bet" maxWidth="lg">
      <Typography variant="h4" component="h1" gutterBottom>
        Teller
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        A paper bankroll of $1,000 for simulated moneyline bets: no real money moves.
      </Typography>
      {teller.isPending && <Loading label="Loading your bankroll…" />}
      {teller.isError && <Alert severity="error">Your bankroll could not be loaded: {teller.error.message}</Alert>}
      {data && (
        <Box sx={{ display: 'grid', gap: 2, my: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          {[
            ['Balance', dollars(data.balance_cents)],
            ['Available to stake', dollars(data.available_cents)],
            ['In open bets', dollars(data.open_stakes_cents)],
            ['Since the start', dollars(data.balance_cents - data.start_cents, { signed: true })],
          ].map(([label, value]) => (
            <Paper key={label} variant="outlined" sx={{ p: 2 }}>
              <Typography variant="caption" color="text.secondary" component="p">
                {label}
              </Typography>
              <Typography variant="h5" component="p" data-figure={label}>
                {value}
              </Typography>
            </Paper>
          ))}
        </Box>
      )}

      <Paper component="section" variant="outlined" sx={{ p: 2, my: 3 }} aria-labelledby="teller-form-heading">
        <Typography id="teller-form-heading" variant="h6" component="h2" gutterBottom>
          Place a moneyline bet
        </Typography>
        <Box
          component="form"
          noValidate
          onSubmit={submit}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'repeat(4, 1fr)' } }}
        >
          <TextField
            select
            label="Sport"
            value={sport}
            onChange={(changeEvent) => {
              setSport(changeEvent.target.value as SportKey);
              setEventId('');
              setTeam('');
            }}
          >
            {Object.entries(SPORT_WORDS).map(([key, words]) => (
              <MenuItem key={key} value={key}>
                {words}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Game"
            value={event ? eventId : ''}
            disabled={eventList.length === 0}
            onChange={(changeEvent) => {
              setEventId(changeEvent.target.value);
              setTeam('');
              setPlaced(null);
            }}
            error={Boolean(problems.fields.event_id)}
            helperText={
              problems.fields.event_id ??
              (events.isPending
                ? 'Loading this week’s games…'
                : eventList.length === 0
                  ? 'No games this week.'
                  : undefined)
            }
          >
            {eventList.map((item) => (
              <MenuItem key={item.event_id} value={String(item.event_id)}>
                {gameText(item)} · {item.kickoff ? new Date(item.kickoff).toLocaleString() : item.game_date}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            select
            label="Team"
            value={team}
            disabled={!event}
            onChange={(changeEvent) => {
              setTeam(changeEvent.target.value);
              setPlaced(null);
            }}
            error={Boolean(problems.fields.bet_team ?? problems.fields.price)}
            helperText={
              problems.fields.bet_team ??
              problems.fields.price ??
              (team && event
                ? quote
                  ? `${americanPrice(quote.price)} at ${book}`
                  : 'No moneyline quote for this team yet.'
                : undefined)
            }
          >
            {(event ? [event.away_team, event.home_team] : []).map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Stake ($)"
            inputMode="decimal"
            value={stake}
            onChange={(changeEvent) => {
              setStake(changeEvent.target.value);
              setPlaced(null);
            }}
            error={Boolean(problems.fields.stake)}
            helperText={problems.fields.stake ?? (data ? `Up to ${dollars(data.available_cents)}` : undefined)}
          />
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Button type="submit" variant="contained" disabled={!quote || stake.trim() === '' || place.isPending}>
              {place.isPending ? 'Placing…' : 'Place bet'}
            </Button>
          </Box>
        </Box>
        {problems.general && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {problems.general}
          </Alert>
        )}
        {placed && (
          <Alert severity="success" sx={{ mt: 2 }}>
            {placed}
          </Alert>
        )}
      </Paper>

      {data && (
        <>
          <Typography variant="h6" component="h2" gutterBottom>
            Balance history
          </Typography>
          <Paper variant="outlined" sx={{ p: 1, mb: 3 }}>
            {data.history.length === 0 ? (
              <Typography sx={{ p: 1 }}>No settled bets yet: the balance moves once a game is final.</Typography>
            ) : (
              <Suspense fallback={<Loading label="Loading the chart…" />}>
                <BalanceChart teller={data} />
              </Suspense>
            )}
          </Paper>
          {data.open.length > 0 && (
            <>
              <Typography variant="h6" component="h2" gutterBottom>
                Open bets
              </Typography>
              <OpenBets entries={data.open} />
            </>
          )}
        </>
      )}
      {children}
    </Page>
  );
}
