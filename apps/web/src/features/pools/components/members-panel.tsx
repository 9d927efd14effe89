import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type {
  MissingPicksResponse,
  PoolDetail,
  PoolEditView,
  PoolMemberView,
  PoolWeekView,
  RemindResponse,
  RunAgainResponse,
} from '@pass/contracts';
import { missesOpenPicks, nextReminderAt, Status } from '@pass/domain';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { pathTo } from '../../../config/paths';
import {
  useAnnouncements,
  useEditMemberPicks,
  useEdits,
  useEndPool,
  useMissingPicks,
  usePostAnnouncement,
  useRemind,
  useRemoveMember,
  useRunAgain,
} from '../api/pool';
import { agoText } from '../lib/pool-format';
import { refusalMessage } from '../lib/refusal';
import { poolPageRoute } from '../lib/pool-text';
import { useNow } from '../lib/use-now';
import { confidenceHolders, GameRow, withConfidence, type SheetDraft } from './pick-sheet';
import { InvitePanel } from './invite-panel';

const when = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** Members with their role, the announcements and the edit log for all; the Lifeguard's tools for the Lifeguard. */
/** Whether guests may still join: the pool runs and joining has not closed (the end of its first week). */
const joiningOpen = (pool: PoolDetail) =>
  pool.status !== Status.closed &&
  pool.suspended === null &&
  (pool.joining_closes_at === null || Date.parse(pool.joining_closes_at) > Date.now());

