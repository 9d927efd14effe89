import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchCall, jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/render';
import UnsubscribeRoute from './unsubscribe';

const TOKEN = `u1.7.pick_reminder.${'a'.repeat(43)}`;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the unsubscribe page', () => {
  it('asks first, and unsubscribes only when the button is pressed', async () => {
    const fetchMock = stubFetch(() => jsonResponse({ data: { kind: 'pick_reminder', unsubscribed: true } }));
    renderWithProviders(<UnsubscribeRoute />, { path: `/unsubscribe?token=${TOKEN}` });
    expect(screen.getByText('Stop pick reminder mails from your PA$$ pools?')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument();
    const { url, init } = fetchCall(fetchMock, 0);
    expect(init.method).toBe('POST');
    expect(url.pathname).toBe('/api/notifications/unsubscribe');
    expect(url.searchParams.get('token')).toBe(TOKEN);
    expect(JSON.parse(String(init.body))).toEqual({ 'List-Unsubscribe': 'One-Click' });
  });

  it('says when the server refuses the link', async () => {
    stubFetch(() =>
      jsonResponse(
        { error: { code: 'BAD_REQUEST', message: 'This unsubscribe link is not valid', fields: [] } },
        { status: 400 },
      ),
    );
    renderWithProviders(<UnsubscribeRoute />, { path: `/unsubscribe?token=${TOKEN}` });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText(/This unsubscribe link is not valid/)).toBeInTheDocument();
  });
});
