import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import type { ChatRoom as ChatRoomSummary } from '@pass/contracts';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { visuallyHidden } from '../../../components/visually-hidden';
import { PoolIcon } from '../../../components/pool-icon';
import { pathTo } from '../../../config/paths';
import { useSessionUser } from '../../../lib/use-session-user';
import { useChatRooms } from '../api/room-reads';
import ChatRoom from './chat-room';
import { formatMessageTime } from './message-list';

/**
 * The member's pool rooms (`/chat`): each with its newest message and unread count, and the open room
 * (`/chat?pool=<id>`) beside the list on a desktop, on its own with a way back on a phone.
 */
export function ChatScreen() {
  const rooms = useChatRooms();
  const user = useSessionUser();
  const [search] = useSearchParams();
  const asked = /^\d+$/.test(search.get('pool') ?? '') ? Number(search.get('pool')) : null;
  const list = rooms.data?.data ?? [];
  const open = asked === null ? null : (list.find((room) => room.pool_id === asked) ?? null);

  return (
    <Page name="chat" title={open ? `${open.name} chat` : 'Chat'} maxWidth="lg">
      <Typography
        variant="h4"
        component="h1"
        sx={{
          mb: 2,
          fontSize: { xs: '1.5rem', md: '2rem' },
          display: { xs: asked === null ? 'block' : 'none', md: 'block' },
        }}
      >
        Chat
      </Typography>
      {rooms.isPending && <CircularProgress aria-label="Loading your rooms" />}
      {rooms.isError && <Alert severity="error">Your rooms could not be loaded. Try again in a moment.</Alert>}
      {rooms.data && (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '300px minmax(0, 1fr)' }, gap: 2 }}>
          <Box
            component="nav"
            aria-label="Pool rooms"
            sx={{ display: { xs: asked === null ? 'block' : 'none', md: 'block' }, minWidth: 0 }}
          >
            <RoomList rooms={list} openId={asked} />
          </Box>
          <Box sx={{ display: { xs: asked === null ? 'none' : 'block', md: 'block' }, minWidth: 0 }}>
            {open ? (
              <>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1 }}>
                  <Button
                    component={RouterLink}
                    to={pathTo('chat')}
                    size="small"
                    sx={{ display: { md: 'none' }, minWidth: 0, px: 1, textTransform: 'none' }}
                  >
                    ‹ Rooms
                  </Button>
                  <PoolIcon pool={open} size={28} />
                  <Typography variant="h6" component="h2" noWrap sx={{ flex: 1, minWidth: 0 }}>
                    {open.name}
                  </Typography>
                  <Button
                    component={RouterLink}
                    to={poolPath(open)}
                    size="small"
                    sx={{ flexShrink: 0, textTransform: 'none' }}
                  >
                    Pool
                  </Button>
                </Box>
                <ChatRoom
                  key={open.pool_id}
                  poolId={open.pool_id}
                  poolName={open.name}
                  memberId={open.member_id}
                  user={user ?? null}
                  isLifeguard={open.role === 'lifeguard'}
                  readOnly={open.read_only}
                  // On a phone the room fills the screen under the bar, its compose bar at the bottom.
                  height={{ xs: 'calc(100dvh - 152px)', md: 'min(calc(100vh - 240px), 720px)' }}
                />
              </>
            ) : asked !== null ? (
              <Alert severity="info">This is not one of your pools&apos; rooms.</Alert>
            ) : (
              <Typography color="text.secondary" sx={{ display: { xs: 'none', md: 'block' }, py: 4 }}>
                {list.length > 0 ? 'Choose a room to read and post.' : ''}
              </Typography>
            )}
          </Box>
        </Box>
      )}
    </Page>
  );
}

function RoomList({ rooms, openId }: { rooms: readonly ChatRoomSummary[]; openId: number | null }) {
  if (rooms.length === 0) {
    return (
      <Box>
        <Typography sx={{ mb: 2 }}>Each pool you are in has a chat room. Join or start a pool to chat.</Typography>
        <Button variant="contained" component={RouterLink} to={pathTo('pool-party')}>
          Pool Party
        </Button>
      </Box>
    );
  }
  return (
    <List disablePadding sx={{ border: 1, borderColor: 'divider', borderRadius: 2, overflow: 'hidden' }}>
      {rooms.map((room) => {
        const last = room.last_message;
        const preview = last
          ? last.deleted
            ? 'Message deleted'
            : `${last.author ? `${last.author.name}: ` : ''}${last.text}`
          : 'No messages yet';
        return (
          <ListItem key={room.pool_id} disablePadding divider>
            <ListItemButton
              component={RouterLink}
              to={`${pathTo('chat')}?pool=${room.pool_id}`}
              selected={room.pool_id === openId}
              aria-current={room.pool_id === openId ? 'page' : undefined}
              sx={{ gap: 1.5, alignItems: 'flex-start', py: 1.25 }}
            >
              <PoolIcon pool={room} size={36} />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
                  <Typography
                    component="span"
                    noWrap
                    sx={{ flex: 1, minWidth: 0, fontWeight: room.unread > 0 ? 700 : 500 }}
                  >
                    {room.name}
                  </Typography>
                  {last && (
                    <Typography component="span" variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                      {formatMessageTime(last.created_at)}
                    </Typography>
                  )}
                </Box>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography
                    component="span"
                    variant="body2"
                    color="text.secondary"
                    noWrap
                    sx={{ flex: 1, minWidth: 0 }}
                  >
                    {room.read_only ? 'Ended · ' : ''}
                    {preview}
                  </Typography>
                  {room.unread_mentions > 0 && (
                    <Box
                      component="span"
                      data-unread-mentions={room.unread_mentions}
                      title="An unread post names you"
                      sx={{ flexShrink: 0, color: 'error.main', fontWeight: 700, lineHeight: '22px' }}
                    >
                      @
                      <Box component="span" sx={visuallyHidden}>
                        {' '}
                        {room.unread_mentions === 1 ? 'mentions you' : `${room.unread_mentions} mention you`}
                      </Box>
                    </Box>
                  )}
                  {room.unread > 0 && (
                    <Box
                      component="span"
                      data-unread={room.unread}
                      sx={{
                        flexShrink: 0,
                        minWidth: 22,
                        px: 0.75,
                        borderRadius: 11,
                        bgcolor: 'error.main',
                        color: 'error.contrastText',
                        fontSize: '0.75rem',
                        fontWeight: 700,
                        textAlign: 'center',
                        lineHeight: '22px',
                      }}
                    >
                      {room.unread > 99 ? '99+' : room.unread}
                      <Box component="span" sx={visuallyHidden}>
                        {' '}
                        unread
                      </Box>
                    </Box>
                  )}
                </Box>
              </Box>
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}

/** The pool's own screen: its sport's pool route. */
function poolPath(room: ChatRoomSummary): string {
  return pathTo(room.sport === 'americanfootball_ncaaf' ? 'ncaa-football-pool' : 'football-pool', { id: room.pool_id });
}
