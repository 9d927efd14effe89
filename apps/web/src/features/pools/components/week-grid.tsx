import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PoolWeekView, SlateGameView, WeeklyResultsResponse } from '@pass/contracts';
import { useLayoutEffect, useRef, useState } from 'react';
import { usePhoneLayout } from '../../../components/use-phone-layout';
import { pickStanding } from '../lib/pick-standing';

type GradedWeek = WeeklyResultsResponse['data']['weeks'][number];
type Outcome = GradedWeek['rows'][number]['picks'][number]['outcome'];

// Light enough for the pick's text (and its confidence) to keep its contrast; a game under way is paler still.
const outcomeColour: Partial<Record<Outcome, string>> = {
  win: '#C8E6C9',
  loss: '#FFCDD2',
  push: 'grey.300',
  void: 'grey.200',
};

/** A pick in a game under way: paler than a result's colour, it may still change. */
const standingColour = { ahead: '#E8F5E9', behind: '#FFEBEE', level: 'grey.100' } as const;
/** Its words under the pick, dark enough to read on that colour. */
const standingWordsColour = { ahead: 'success.dark', behind: 'error.dark', level: 'text.secondary' } as const;

const outcomeWord: Record<Outcome, string> = {
  win: 'win',
  loss: 'loss',
  push: 'push',
  void: 'void',
  missed: 'no pick',
  pending: 'not decided yet',
  not_member: 'not a member yet',
};

/**
 * The week's grid: a row per member, a column per slate game. Another member's pick shows once its game
 * locks (the API hides it before); a decided pick is coloured by its result. A member no longer in the pool
 * keeps a row, marked "removed", in the weeks they were in, so a past week still adds up.
 */
