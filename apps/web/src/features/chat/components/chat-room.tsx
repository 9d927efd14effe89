import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { displayName } from '@pass/domain';
import { CHAT_MAX_LENGTH, type ChatMessage, type ChatMessageResponse } from '@pass/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { api } from '../../../lib/api-client';
import { visuallyHidden } from '../../../components/visually-hidden';
import { markRoomRead } from '../api/room-reads';
import { lastId, type ConnectionStatus } from '../lib/room-state';
import { useChatRoom } from '../lib/use-chat-room';
import { MessageList } from './message-list';

export interface ChatRoomProps {
  poolId: number;
  poolName: string;
  /**
   * The member's own id in the pool and their account (their posts, shown under their `displayName` before the
   * server echoes them).
   */
  memberId: number | null;
  user: { username: string; name: string | null } | null;
  isLifeguard: boolean;
  /** The pool has ended: the room is read-only. */
  readOnly: boolean;
  /** The height of the whole room (messages and compose bar): the messages scroll inside it. */
  height: string | Record<string, string>;
}

const STATUS_TEXT: Record<ConnectionStatus, string | null> = {
  connecting: 'Connecting…',
  live: null,
  offline: 'Offline: reconnecting…',
  gone: null,
};

/**
 * A pool's chat room (decision 040): the history with older pages on scrolling up, live messages, a compose
 * bar pinned under the messages, the member's pending and refused posts, the Lifeguard's delete, and the read
 * marker moved while the room is open and the page visible. Used by the chat screen and the pool screen.
 */
export default function ChatRoom({
  poolId,
  poolName,
  memberId,
  user,
  isLifeguard,
  readOnly: endedAtStart,
  height,
}: ChatRoomProps) {
  const me = memberId !== null && user !== null ? { memberId, username: user.username, name: displayName(user) } : null;
  const { store, state } = useChatRoom(poolId, me, endedAtStart);
  const queryClient = useQueryClient();
  const scroller = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const olderAnchor = useRef<{ height: number; top: number } | null>(null);
  const [draft, setDraft] = useState('');
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const newest = lastId(state);
  const gone = state.status === 'gone';
  const readOnly = state.readOnly || gone;

  // Keeps the newest message in view while the member is at the bottom; keeps their place when older pages
  // are added above.
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (olderAnchor.current) {
      element.scrollTop = element.scrollHeight - olderAnchor.current.height + olderAnchor.current.top;
      olderAnchor.current = null;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  }, [state.messages, state.pending]);

  const loadOlder = useCallback(() => {
    const element = scroller.current;
    if (state.nextBefore === null) return;
    if (element) olderAnchor.current = { height: element.scrollHeight, top: element.scrollTop };
    void store.loadOlder().catch(() => {
      olderAnchor.current = null;
    });
  }, [store, state.nextBefore]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 48;
    if (element.scrollTop < 40 && state.nextBefore !== null) loadOlder();
  };

  // The read marker follows the newest message while the room is open and the page is visible.
  const marked = useRef(0);
  useEffect(() => {
    if (newest === 0 || gone) return;
    const mark = () => {
      if (document.visibilityState !== 'visible' || marked.current >= newest) return;
      const target = newest;
      markRoomRead(queryClient, poolId, target).then(
        () => {
          marked.current = Math.max(marked.current, target);
        },
        () => undefined,
      );
    };
    const timer = setTimeout(mark, 500);
    document.addEventListener('visibilitychange', mark);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', mark);
    };
  }, [newest, gone, poolId, queryClient]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const text = draft.trim();
    if (text === '' || readOnly) return;
    atBottom.current = true;
    store.post(draft.length > CHAT_MAX_LENGTH ? draft.slice(0, CHAT_MAX_LENGTH) : draft);
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter sends, Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  const remove = async (message: ChatMessage) => {
    setDeleteError(null);
    try {
      await api.delete<ChatMessageResponse>(`/api/pools/${poolId}/chat/${message.id}`);
      store.markDeleted(message.id);
    } catch {
      setDeleteError('The message could not be deleted. Try again in a moment.');
    }
  };

  const statusText = STATUS_TEXT[state.status];
  const composeId = `chat-compose-${poolId}`;

  return (
    <Box
      data-chat-room={poolId}
      data-status={state.status}
      sx={{
        height,
        display: 'flex',
        flexDirection: 'column',
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        overflow: 'hidden',
        bgcolor: 'background.paper',
      }}
    >
      <Box
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={`Messages in ${poolName}`}
        aria-live="polite"
        tabIndex={0}
        sx={{ flex: 1, minHeight: 0, overflowY: 'auto', px: { xs: 1, sm: 2 }, py: 1 }}
      >
        {state.nextBefore !== null && (
          <Box sx={{ textAlign: 'center', mb: 1 }}>
            <Button size="small" onClick={loadOlder}>
              Load earlier messages
            </Button>
          </Box>
        )}
        {!state.historyLoaded && !gone && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 4 }}>
            <CircularProgress size={28} aria-label="Loading messages" />
          </Box>
        )}
        {state.historyLoaded && state.messages.length === 0 && state.pending.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
            No messages yet. Say hello to the pool.
          </Typography>
        )}
        <MessageList
          messages={state.messages}
          pending={state.pending}
          myMemberId={memberId}
          canDelete={isLifeguard && !gone}
          onDelete={(message) => void remove(message)}
          onRetry={(clientId) => store.retry(clientId)}
          onDiscard={(clientId) => store.discard(clientId)}
        />
      </Box>

      <Box sx={{ borderTop: 1, borderColor: 'divider', bgcolor: 'background.paper' }}>
        {statusText && (
          <Typography
            variant="caption"
            role="status"
            sx={{ display: 'block', px: 1.5, pt: 0.5, color: 'text.secondary' }}
          >
            {statusText}
          </Typography>
        )}
        {gone && (
          <Alert severity="info" sx={{ borderRadius: 0 }}>
            You are no longer a member of this pool.
          </Alert>
        )}
        {!gone && state.readOnly && (
          <Alert severity="info" sx={{ borderRadius: 0 }}>
            This pool has ended: its chat is read-only.
          </Alert>
        )}
        {!readOnly && state.notice && (
          <Alert severity="warning" sx={{ borderRadius: 0, py: 0 }}>
            {state.notice}
          </Alert>
        )}
        {deleteError && (
          <Alert severity="error" sx={{ borderRadius: 0, py: 0 }}>
            {deleteError}
          </Alert>
        )}
        {!readOnly && (
          <Box
            component="form"
            onSubmit={submit}
            aria-label={`Message ${poolName}`}
            sx={{ display: 'flex', gap: 1, alignItems: 'flex-end', p: 1 }}
          >
            <Box component="label" htmlFor={composeId} sx={visuallyHidden}>
              Message
            </Box>
            <TextField
              id={composeId}
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
              placeholder="Message the pool"
              multiline
              maxRows={4}
              size="small"
              fullWidth
              slotProps={{ htmlInput: { maxLength: CHAT_MAX_LENGTH } }}
              helperText={draft.length > CHAT_MAX_LENGTH - 100 ? `${draft.length}/${CHAT_MAX_LENGTH}` : undefined}
            />
            <Button type="submit" variant="contained" disabled={draft.trim() === ''} sx={{ flexShrink: 0 }}>
              Send
            </Button>
          </Box>
        )}
      </Box>
    </Box>
  );
}
