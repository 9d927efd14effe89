import type { ChatMessage } from '@pass/contracts';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageList } from './message-list';

const message = (overrides: Partial<ChatMessage>): ChatMessage => ({
  id: 1,
  pool_id: 7,
  kind: 'member',
  author: { id: 11, username: 'sam', name: 'sam' },
  text: 'hello',
  created_at: '2026-11-24T18:00:00Z',
  deleted: false,
  ...overrides,
});

afterEach(cleanup);

describe('MessageList', () => {
  it('shows a message as text, never as HTML', () => {
    const { container } = render(
      <MessageList
        messages={[message({ text: '<img src=x onerror="alert(1)"><b>bold</b> <script>x()</script>' })]}
        pending={[]}
        myMemberId={12}
        canDelete={false}
      />,
    );
    expect(screen.getByText('<img src=x onerror="alert(1)"><b>bold</b> <script>x()</script>')).toBeTruthy();
    expect(container.querySelector('img, b, script')).toBeNull();
  });

  it('names the author by their display name, not their username', () => {
    const { container } = render(
      <MessageList
        messages={[message({ author: { id: 11, username: 'sam', name: 'Sam Ortiz' }, text: 'picks are in' })]}
        pending={[]}
        myMemberId={12}
        canDelete={false}
      />,
    );
    expect(container.querySelector('[data-message-id="1"]')?.textContent).toContain('Sam Ortiz');
    expect(container.querySelector('[data-message-id="1"]')?.textContent).not.toContain('sam');
  });

  it('links http and https addresses safely, and nothing else', () => {
    render(
      <MessageList
        messages={[message({ text: 'odds https://example.com/week and javascript:alert(1) and data:text/html,x' })]}
        pending={[]}
        myMemberId={12}
        canDelete={false}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links).toHaveLength(1);
    expect(links[0]!.getAttribute('href')).toBe('https://example.com/week');
    expect(links[0]!.getAttribute('target')).toBe('_blank');
    expect(links[0]!.getAttribute('rel')).toBe('noopener noreferrer nofollow');
    expect(screen.getByText(/javascript:alert\(1\) and data:text\/html,x/)).toBeTruthy();
  });

  it('sets system lines apart, shows a deleted message as deleted, and marks the member’s own', () => {
    const { container } = render(
      <MessageList
        messages={[
          message({ id: 1, kind: 'system', author: null, text: 'Announcement: pizza' }),
          message({ id: 2, deleted: true, text: '' }),
          message({ id: 3, author: { id: 12, username: 'me', name: 'me' }, text: 'mine' }),
        ]}
        pending={[
          { client_id: 'a', text: 'on its way', status: 'sending' },
          { client_id: 'b', text: 'too fast', status: 'failed', error: 'Too many messages: wait 4 s and try again' },
        ]}
        myMemberId={12}
        canDelete={false}
      />,
    );
    expect(container.querySelector('[data-kind="system"]')?.textContent).toContain('Announcement: pizza');
    expect(container.querySelector('[data-message-id="2"]')?.textContent).toContain('Message deleted');
    expect(container.querySelector('[data-message-id="3"]')?.textContent).toContain('You');
    expect(container.querySelector('[data-pending="sending"]')?.textContent).toContain('Sending…');
    expect(screen.getByRole('alert').textContent).toBe('Too many messages: wait 4 s and try again');
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it('gives the Lifeguard a delete action on each message not yet deleted', async () => {
    const onDelete = vi.fn();
    render(
      <MessageList
        messages={[message({ id: 1 }), message({ id: 2, deleted: true, text: '' })]}
        pending={[]}
        myMemberId={12}
        canDelete
        onDelete={onDelete}
      />,
    );
    const item = screen.getByText('hello').closest('li')!;
    await userEvent.click(within(item).getByRole('button', { name: "Delete sam's message" }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    expect(screen.getAllByRole('button', { name: /Delete/ })).toHaveLength(1);
  });
});
