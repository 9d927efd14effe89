import Badge from '@mui/material/Badge';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { PoolDetail } from '@pass/contracts';
import { lastPoolWeek, Status } from '@pass/domain';
import { Suspense, useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useParams, useSearchParams } from 'react-router';
import { NotFound } from '../../../components/not-found';
import { Page } from '../../../components/page';
import type { RouteName } from '../../../config/paths';
import { useRoomUnread } from '../../../lib/chat-rooms';
import type { PoolChatPanel } from '../../../lib/pool-chat';
import { useSessionUser } from '../../../lib/use-session-user';
import { poolKeys, usePointsPossible, usePool, usePoolWeek, useResults, useSportCurrentWeek } from '../api/pool';
import { isNotFound } from '../lib/refusal';
import { MembersPanel, type RunAgainState } from './members-panel';
import { PickSheet } from './pick-sheet';
import { PoolIcon } from '../../../components/pool-icon';
import { PoolRulesPanel } from './pool-rules-panel';
import { SlateChooser } from './slate-chooser';
import { SurvivorBoard } from './survivor-board';
import { HeadToHeadPanel, StandingsPanel, WhatIfPanel } from './standings-panel';
import { WeekGrid } from './week-grid';
import { winBasisText } from '../lib/pool-text';
import { useLiveGames } from '../../../lib/use-live-games';