export function WeekGrid({ week, graded }: { week: PoolWeekView; graded: GradedWeek | undefined }) {
  const phone = usePhoneLayout();
  const box = useRef<HTMLDivElement>(null);
  // Whether the slate is wider than the screen: then the grid says so, so no column is cut off unseen.
  const [overflows, setOverflows] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    const check = () => setOverflows(element.scrollWidth > element.clientWidth + 1);
    check();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(check);
    observer.observe(element);
    return () => observer.disconnect();
  }, [week.games.length]);
  if (week.games.length === 0) return <Typography color="text.secondary">No slate for {week.label} yet.</Typography>;
  // On a phone the cells are tight and a long name wraps, so a usual slate fits 390 px without scrolling.
  const gamePx = phone ? 0.25 : 0.75;
  const memberSx = phone ? { maxWidth: 92, px: 0.75, overflowWrap: 'anywhere' } : {};
  const gradedRow = (memberId: number) => graded?.rows.find((row) => row.member_id === memberId);
  const members = [
    ...week.sheets.map((sheet) => ({ ...sheet, removed: false })),
    ...(graded?.rows ?? [])
      .filter((row) => row.removed && !week.sheets.some((sheet) => sheet.member_id === row.member_id))
      .map((row) => ({ member_id: row.member_id, name: row.name, picks: [], removed: true })),
  ];
  return (
    <>
      {overflows && (
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mb: 0.5 }}
          data-testid="grid-scroll-hint"
        >
          Scroll sideways for all {week.games.length} games and the points →
        </Typography>
      )}
      {/* A wide slate scrolls sideways inside its own box on a phone: focusable, so a keyboard can scroll it too. */}
      <TableContainer
        ref={box}
        tabIndex={0}
        role="region"
        aria-label={`Everyone's picks, ${week.label}, scrollable`}
        sx={{ maxWidth: '100%', overflowX: 'auto' }}
      >
        <Table size="small" aria-label={`Everyone's picks, ${week.label}`} stickyHeader>
          <TableHead>
            <TableRow>
              <TableCell sx={{ position: 'sticky', left: 0, zIndex: 3, bgcolor: 'background.paper', ...memberSx }}>
                Member
              </TableCell>
              {week.games.map((game) => (
                <TableCell
                  key={game.event_id}
                  align="center"
                  aria-label={gameHeadingLabel(game)}
                  sx={{ whiteSpace: 'nowrap', px: gamePx }}
                >
                  <GameHeading game={game} />
                </TableCell>
              ))}
              <TableCell align="right" sx={phone ? { px: 0.75 } : undefined}>
                Pts
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {members.map((sheet) => {
              const row = gradedRow(sheet.member_id);
              return (
                <TableRow key={sheet.member_id}>
                  <TableCell
                    component="th"
                    scope="row"
                    sx={{ position: 'sticky', left: 0, bgcolor: 'background.paper', fontWeight: 600, ...memberSx }}
                  >
                    {sheet.name}
                    {sheet.removed && (
                      <Typography
                        component="span"
                        variant="caption"
                        color="text.secondary"
                        sx={{ display: 'block', fontWeight: 400 }}
                      >
                        removed
                      </Typography>
                    )}
                  </TableCell>
                  {week.games.map((game) => {
                    const pick = sheet.picks.find((candidate) => candidate.event_id === game.event_id);
                    const gradedPick = row?.picks.find((candidate) => candidate.event_id === game.event_id);
                    // A game under way has no result yet, only a standing.
                    const outcome = game.locked && game.status !== 'in_progress' ? gradedPick?.outcome : undefined;
                    const team = pick?.team ?? (game.locked ? gradedPick?.team : null);
                    const hidden = !game.locked && !pick;
                    // A default pick the pool gave at the lock, to a member who had not picked the game.
                    const auto = !pick && game.locked && gradedPick?.auto === true;
                    const text = hidden ? '🔒' : (team ?? '—');
                    const play = pick?.play === 'double' ? '×2' : pick?.play === 'triple' ? '×3' : '';
                    // A confidence pool's pick shows its confidence beside it, revealed with it at the lock.
                    const confidence = pick?.confidence ?? (game.locked ? (gradedPick?.confidence ?? null) : null);
                    // A game under way: where the pick stands if it ended now, in words as well as colour.
                    const standing = team && !outcome ? pickStanding(game, team) : null;
                    return (
                      <TableCell
                        key={game.event_id}
                        align="center"
                        data-outcome={outcome ?? (hidden ? 'hidden' : 'open')}
                        data-standing={standing?.state}
                        aria-label={
                          hidden
                            ? `${sheet.name}, ${game.away_team} at ${game.home_team}: shown at lock`
                            : `${sheet.name}, ${game.away_team} at ${game.home_team}: ${team ?? 'no pick'}${auto ? ' (auto)' : ''}${confidence !== null ? `, confidence ${confidence}` : ''}${outcome && !(outcome === 'missed' && !team) ? `, ${outcomeWord[outcome]}` : ''}${standing ? `, ${standing.words}` : ''}`
                        }
                        sx={{
                          px: gamePx,
                          bgcolor: outcome
                            ? outcomeColour[outcome]
                            : standing
                              ? standingColour[standing.state]
                              : undefined,
                          whiteSpace: 'nowrap',
                        }}
                      >
                        {text}
                        {play && (
                          <Box component="sup" sx={{ ml: 0.25 }}>
                            {play}
                          </Box>
                        )}
                        {confidence !== null && team && (
                          <Box component="sup" sx={{ ml: 0.25 }} data-testid="pick-confidence">
                            {confidence}
                          </Box>
                        )}
                        {auto && (
                          <Typography
                            component="span"
                            variant="caption"
                            data-testid="pick-auto"
                            sx={{ display: 'block', color: 'text.secondary' }}
                          >
                            auto
                          </Typography>
                        )}
                        {standing && (
                          <Typography
                            component="span"
                            variant="caption"
                            sx={{ display: 'block', fontWeight: 600, color: standingWordsColour[standing.state] }}
                          >
                            {standing.words}
                          </Typography>
                        )}
                      </TableCell>
                    );
                  })}
                  <TableCell align="right" sx={phone ? { px: 0.75 } : undefined}>
                    {row?.points ?? 0}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </>
  );
}

const hasScores = (game: SlateGameView) =>
  (game.status === 'in_progress' || game.status === 'final') && game.home_score !== null && game.away_score !== null;

/** The heading in words: "BUF 7 at HOU 0, live", "BUF at HOU" before kickoff. */
function gameHeadingLabel(game: SlateGameView): string {
  if (!hasScores(game)) return `${game.away_team} at ${game.home_team}`;
  const state = game.status === 'final' ? 'final' : 'live';
  return `${game.away_team} ${game.away_score} at ${game.home_team} ${game.home_score}, ${state}`;
}

/**
 * A game's column heading: its teams, away over home, each with its score once the game has started (so the
 * score says which team has it), and whether it is final or under way.
 */
function GameHeading({ game }: { game: SlateGameView }) {
  const scored = hasScores(game);
  const live = scored && game.status === 'in_progress';
  const team = (name: string, score: number | null) => (
    <Box component="span" sx={{ display: 'block' }}>
      {name}
      {scored && (
        <Box component="span" sx={{ fontWeight: 700, ml: 0.5 }}>
          {score}
        </Box>
      )}
    </Box>
  );
  return (
    <>
      {team(game.away_team, game.away_score)}
      {team(game.home_team, game.home_score)}
      {scored && game.status === 'final' && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          Final
        </Typography>
      )}
      {live && (
        <Typography variant="caption" sx={{ display: 'block', color: 'error.main', fontWeight: 600 }}>
          Live
        </Typography>
      )}
    </>
  );
}
