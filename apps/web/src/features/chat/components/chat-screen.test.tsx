import type { ChatRoom } from '@pass/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { clearSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer } from '../../../testing/api-server';
import { renderRoutes } from '../../../testing/render';
import { ChatScreen } from './chat-screen';

const room = (overrides: Partial<ChatRoom>): ChatRoom => ({
  pool_id: 7,
  name: 'Office Pool',
  icon: 'crown',
  icon_color: '#ffffff',
  icon_background: '#1565c0',
  sport: 'americanfootball_nfl',
  member_id: 2,
  role: 'guest',
  last_message: null,
  last_read_id: 0,
  unread: 0,
  unread_mentions: 0,
  read_only: false,
  ...overrides,
});

beforeEach(() => {
  storeSessionUser({ id: 50, username: 'gina', name: null, isAdmin: false });
});
afterEach(() => {
  clearSessionUser();
});

describe('the chat rooms', () => {
  it("shows each room with its pool's own icon, as the pool page does, not the name's first letter", async () => {
    answer('get', '/api/chat/rooms', {
      data: [room({}), room({ pool_id: 8, name: 'Sunday Survivors', icon: 'spade', unread: 3, unread_mentions: 1 })],
    });
    renderRoutes([{ path: '/chat', element: <ChatScreen /> }], { path: '/chat' });
    const rooms = await screen.findByRole('navigation', { name: 'Pool rooms' });
    const office = within(rooms).getByText('Office Pool').closest('a')!;
    const survivors = within(rooms).getByText('Sunday Survivors').closest('a')!;
    expect(office).toHaveTextContent('♛');
    expect(survivors).toHaveTextContent('♠');
    expect(office.textContent).not.toMatch(/^O/);
    // An unread post naming the member marks its room with an @, said in words to a screen reader.
    expect(survivors).toHaveTextContent('@ mentions you');
    expect(survivors).toHaveTextContent('3 unread');
    expect(office).not.toHaveTextContent('@');
  });
});