export function MembersPanel({ pool, week }: { pool: PoolDetail; week: PoolWeekView | undefined }) {
  const lifeguard = pool.role === 'lifeguard';
  const ended = pool.status === Status.closed;
  return (
    <>
      <Section title="Members">
        <List dense disablePadding>
          {pool.members.map((member) => (
            <ListItem
              key={member.id}
              disableGutters
              secondaryAction={
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Chip size="small" label={member.role === 'lifeguard' ? 'Lifeguard' : 'Guest'} />
                  {lifeguard && member.role === 'guest' && <RemoveGuest pool={pool} member={member} />}
                </Stack>
              }
              sx={lifeguard ? { pr: 17 } : undefined}
            >
              <ListItemText
                primary={member.name}
                secondary={`${member.name === member.username ? '' : `@${member.username} · `}Joined ${when.format(new Date(member.joined_at))}`}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      </Section>
      {lifeguard && joiningOpen(pool) && (
        <Section title="Invite guests">
          <InvitePanel poolId={pool.id} />
        </Section>
      )}
      {lifeguard && week && <MissingPicks pool={pool} week={week} />}
      <Announcements pool={pool} canPost={lifeguard && !ended} />
      {lifeguard && week && !ended && <EnterPicks pool={pool} week={week} />}
      <EditLog pool={pool} />
      {lifeguard && !ended && <EndPool pool={pool} />}
      {lifeguard && (ended || pool.status === Status.completed) && <RunAgain pool={pool} />}
    </>
  );
}

/** Whether the member misses anything they can still enter (the server answers "not missing" otherwise). */
function canStillPick(row: MissingPicksResponse['data'][number], week: PoolWeekView): boolean {
  return missesOpenPicks({
    openGamesWithoutPick: row.missing_event_ids.length,
    lmsTeamMissing: row.missing_lms_team,
    openTiebreakerMissing: row.missing_tiebreaker && week.games.at(-1)?.locked === false,
  });
}

const REMIND_STATUS: Record<RemindResponse['data']['results'][number]['status'], string> = {
  sent: 'reminded',
  not_missing: 'has nothing left to pick',
  reminded_recently: 'was reminded in the last 6 hours',
  rate_limited: 'not reminded: you have sent the most reminders for this hour',
};

/** What a remind request came to, in a sentence per outcome. */
function remindSummary(results: RemindResponse['data']['results']): string {
  if (results.length === 0) return 'No one to remind.';
  const sent = results.filter((row) => row.status === 'sent');
  const others = results.filter((row) => row.status !== 'sent');
  return [
    sent.length > 0 ? `Reminded ${sent.map((row) => row.name).join(', ')}.` : null,
    ...others.map((row) => `${row.name} ${REMIND_STATUS[row.status]}.`),
  ]
    .filter(Boolean)
    .join(' ');
}

function MissingPicks({ pool, week }: { pool: PoolDetail; week: PoolWeekView }) {
  const missing = useMissingPicks(pool.id, week.week, true);
  const remind = useRemind(pool.id, week.week);
  const now = useNow(60_000);
  const [answer, setAnswer] = useState<RemindResponse['data']['results'] | null>(null);
  const ended = pool.status === Status.closed || pool.suspended !== null;
  // The list is the Lifeguard's own: they are the caller, and are not reminded by themselves.
  const selfId = pool.members.find((member) => member.role === 'lifeguard')?.id;
  const gameName = (id: number) => {
    const game = week.games.find((candidate) => candidate.event_id === id);
    return game ? `${game.away_team} at ${game.home_team}` : `game ${id}`;
  };
  const rows = missing.data?.data.filter(
    (row) => row.missing_event_ids.length > 0 || row.missing_tiebreaker || row.missing_lms_team,
  );
  const waiting = (row: MissingPicksResponse['data'][number]) => {
    const next = nextReminderAt(row.reminded_at);
    return next !== null && next.getTime() > now;
  };
  const remindable = (rows ?? []).filter((row) => row.member_id !== selfId && canStillPick(row, week) && !waiting(row));
  const send = (memberIds?: number[]) => {
    setAnswer(null);
    remind.mutate(memberIds ? { member_ids: memberIds } : {}, { onSuccess: (body) => setAnswer(body.data.results) });
  };
  return (
    <Section title={`Missing picks, ${week.label}`}>
      {missing.isError && <Alert severity="error">The missing picks could not be loaded.</Alert>}
      {rows && rows.length === 0 && <Typography color="text.secondary">Everyone has picked.</Typography>}
      {rows && rows.length > 0 && !ended && (
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Button
            variant="outlined"
            size="small"
            disabled={remind.isPending || remindable.length === 0}
            onClick={() => send()}
          >
            Remind all
          </Button>
          <Typography variant="body2" color="text.secondary">
            A mail and a notification now; once in 6 hours a member.
          </Typography>
        </Stack>
      )}
      {remind.isError && <Alert severity="error">Not sent: {refusalMessage(remind.error)}</Alert>}
      {answer && (
        <Alert severity={answer.some((row) => row.status === 'sent') ? 'success' : 'info'} sx={{ mb: 1 }}>
          {remindSummary(answer)}
        </Alert>
      )}
      {rows && rows.length > 0 && (
        <List dense disablePadding>
          {rows.map((row) => {
            const own = row.member_id === selfId;
            const open = canStillPick(row, week);
            return (
              <ListItem
                key={row.member_id}
                disableGutters
                secondaryAction={
                  !ended && !own && open ? (
                    <Button
                      size="small"
                      disabled={remind.isPending || waiting(row)}
                      onClick={() => send([row.member_id])}
                      aria-label={`Remind ${row.name}`}
                    >
                      Remind
                    </Button>
                  ) : undefined
                }
                sx={{ pr: !ended && !own && open ? 11 : 0 }}
              >
                <ListItemText
                  primary={row.name}
                  secondary={[
                    row.missing_event_ids.length > 0
                      ? `no pick: ${row.missing_event_ids.map(gameName).join(', ')}`
                      : null,
                    row.missing_tiebreaker ? 'no tiebreaker' : null,
                    row.missing_lms_team ? 'no Last Man Standing team' : null,
                    row.reminded_at ? `reminded ${agoText(row.reminded_at, now)}` : null,
                  ]
                    .filter(Boolean)
                    .join('; ')}
                  slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            );
          })}
        </List>
      )}
    </Section>
  );
}

/** The Lifeguard removes a guest, after a confirmation that says what it does. */
function RemoveGuest({ pool, member }: { pool: PoolDetail; member: PoolMemberView }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveMember(pool.id);
  return (
    <>
      <Button size="small" color="error" onClick={() => setOpen(true)} aria-label={`Remove ${member.name}`}>
        Remove
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>Remove {member.name}?</DialogTitle>
        <DialogContent>
          <Typography gutterBottom>
            {member.name} loses the pool at once: its picks, standings and chat. They are told by mail. Their picks of
            the weeks played stay in the record, marked removed.
          </Typography>
          <Typography color="text.secondary">You can invite them again while guests may still join.</Typography>
          {remove.isError && <Alert severity="error">Not removed: {refusalMessage(remove.error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Keep them</Button>
          <Button
            color="error"
            disabled={remove.isPending}
            onClick={() => remove.mutate(member.id, { onSuccess: () => setOpen(false) })}
          >
            Remove
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

function Announcements({ pool, canPost }: { pool: PoolDetail; canPost: boolean }) {
  const announcements = useAnnouncements(pool.id);
  const post = usePostAnnouncement(pool.id);
  const [text, setText] = useState('');
  return (
    <Section title="Announcements">
      {canPost && (
        <Stack
          component="form"
          spacing={1}
          sx={{ mb: 2 }}
          onSubmit={(event) => {
            event.preventDefault();
            if (text.trim()) post.mutate(text.trim(), { onSuccess: () => setText('') });
          }}
        >
          <TextField
            label="New announcement"
            multiline
            minRows={2}
            value={text}
            onChange={(event) => setText(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          {post.isError && <Alert severity="error">Not posted: {refusalMessage(post.error)}</Alert>}
          <Button
            type="submit"
            variant="outlined"
            disabled={post.isPending || !text.trim()}
            sx={{ alignSelf: 'start' }}
          >
            Post announcement
          </Button>
        </Stack>
      )}
      {announcements.data?.data.length === 0 && <Typography color="text.secondary">No announcements.</Typography>}
      <List dense disablePadding>
        {announcements.data?.data.map((item) => (
          <ListItem key={item.id} disableGutters alignItems="flex-start">
            <ListItemText
              primary={item.body}
              secondary={`${item.author ?? 'Lifeguard'}, ${when.format(new Date(item.created_at))}`}
              slotProps={{ primary: { sx: { whiteSpace: 'pre-wrap' } } }}
            />
          </ListItem>
        ))}
      </List>
    </Section>
  );
}

/**
 * The Lifeguard enters or corrects a member's picks of open games. The member's own picks of open games are
 * hidden from the Lifeguard, so the entry is the member's whole set of open picks (the API takes the week whole).
 */
function EnterPicks({ pool, week }: { pool: PoolDetail; week: PoolWeekView }) {
  const now = useNow();
  const [memberId, setMemberId] = useState<number | null>(null);
  const [picks, setPicks] = useState<Record<number, string>>({});
  // A confidence pool's values the Lifeguard enters (the member's own for open games are hidden from them).
  const [ranks, setRanks] = useState<Record<number, number>>({});
  const entered: SheetDraft = { picks, confidence: ranks, play: null, lmsTeam: '', tiebreaker: '' };
  const edit = useEditMemberPicks(pool.id, week.week);
  const open = week.games.filter((game) => !game.locked);
  const [done, setDone] = useState(false);
  if (open.length === 0) return null;
  return (
    <Section title="Enter a member's picks">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Before each game locks. What you enter replaces the member's picks of the open games; every change is logged for
        the whole pool.
        {pool.confidence
          ? " A confidence the member gave another open game moves to that game's old value, so nothing is lost."
          : ''}
      </Typography>
      <FormControl size="small" fullWidth sx={{ mb: 1 }}>
        <InputLabel id="edit-member">Member</InputLabel>
        <Select
          labelId="edit-member"
          label="Member"
          value={memberId === null ? '' : String(memberId)}
          onChange={(event) => {
            setMemberId(Number(event.target.value));
            setPicks({});
            setRanks({});
            setDone(false);
          }}
        >
          {pool.members.map((member) => (
            <MenuItem key={member.id} value={String(member.id)}>
              {member.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {memberId !== null && (
        <Stack spacing={1}>
          {open.map((game) => (
            <GameRow
              key={game.event_id}
              game={game}
              ats={pool.win_basis === 'ats'}
              now={now}
              picked={picks[game.event_id]}
              onPick={(team) => {
                setDone(false);
                setPicks((current) => ({ ...current, [game.event_id]: team }));
              }}
              confidence={
                pool.confidence
                  ? {
                      value: ranks[game.event_id],
                      count: week.games.length,
                      holders: confidenceHolders(entered, week.games),
                      onChange: (value) => {
                        setDone(false);
                        setRanks(withConfidence(entered, week.games, game.event_id, value));
                      },
                    }
                  : undefined
              }
            />
          ))}
          {edit.isError && <Alert severity="error">Not saved: {refusalMessage(edit.error)}</Alert>}
          {done && <Alert severity="success">Saved and logged.</Alert>}
          <Button
            variant="outlined"
            disabled={
              edit.isPending ||
              Object.keys(picks).length === 0 ||
              // In a confidence pool every pick entered needs its confidence.
              (pool.confidence && Object.keys(picks).some((eventId) => ranks[Number(eventId)] === undefined))
            }
            onClick={() =>
              edit.mutate(
                {
                  memberId,
                  body: {
                    picks: Object.entries(picks).map(([eventId, team]) => ({
                      event_id: Number(eventId),
                      team,
                      ...(pool.confidence ? { confidence: ranks[Number(eventId)] ?? null } : {}),
                    })),
                  },
                },
                { onSuccess: () => setDone(true) },
              )
            }
          >
            Save for {pool.members.find((member) => member.id === memberId)?.name}
          </Button>
        </Stack>
      )}
    </Section>
  );
}

/** The part of a sheet an edit changed, in words. */
const EDITED_PART: Record<PoolEditView['field'], string> = {
  pick: 'pick',
  lms_team: 'Last Man Standing team',
  tiebreaker: 'tiebreaker',
};

function EditLog({ pool }: { pool: PoolDetail }) {
  const edits = useEdits(pool.id);
  return (
    <Section title="Edit log">
      {edits.data?.data.length === 0 && (
        <Typography color="text.secondary">The Lifeguard has changed no picks.</Typography>
      )}
      <List dense disablePadding>
        {edits.data?.data.map((item) => (
          <ListItem key={item.id} disableGutters>
            <ListItemText
              primary={`${item.editor ?? 'Lifeguard'} changed ${item.member}'s ${EDITED_PART[item.field]}${item.week ? ` (week ${item.week})` : ''}: ${item.hidden ? 'shown once its game kicks off' : `${item.before ?? 'none'} → ${item.after ?? 'none'}`}`}
              secondary={when.format(new Date(item.created_at))}
            />
          </ListItem>
        ))}
      </List>
    </Section>
  );
}

function EndPool({ pool }: { pool: PoolDetail }) {
  const [open, setOpen] = useState(false);
  const end = useEndPool(pool.id);
  return (
    <Section title="End the pool">
      <Button color="error" variant="outlined" onClick={() => setOpen(true)}>
        End the pool
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>End {pool.name}?</DialogTitle>
        <DialogContent>
          <Typography>Picks freeze and the chat becomes read-only. This cannot be undone.</Typography>
          {end.isError && <Alert severity="error">Not ended: {refusalMessage(end.error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Keep it going</Button>
          <Button
            color="error"
            disabled={end.isPending}
            onClick={() => end.mutate(undefined, { onSuccess: () => setOpen(false) })}
          >
            End it now
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}

/** What running a pool again did, carried to the new pool's page (the navigation's state). */
export interface RunAgainState {
  runAgain: { from: string; invitations: RunAgainResponse['invitations'] };
}

/** Once the season is over (completed or ended), the Lifeguard starts next season's pool with the same members. */
function RunAgain({ pool }: { pool: PoolDetail }) {
  const [open, setOpen] = useState(false);
  const runAgain = useRunAgain(pool.id);
  const navigate = useNavigate();
  const guests = pool.members.filter((member) => member.role === 'guest').length;
  const next = pool.season + 1;
  return (
    <Section title="Next season">
      <Button variant="contained" onClick={() => setOpen(true)}>
        Run it again next season
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)}>
        <DialogTitle>
          Run {pool.name} again for {next}?
        </DialogTitle>
        <DialogContent>
          <Typography gutterBottom>
            A new pool with the same settings, from week 1 of the {next} season.{' '}
            {guests === 0
              ? 'It has no guests to invite yet.'
              : `${guests === 1 ? 'The 1 current guest gets' : `The ${guests} current guests get`} an invitation by email; each counts toward the 3 an address may have from you.`}
          </Typography>
          {runAgain.isError && <Alert severity="error">Not started: {refusalMessage(runAgain.error)}</Alert>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)}>Not now</Button>
          <Button
            variant="contained"
            disabled={runAgain.isPending}
            onClick={() =>
              runAgain.mutate(undefined, {
                onSuccess: (answer) => {
                  const state: RunAgainState = { runAgain: { from: pool.name, invitations: answer.invitations } };
                  void navigate(pathTo(poolPageRoute(answer.data.sport), { id: answer.data.id }), { state });
                },
              })
            }
          >
            {runAgain.isPending ? 'Starting…' : `Start the ${next} pool`}
          </Button>
        </DialogActions>
      </Dialog>
    </Section>
  );
}
