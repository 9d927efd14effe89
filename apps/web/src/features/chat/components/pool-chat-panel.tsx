import type { PoolChatPanelProps } from '../../../lib/pool-chat';
import { useSessionUser } from '../../../lib/use-session-user';
import ChatRoom from './chat-room';

/** The pool screen's chat tab: the same room as the chat screen's. */
export default function PoolChatPanel({ poolId, poolName, memberId, isLifeguard, readOnly }: PoolChatPanelProps) {
  const user = useSessionUser();
  return (
    <ChatRoom
      key={poolId}
      poolId={poolId}
      poolName={poolName}
      memberId={memberId}
      user={user ?? null}
      isLifeguard={isLifeguard}
      readOnly={readOnly}
      height={{ xs: 'calc(100dvh - 200px)', md: 'min(calc(100vh - 280px), 640px)' }}
    />
  );
}
