import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PoolDetail, SurvivorBoardResponse } from '@pass/contracts';
import { useSurvivorBoard } from '../api/pool';

type BoardMember = SurvivorBoardResponse['data']['members'][number];
type BoardWeek = BoardMember['weeks'][number];

const OUTCOME_TEXT: Record<NonNullable<BoardWeek['outcome']>, string> = {
  advanced: 'won',
  carried: 'carried (game called off)',
  eliminated: 'lost or pushed',
  no_pick: 'no team',
  pending: 'to be played',
};

/** One week of a member's run: "W3 BUF won", or a hidden team until its game locks. */
function weekText(week: BoardWeek): string {
  if (week.hidden) return `W${week.week} hidden until its game locks`;
  if (week.team === null) return `W${week.week} ${week.outcome === 'pending' ? 'no team yet' : 'no team'}`;
  return `W${week.week} ${week.team} ${week.outcome ? OUTCOME_TEXT[week.outcome] : ''}`.trim();
}

/** The weeks a member played: a member out (and not back) played none after the week they went out. */
const playedWeeks = (member: BoardMember) =>
  member.alive || member.out_week === null
    ? member.weeks
    : member.weeks.filter((week) => week.week <= member.out_week!);

function memberStanding(member: BoardMember, strikesAllowed: number): string {
  const strikes = strikesAllowed > 0 ? ` · strikes ${member.strikes_used} of ${strikesAllowed}` : '';
  const back = member.bought_back_in !== null ? ` · bought back in week ${member.bought_back_in}` : '';
  return `${member.alive ? 'Standing' : `Out in week ${member.out_week ?? '?'}`}${strikes}${back}`;
}

/**
 * The survivor board: every member standing or out in Last Man Standing, their strikes and buy-back, and the
 * team of each week (another member's once its game has locked). Cards stacked, so it reads at 390 px and wide.
 */
export function SurvivorBoard({ pool }: { pool: PoolDetail }) {
  const board = useSurvivorBoard(pool.id);
  if (board.isPending) return <CircularProgress aria-label="Loading the survivor board" />;
  if (board.isError) return <Alert severity="error">The survivor board could not be loaded. Try again.</Alert>;
  const data = board.data.data;
  const members = [...data.members].sort(
    (a, b) =>
      Number(b.alive) - Number(a.alive) || (b.out_week ?? 0) - (a.out_week ?? 0) || a.name.localeCompare(b.name),
  );
  const standing = members.filter((member) => member.alive).length;
  return (
    <Box component="section" aria-label="Survivor board">
      <Typography variant="h6" component="h2" gutterBottom>
        Survivor board
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {standing} of {members.length} standing.{' '}
        {data.strikes_allowed > 0
          ? `Out at strike ${data.strikes_allowed + 1} (a loss, a push or a week without a team).`
          : 'Out at the first loss, push or week without a team.'}{' '}
        {data.buy_back_week !== null
          ? `Out by week ${data.buy_back_week}: one buy-back, by picking a team the very next week.`
          : 'No buy-back.'}{' '}
        Other members' teams show once their games lock.
      </Typography>
      {data.winners.length > 0 && (
        <Alert severity="success" sx={{ mb: 1.5 }}>
          {data.winners.length === 1 ? 'Last one standing: ' : 'Sharing the win: '}
          {data.winners.map((id) => data.members.find((member) => member.member_id === id)?.name ?? '').join(', ')}
        </Alert>
      )}
      <Stack spacing={1}>
        {members.map((member) => (
          <Paper key={member.member_id} variant="outlined" sx={{ p: 1.25 }} data-testid="survivor-row">
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }}>{member.name}</Typography>
              <Chip
                size="small"
                color={member.alive ? 'success' : 'default'}
                label={member.alive ? 'Alive' : `Out wk ${member.out_week ?? '?'}`}
              />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {memberStanding(member, data.strikes_allowed)}
            </Typography>
            {playedWeeks(member).length > 0 && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {playedWeeks(member).map(weekText).join(' · ')}
              </Typography>
            )}
          </Paper>
        ))}
      </Stack>
    </Box>
  );
}