const TABS = [
  { key: 'picks', label: 'Picks' },
  { key: 'grid', label: 'Grid' },
  { key: 'standings', label: 'Standings' },
  { key: 'survivors', label: 'Survivors' },
  { key: 'h2h', label: 'Head-to-head' },
  { key: 'members', label: 'Members' },
  { key: 'what-if', label: 'What if' },
  { key: 'chat', label: 'Chat' },
  { key: 'rules', label: 'Rules' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

const STATUS_LABEL: Record<number, string> = {
  [Status.open]: 'Open',
  [Status.confirmed]: 'Under way',
  [Status.closed]: 'Ended',
  [Status.completed]: 'Completed',
};

interface PoolScreenProps {
  route: RouteName;
  /** The older season routes show their season's pools only: another season's pool is not here. */
  season?: number;
  /** The chat tab's room (app/ passes the chat feature's); without it the tab is not shown. */
  chatPanel?: PoolChatPanel | undefined;
}

/** One pool: this week's pick sheet, the grid, standings, head-to-head, members and the what-if view. */
export function PoolScreen({ route, season, chatPanel }: PoolScreenProps) {
  const params = useParams();
  const poolId = /^\d+$/.test(params.id ?? '') ? Number(params.id) : null;
  const pool = usePool(poolId);
  if (poolId === null) return <NotFound />;
  if (pool.isError && isNotFound(pool.error)) return <NotFound />;
  if (pool.data && season !== undefined && pool.data.data.season !== season) return <NotFound />;
  return (
    <Page name={route} title={pool.data?.data.name ?? 'Pool'} maxWidth="md">
      {pool.isPending && <CircularProgress aria-label="Loading the pool" />}
      {pool.isError && <Alert severity="error">The pool could not be loaded. Try again in a moment.</Alert>}
      {pool.data && <RunAgainReport />}
      {pool.data && <PoolBody pool={pool.data.data} chatPanel={chatPanel} />}
    </Page>
  );
}

/** After "Run it again next season": who was invited to this new pool, and whose invitation was refused and why. */
function RunAgainReport() {
  const state = (useLocation().state as Partial<RunAgainState> | null)?.runAgain;
  if (!state) return null;
  const { invitations } = state;
  if (invitations === null) {
    return (
      <Alert severity="info" sx={{ mb: 2 }}>
        {state.from} was already run again: this is its next season's pool, and its invitations went out then.
      </Alert>
    );
  }
  return (
    <Alert severity={invitations.refused.length > 0 ? 'warning' : 'success'} sx={{ mb: 2 }} role="status">
      <Typography variant="body2">
        {state.from} runs again.{' '}
        {invitations.sent.length > 0
          ? `Invited by email: ${invitations.sent.map((item) => item.username).join(', ')}.`
          : 'No one was invited by email.'}
      </Typography>
      {invitations.refused.map((item) => (
        <Typography key={item.username} variant="body2">
          Not invited: {item.username}, {item.message}
        </Typography>
      ))}
    </Alert>
  );
}

function PoolBody({ pool, chatPanel: ChatPanel }: { pool: PoolDetail; chatPanel: PoolChatPanel | undefined }) {
  const [search, setSearch] = useSearchParams();
  const user = useSessionUser();
  const current = useSportCurrentWeek(pool.sport, pool.season);
  const tabs = TABS.filter(
    (item) => (item.key !== 'chat' || ChatPanel !== undefined) && (item.key !== 'survivors' || pool.last_man_standing),
  );
  // The room's unread posts mark the Chat tab; the member's live channel reads them again as posts arrive.
  const chatUnread = useRoomUnread(pool.id, user !== null && ChatPanel !== undefined);
  const tab: TabKey = tabs.some((item) => item.key === search.get('tab')) ? (search.get('tab') as TabKey) : 'picks';
  const asked = Number(search.get('week'));
  // A pool plays the regular season: after it (the playoffs, the bowls) the pool's last week is the one shown.
  const lastWeek = lastPoolWeek(pool.sport, pool.season);
  const currentWeek = current.data
    ? Math.min(lastWeek, Math.max(pool.start_week, current.data.number))
    : current.isError
      ? pool.start_week
      : null;
  const weekNumber = Number.isInteger(asked) && asked >= pool.start_week && asked <= lastWeek ? asked : currentWeek;
  const week = usePoolWeek(pool.id, weekNumber);
  const results = useResults(pool.id);
  const possible = usePointsPossible(pool.id, weekNumber);
  const me = pool.members.find((member) => member.username === user?.username);
  const change = (key: string, value: string) =>
    setSearch(
      (previous) => {
        const next = new URLSearchParams(previous);
        next.set(key, value);
        return next;
      },
      { replace: true },
    );
  const view = week.data?.data;
  // The week's games move as they are played (the grid, the pick sheet), and the standings if they ended now.
  useLiveGames(pool.sport, pool.season, [view?.week]);
  // A game that ends live changes the week's results, the standings and the points possible: read them again.
  const queryClient = useQueryClient();
  const finals = (view?.games ?? [])
    .filter((game) => game.status !== 'scheduled' && game.status !== 'in_progress')
    .map((game) => `${game.event_id}:${game.status}:${game.away_score}-${game.home_score}`)
    .join(',');
  // Only a change within the week on show counts: moving to another week is not a game ending.
  const finalsSeen = useRef<{ week: number; finals: string } | undefined>(undefined);
  const weekOnShow = view?.week;
  useEffect(() => {
    if (weekOnShow === undefined) return;
    const seen = finalsSeen.current;
    if (seen !== undefined && seen.week === weekOnShow && seen.finals !== finals) {
      void queryClient.invalidateQueries({ queryKey: poolKeys.all(pool.id) });
    }
    finalsSeen.current = { week: weekOnShow, finals };
  }, [finals, weekOnShow, queryClient, pool.id]);

  return (
    <>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
        <PoolIcon pool={pool} />
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h5" component="h1" noWrap>
            {pool.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {pool.season} · {winBasisText(pool)}
            {pool.confidence ? ' · Confidence points' : ''} · {pool.member_count}{' '}
            {pool.member_count === 1 ? 'member' : 'members'} · Lifeguard {pool.lifeguard.name} ·{' '}
            <Link
              component="button"
              variant="body2"
              onClick={() => change('tab', 'rules')}
              sx={{ verticalAlign: 'baseline' }}
            >
              Rules
            </Link>
          </Typography>
        </Box>
        <Chip size="small" label={STATUS_LABEL[pool.status] ?? ''} sx={{ ml: 'auto !important' }} />
      </Stack>
      {pool.suspended ? (
        <Alert severity="error" sx={{ mb: 2 }} data-testid="pool-suspended">
          This pool is suspended by the admin: {pool.suspended.reason}. It is read-only for everyone (no picks,
          invitations or chat posts) until the suspension is lifted.
        </Alert>
      ) : null}

      <Tabs
        value={tab}
        onChange={(_event, value: string) => change('tab', value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label="Pool sections"
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((item) => (
          <Tab
            key={item.key}
            value={item.key}
            label={
              item.key === 'chat' && chatUnread > 0 && tab !== 'chat' ? (
                <Badge color="error" variant="dot" data-unread-dot="">
                  {item.label}
                </Badge>
              ) : (
                item.label
              )
            }
            aria-label={
              item.key === 'chat' && chatUnread > 0 && tab !== 'chat' ? `Chat, ${chatUnread} unread` : undefined
            }
            sx={{ minWidth: 0, px: 1.5 }}
          />
        ))}
      </Tabs>

      {(tab === 'picks' || tab === 'grid' || tab === 'members') && weekNumber !== null && (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'center', mb: 1.5 }}>
          <IconButton
            aria-label="Previous week"
            disabled={weekNumber <= pool.start_week}
            onClick={() => change('week', String(weekNumber - 1))}
          >
            ‹
          </IconButton>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600, minWidth: 120, textAlign: 'center' }}>
            {view?.label ?? `Week ${weekNumber}`}
          </Typography>
          <IconButton
            aria-label="Next week"
            disabled={weekNumber >= lastWeek}
            onClick={() => change('week', String(weekNumber + 1))}
          >
            ›
          </IconButton>
        </Stack>
      )}

      {(tab === 'picks' || tab === 'grid') && (
        <>
          {week.isPending && <CircularProgress aria-label="Loading the week" />}
          {week.isError && <Alert severity="info">This week is not part of the pool.</Alert>}
        </>
      )}
      {tab === 'picks' && view && me?.role === 'lifeguard' && view.choices.length > 0 && (
        <SlateChooser key={view.week} pool={pool} week={view} />
      )}
      {tab === 'picks' && view && (
        <PickSheet pool={pool} week={view} mine={view.sheets.find((sheet) => sheet.member_id === me?.id)} />
      )}
      {tab === 'grid' && view && (
        <WeekGrid week={view} graded={results.data?.data.weeks.find((item) => item.week === view.week)} />
      )}
      {tab === 'standings' && <StandingsPanel pool={pool} possible={possible.data?.data} liveGames={view?.games} />}
      {tab === 'survivors' && <SurvivorBoard pool={pool} />}
      {tab === 'h2h' && <HeadToHeadPanel pool={pool} meId={me?.id ?? null} />}
      {tab === 'members' && <MembersPanel pool={pool} week={view} />}
      {tab === 'what-if' && <WhatIfPanel pool={pool} />}
      {tab === 'rules' && <PoolRulesPanel pool={pool} />}
      {tab === 'chat' && ChatPanel && (
        <Suspense fallback={<CircularProgress aria-label="Loading the chat" />}>
          <ChatPanel
            poolId={pool.id}
            poolName={pool.name}
            memberId={me?.id ?? null}
            isLifeguard={me?.role === 'lifeguard'}
            readOnly={pool.ended_at !== null}
          />
        </Suspense>
      )}
    </>
  );
}
