import type { BetEntry, SportKey } from '@pass/contracts';
import { BetKind, DEFAULT_TEASER_POINTS, isTeaserType, Status } from '@pass/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Fragment, useMemo, useState } from 'react';
import { Loading } from '../../../components/loading';
import { StackedRows } from '../../../components/stacked-rows';
import { bookName } from '../../../lib/books';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { sportWords } from '../../../lib/sport-words';
import { useBets, useCancelBet, type BetsFilter } from '../api/bets';
import { BetForm } from './bet-form';
import { EntryDialog } from './entry-dialog';
import {
  americanPrice,
  entryLiveStanding,
  entryMoney,
  gameText,
  gradingState,
  KIND_WORDS,
  kindText,
  lineOfKind,
  MODE_WORDS,
  MONEY_WORDS,
  rewardText,
  sideText,
  signedNumber,
  SPORT_WORDS,
  STATUS_WORDS,
  TYPE_WORDS,
} from '../../../lib/bet-format';
import { betsToCsv, downloadText } from '../lib/bets-csv';
import { dollars } from '../../../lib/money';

type Sort = 'date-desc' | 'date-asc' | 'reward-desc' | 'reward-asc';

/** Chip colours per grading state, dark enough for white text (WCAG AA). */
const STATE_COLOR: Record<string, string> = {
  Won: '#1B5E20',
  Lost: '#B00020',
  Open: '#1867C0',
  'In play': '#3700B3',
};

function sortEntries(entries: readonly BetEntry[], sort: Sort): BetEntry[] {
  const byDate = (a: BetEntry, b: BetEntry) =>
    (a.event.kickoff ?? a.event.game_date).localeCompare(b.event.kickoff ?? b.event.game_date) ||
    a.created_at.localeCompare(b.created_at) ||
    a.id - b.id;
  // Ungraded entries (no reward) go last either way.
  const byReward = (a: BetEntry, b: BetEntry, direction: 1 | -1) => {
    if (a.reward === null || b.reward === null) return (a.reward === null ? 1 : 0) - (b.reward === null ? 1 : 0);
    return direction * (a.reward - b.reward) || byDate(b, a);
  };
  const sorted = [...entries];
  if (sort === 'date-desc') sorted.sort((a, b) => byDate(b, a));
  if (sort === 'date-asc') sorted.sort(byDate);
  if (sort === 'reward-desc') sorted.sort((a, b) => byReward(a, b, -1));
  if (sort === 'reward-asc') sorted.sort((a, b) => byReward(a, b, 1));
  return sorted;
}

const optionalNumber = (text: string) => (text === '' ? undefined : Number(text));

/**
 * The game's date, week and score (away–home, final or live), under its name: each part kept on one line, so a
 * narrow card never leaves "live" at the end of one line and its score on the next.
 */
function GameDetails({ entry }: { entry: BetEntry }) {
  const { status, event_scores: scores } = entry.event;
  const parts = [
    entry.event.game_date,
    // Baseball is told by its dates: its weeks are only the server's way of cutting the season.
    entry.week !== null && sportWords(entry.sport).period === 'Week' ? `week ${entry.week}` : null,
    status === 'final' ? `${scores.away}–${scores.home}` : null,
    status === 'in_progress' && scores.home !== null ? `live ${scores.away}–${scores.home}` : null,
  ].filter((part): part is string => part !== null);
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 && ' · '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {part}
      </Box>
    </Fragment>
  ));
}

const STANDING_COLOR = { ahead: 'success.dark', behind: 'error.main', level: 'text.secondary' } as const;

/** While the game is played: where the entry stands if it ended now ("covering by 3.5"). */
function LiveStandingText({ entry }: { entry: BetEntry }) {
  const standing = entryLiveStanding(entry);
  if (!standing) return null;
  return (
    <Typography
      component="span"
      variant="caption"
      data-standing={standing.state}
      sx={{ display: 'block', color: STANDING_COLOR[standing.state], fontWeight: 600, mt: 0.5 }}
    >
      {standing.words.charAt(0).toUpperCase() + standing.words.slice(1)}
    </Typography>
  );
}

/** The entry's kind, type, teaser points, multiplier, kind of money (real, simulated, paper) and sync, under its side. */
function entryDetails(entry: BetEntry): string {
  return (
    `${kindText(entry.bet_kind, entry.sport)} · ${TYPE_WORDS[entry.bet_type]}` +
    (isTeaserType(entry.bet_type) ? ` · ${entry.teaser_points ?? DEFAULT_TEASER_POINTS} points` : '') +
    (entry.multiplier > 1 ? ` · ×${entry.multiplier}` : '') +
    ` · ${MONEY_WORDS[entryMoney(entry)].toLowerCase()}` +
    (entry.source === 'sync' ? ` · synced from ${entry.book ? bookName(entry.book) : 'a sportsbook'}` : '') +
    (entry.recorded_after_start ? ' · logged after start' : '')
  );
}

