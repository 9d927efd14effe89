import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { alpha } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import type { ChatMessage } from '@pass/contracts';
import type { PendingPost } from '../lib/room-state';
import { MessageText } from './message-text';

export interface MessageListProps {
  /** Oldest first. */
  messages: readonly ChatMessage[];
  pending: readonly PendingPost[];
  /** The member's own id in the pool: their messages sit on the right. */
  myMemberId: number | null;
  /** The Lifeguard sees a delete action on each message. */
  canDelete: boolean;
  onDelete?: (message: ChatMessage) => void;
  onRetry?: (clientId: string) => void;
  onDiscard?: (clientId: string) => void;
}

const timeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

export function formatMessageTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}

/**
 * The room's messages, oldest at the top: a member's as a bubble with their name (the member's own on the
 * right), the pool's system lines centred in italics, a deleted message as "Message deleted", and the member's
 * posts not yet acknowledged after them, marked sending or not sent.
 */
export function MessageList({
  messages,
  pending,
  myMemberId,
  canDelete,
  onDelete,
  onRetry,
  onDiscard,
}: MessageListProps) {
  return (
    <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0, display: 'flex', flexDirection: 'column', gap: 1 }}>
      {messages.map((message) =>
        message.kind === 'system' ? (
          <Box component="li" key={message.id} data-message-id={message.id} data-kind="system" sx={{ px: 1 }}>
            <Typography
              variant="body2"
              sx={{
                textAlign: 'center',
                fontStyle: 'italic',
                color: 'text.secondary',
                bgcolor: 'action.hover',
                borderRadius: 1,
                px: 1.5,
                py: 0.5,
                whiteSpace: 'pre-wrap',
                overflowWrap: 'anywhere',
              }}
            >
              {message.deleted ? 'Message deleted' : <MessageText text={message.text} />}
              <Box component="span" sx={{ display: 'block', fontSize: '0.7rem', fontStyle: 'normal' }}>
                {formatMessageTime(message.created_at)}
              </Box>
            </Typography>
          </Box>
        ) : (
          <Bubble
            key={message.id}
            id={message.id}
            mine={message.author !== null && message.author.id === myMemberId}
            author={message.author?.name ?? 'A former member'}
            time={formatMessageTime(message.created_at)}
            deleted={message.deleted}
            text={message.text}
            onDelete={canDelete && !message.deleted && onDelete ? () => onDelete(message) : undefined}
          />
        ),
      )}
      {pending.map((post) => (
        <Bubble
          key={post.client_id}
          mine
          author="You"
          time={post.status === 'sending' ? 'Sending…' : 'Not sent'}
          text={post.text}
          deleted={false}
          pending={post}
          onRetry={onRetry ? () => onRetry(post.client_id) : undefined}
          onDiscard={onDiscard ? () => onDiscard(post.client_id) : undefined}
        />
      ))}
    </Box>
  );
}

interface BubbleProps {
  id?: number;
  mine: boolean;
  author: string;
  time: string;
  text: string;
  deleted: boolean;
  pending?: PendingPost;
  onDelete?: (() => void) | undefined;
  onRetry?: (() => void) | undefined;
  onDiscard?: (() => void) | undefined;
}

function Bubble({ id, mine, author, time, text, deleted, pending, onDelete, onRetry, onDiscard }: BubbleProps) {
  const failed = pending?.status === 'failed';
  return (
    <Box
      component="li"
      data-message-id={id}
      data-kind="member"
      data-pending={pending?.status}
      sx={{ display: 'flex', justifyContent: mine ? 'flex-end' : 'flex-start' }}
    >
      <Box
        sx={{
          maxWidth: '85%',
          minWidth: 0,
          px: 1.5,
          py: 0.75,
          borderRadius: 2,
          bgcolor: (theme) => (mine ? alpha(theme.palette.primary.main, 0.08) : theme.palette.grey[100]),
          border: 1,
          borderColor: (theme) =>
            failed
              ? theme.palette.error.main
              : mine
                ? alpha(theme.palette.primary.main, 0.25)
                : theme.palette.grey[300],
          opacity: pending?.status === 'sending' ? 0.7 : 1,
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <Typography
            component="p"
            variant="caption"
            sx={{ display: 'flex', gap: 1, minWidth: 0, whiteSpace: 'nowrap', color: 'text.secondary' }}
          >
            <Box
              component="span"
              sx={{ fontWeight: 700, color: 'text.primary', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' }}
            >
              {mine && !pending ? 'You' : author}
            </Box>
            <Box component="span" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
              {time}
            </Box>
          </Typography>
          {onDelete && (
            <Button
              size="small"
              color="inherit"
              onClick={onDelete}
              aria-label={`Delete ${mine ? 'your' : `${author}'s`} message`}
              sx={{
                ml: 'auto',
                py: 0,
                px: 0.75,
                minWidth: 0,
                fontSize: '0.75rem',
                textTransform: 'none',
                color: 'text.secondary',
              }}
            >
              Delete
            </Button>
          )}
        </Box>
        <Typography
          component="p"
          variant="body2"
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            ...(deleted ? { fontStyle: 'italic', color: 'text.secondary' } : {}),
          }}
        >
          {deleted ? 'Message deleted' : <MessageText text={text} />}
        </Typography>
        {failed && (
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 0.5, mt: 0.5 }}>
            <Typography variant="caption" color="error" role="alert">
              {pending?.error ?? 'Not sent'}
            </Typography>
            {onRetry && (
              <Button size="small" onClick={onRetry}>
                Try again
              </Button>
            )}
            {onDiscard && (
              <Button size="small" color="inherit" onClick={onDiscard}>
                Discard
              </Button>
            )}
          </Box>
        )}
      </Box>
    </Box>
  );
}
