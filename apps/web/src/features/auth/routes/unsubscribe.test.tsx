import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { answer, sentRequest, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import UnsubscribeRoute from './unsubscribe';

const TOKEN = `u1.7.pick_reminder.${'a'.repeat(43)}`;

afterEach(() => {
  cleanup();
});

describe('the unsubscribe page', () => {
  it('asks first, and unsubscribes only when the button is pressed', async () => {
    answer('post', '/api/notifications/unsubscribe', { data: { kind: 'pick_reminder', unsubscribed: true } });
    renderWithProviders(<UnsubscribeRoute />, { path: `/unsubscribe?token=${TOKEN}` });
    expect(screen.getByText('Stop pick reminder mails from your PA$$ pools?')).toBeInTheDocument();
    expect(sentRequests()).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    const request = sentRequest(0);
    expect(request.method).toBe('POST');
    expect(request.url.pathname).toBe('/api/notifications/unsubscribe');
    expect(request.url.searchParams.get('token')).toBe(TOKEN);
    expect(await request.json()).toEqual({ 'List-Unsubscribe': 'One-Click' });
  });

  it('says when the server refuses the link', async () => {
    answer(
      'post',
      '/api/notifications/unsubscribe',
      { error: { code: 'BAD_REQUEST', message: 'This unsubscribe link is not valid', fields: [] } },
      { status: 400 },
    );
    renderWithProviders(<UnsubscribeRoute />, { path: `/unsubscribe?token=${TOKEN}` });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/This unsubscribe link is not valid/)).toBeInTheDocument();
  });
});