/** Closing line value: a share of the price for moneylines, points otherwise; none for an entry logged after start. */
function clvText(entry: BetEntry): string {
  if (entry.recorded_after_start) return 'n/a (logged after start)';
  if (entry.clv === null) return '—';
  return entry.bet_kind === BetKind.moneyline ? `${signedNumber(entry.clv * 100, 1)}%` : signedNumber(entry.clv, 1);
}

function StateChip({ entry }: { entry: BetEntry }) {
  const state = gradingState(entry);
  return (
    <Chip
      size="small"
      label={state}
      sx={STATE_COLOR[state] ? { bgcolor: STATE_COLOR[state], color: '#FFFFFF' } : undefined}
    />
  );
}

interface EntryActionsProps {
  entry: BetEntry;
  onChange: (entry: BetEntry) => void;
  onCancel: (entry: BetEntry) => void;
  canceling: boolean;
}

/** Change and Cancel while the entry is open; nothing once it is not. */
function EntryActions({ entry, onChange, onCancel, canceling }: EntryActionsProps) {
  if (entry.status !== Status.open) return null;
  const what = `${MODE_WORDS[entry.bet_mode]} ${sideText(entry)}, ${gameText(entry.event)}`;
  return (
    <>
      {/* Teller and synced entries change where they come from. */}
      {entry.source === 'manual' && (
        <Button size="small" onClick={() => onChange(entry)} aria-label={`Change ${what}`}>
          Change
        </Button>
      )}
      <Button
        size="small"
        color="error"
        disabled={canceling}
        onClick={() => onCancel(entry)}
        aria-label={`Cancel ${what}`}
      >
        Cancel
      </Button>
    </>
  );
}

const TABLE_LABEL = 'Picks and bets';

type RowsProps = Omit<EntryActionsProps, 'entry'> & { rows: readonly BetEntry[] };

/** The entries as a table, one column per figure (wide screens). */
function EntryTable({ rows, ...actions }: RowsProps) {
  return (
    <TableContainer>
      <Table size="small" aria-label={TABLE_LABEL}>
        <TableHead>
          <TableRow>
            <TableCell>Game</TableCell>
            <TableCell>Entry</TableCell>
            <TableCell align="right">Line</TableCell>
            <TableCell align="right">Price</TableCell>
            <TableCell align="right">Stake</TableCell>
            <TableCell>Book</TableCell>
            <TableCell>Status</TableCell>
            <TableCell align="right">Reward</TableCell>
            <TableCell align="right">CLV</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((entry) => (
            <TableRow key={entry.id} data-entry={entry.id}>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 600 }}>
                  {gameText(entry.event)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  <GameDetails entry={entry} />
                </Typography>
              </TableCell>
              <TableCell>
                <Typography variant="body2">
                  {MODE_WORDS[entry.bet_mode]} {sideText(entry)}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {entryDetails(entry)}
                </Typography>
              </TableCell>
              <TableCell align="right">{lineOfKind(entry.bet_kind, entry.line)}</TableCell>
              <TableCell align="right">{americanPrice(entry.price)}</TableCell>
              <TableCell align="right">{dollars(entry.stake_cents)}</TableCell>
              <TableCell>{entry.book ? bookName(entry.book) : '—'}</TableCell>
              <TableCell>
                <StateChip entry={entry} />
                <LiveStandingText entry={entry} />
              </TableCell>
              <TableCell align="right">{rewardText(entry)}</TableCell>
              <TableCell align="right">{clvText(entry)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <EntryActions entry={entry} {...actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The entries as cards (phones and narrow tablets): every figure of the table, each under its header. */
function EntryCards({ rows, ...actions }: RowsProps) {
  return (
    <StackedRows
      label={TABLE_LABEL}
      minCardWidth="20rem"
      rows={rows.map((entry) => ({
        key: entry.id,
        title: (
          <>
            {gameText(entry.event)}
            <Typography
              component="span"
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', fontWeight: 400 }}
            >
              <GameDetails entry={entry} />
            </Typography>
          </>
        ),
        aside: (
          <>
            <StateChip entry={entry} />
            <LiveStandingText entry={entry} />
          </>
        ),
        fields: [
          {
            label: 'Entry',
            wide: true,
            value: (
              <>
                {MODE_WORDS[entry.bet_mode]} {sideText(entry)}
                <Typography
                  component="span"
                  variant="caption"
                  color="text.secondary"
                  sx={{ display: 'block', fontWeight: 400 }}
                >
                  {entryDetails(entry)}
                </Typography>
              </>
            ),
          },
          { label: 'Line', value: lineOfKind(entry.bet_kind, entry.line) },
          { label: 'Price', value: americanPrice(entry.price) },
          { label: 'Stake', value: dollars(entry.stake_cents) },
          { label: 'Reward', value: rewardText(entry) },
          { label: 'CLV', value: clvText(entry) },
          // A book's name (williamhill_us) is wider than a figure's column on a 360 px screen.
          { label: 'Book', value: entry.book ? bookName(entry.book) : '—', wide: true },
        ],
        actions: entry.status === Status.open ? <EntryActions entry={entry} {...actions} /> : undefined,
      }))}
    />
  );
}

/** The member's picks and bets: filters, sort, change or cancel while open, and a CSV of what is shown. */
export function BetsList() {
  const [filter, setFilter] = useState<BetsFilter>({});
  const [sort, setSort] = useState<Sort>('date-desc');
  const bets = useBets(filter);
  const cancel = useCancelBet();
  const [changing, setChanging] = useState<BetEntry | null>(null);
  const rows = useMemo(() => sortEntries(bets.data?.data ?? [], sort), [bets.data, sort]);
  // Ten columns fit from the theme's md (900 px); narrower, each entry is a card.
  const narrow = usePhoneLayout('md');
  const actions = {
    onChange: setChanging,
    onCancel: (entry: BetEntry) => cancel.mutate(entry.id),
    canceling: cancel.isPending,
  };
  const thisYear = new Date().getFullYear();
  const seasons = [thisYear, thisYear - 1, thisYear - 2, thisYear - 3];

  return (
    <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="entries-heading">
      <Typography id="entries-heading" variant="h6" component="h2" gutterBottom>
        My picks and bets
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(5, 1fr)' }, mb: 2 }}>
        <TextField
          select
          size="small"
          label="Sport"
          value={filter.sport ?? ''}
          onChange={(event) =>
            setFilter({ ...filter, sport: (event.target.value || undefined) as SportKey | undefined })
          }
        >
          <MenuItem value="">All sports</MenuItem>
          {Object.entries(SPORT_WORDS).map(([key, words]) => (
            <MenuItem key={key} value={key}>
              {words}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Season"
          value={filter.season ?? ''}
          onChange={(event) => setFilter({ ...filter, season: optionalNumber(event.target.value) })}
        >
          <MenuItem value="">All seasons</MenuItem>
          {seasons.map((season) => (
            <MenuItem key={season} value={season}>
              {season}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Status"
          value={filter.status ?? ''}
          onChange={(event) => setFilter({ ...filter, status: optionalNumber(event.target.value) })}
        >
          <MenuItem value="">Any status</MenuItem>
          {[Status.open, Status.pending, Status.completed, Status.canceled, Status.rejected].map((status) => (
            <MenuItem key={status} value={status}>
              {STATUS_WORDS[status]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Kind"
          value={filter.kind ?? ''}
          onChange={(event) => setFilter({ ...filter, kind: optionalNumber(event.target.value) })}
        >
          <MenuItem value="">Any kind</MenuItem>
          {Object.entries(KIND_WORDS).map(([value, words]) => (
            <MenuItem key={value} value={Number(value)}>
              {words}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label="Sort"
          value={sort}
          onChange={(event) => setSort(event.target.value as Sort)}
          // The fifth field of two columns: the whole line, so its choice is not cut short.
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
        >
          <MenuItem value="date-desc">Newest game first</MenuItem>
          <MenuItem value="date-asc">Oldest game first</MenuItem>
          <MenuItem value="reward-desc">Best reward first</MenuItem>
          <MenuItem value="reward-asc">Worst reward first</MenuItem>
        </TextField>
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography color="text.secondary" sx={{ flexGrow: 1 }}>
          {bets.data
            ? `${bets.data.total} ${bets.data.total === 1 ? 'entry' : 'entries'}${bets.data.total > rows.length ? `, the ${rows.length} newest shown` : ''}`
            : ''}
        </Typography>
        <Button
          variant="outlined"
          disabled={rows.length === 0}
          onClick={() => downloadText('pass-picks-and-bets.csv', betsToCsv(rows))}
        >
          Export CSV
        </Button>
      </Box>
      {bets.isPending && <Loading label="Loading your picks and bets…" />}
      {bets.isError && <Alert severity="error">Your picks and bets could not be loaded: {bets.error.message}</Alert>}
      {cancel.isError && (
        <Alert severity="error" sx={{ mb: 1 }}>
          Could not cancel: {cancel.error.message}
        </Alert>
      )}
      {bets.data && rows.length === 0 && (
        <Typography>
          No picks or bets yet
          {filter.sport || filter.season || filter.status || filter.kind ? ' for these filters' : ''}.
        </Typography>
      )}
      {rows.length > 0 && (narrow ? <EntryCards rows={rows} {...actions} /> : <EntryTable rows={rows} {...actions} />)}
      <EntryDialog title="Change your entry" open={changing !== null} onClose={() => setChanging(null)}>
        {changing && <BetForm key={changing.id} entry={changing} bare onRecorded={() => setChanging(null)} />}
      </EntryDialog>
    </Paper>
  );
}
