import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch';
import { renderWithProviders } from '../../../testing/render';
import { poolListItem, refusal } from '../testing-data';
import { InviteScreen } from './invite-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const pools = [
  poolListItem(),
  poolListItem({ id: 8, name: 'Second Pool' }),
  poolListItem({ id: 9, name: 'Not Mine', role: 'guest' }),
  poolListItem({ id: 10, name: 'Ended One', status: 4 }),
];

function server(invitationsSent: string[] = []) {
  return stubFetch((url, init) => {
    if (url.pathname === '/api/pools') return jsonResponse({ data: pools });
    const invite = /^\/api\/pools\/(\d+)\/invitations$/.exec(url.pathname);
    if (invite && init.method === 'POST') {
      const { email } = JSON.parse(String(init.body)) as { email: string };
      if (invitationsSent.filter((sent) => sent === email).length >= 3) {
        return jsonResponse(
          refusal('invitation_limit', 'This address has had the most invitations allowed', 'body.email'),
          { status: 409 },
        );
      }
      invitationsSent.push(email);
      const now = '2025-09-10T12:00:00.000Z';
      return jsonResponse(
        { data: { id: 1, email, created_at: now, expires_at: now, used_at: null, revoked_at: null } },
        { status: 201 },
      );
    }
    if (url.pathname === '/api/pools/8/link' && init.method === 'POST') {
      const now = '2025-09-10T12:00:00.000Z';
      return jsonResponse({
        data: {
          id: 2,
          email: null,
          created_at: now,
          expires_at: now,
          used_at: null,
          revoked_at: null,
          token: 'tok8',
          url: 'https://pass.example/pool-party/accept/tok8',
        },
      });
    }
    throw new Error(`unexpected request to ${init.method ?? 'GET'} ${url.pathname}`);
  });
}

describe('InviteScreen', () => {
  it('offers the open pools I host only', async () => {
    server();
    renderWithProviders(<InviteScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('combobox', { name: 'Pool' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Office Splash', 'Second Pool']);
    expect(document.querySelector('main[data-page="invite"]')).not.toBeNull();
  });

  it("sends invitations, and shows the server's refusal of a fourth to the same address", async () => {
    server(['kim@example.com', 'kim@example.com']);
    renderWithProviders(<InviteScreen />);
    const user = userEvent.setup();
    const email = await screen.findByLabelText('Email address');
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Enter an email address, such as friend@example.com')).toBeInTheDocument();
    await user.clear(email);
    await user.type(email, 'kim@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to kim@example.com.')).toBeInTheDocument();
    await user.type(email, 'kim@example.com');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(
      await screen.findByText('The invitation was not sent: This address has had the most invitations allowed'),
    ).toBeInTheDocument();
  });

  it("makes the chosen pool's shareable link and copies it", async () => {
    server();
    renderWithProviders(<InviteScreen />);
    // user-event puts its own clipboard on the navigator: watch that one.
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(await screen.findByRole('combobox', { name: 'Pool' }));
    await user.click(screen.getByRole('option', { name: 'Second Pool' }));
    await user.click(screen.getByRole('button', { name: 'Get the link' }));
    expect(await screen.findByLabelText('Link')).toHaveValue('https://pass.example/pool-party/accept/tok8');
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(writeText).toHaveBeenCalledWith('https://pass.example/pool-party/accept/tok8');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('sends a Lifeguard with no open pool to create one', async () => {
    stubFetch(() => jsonResponse({ data: [poolListItem({ role: 'guest' })] }));
    renderWithProviders(<InviteScreen />);
    expect(await screen.findByText('You host no open pool to invite guests to.')).toBeInTheDocument();
  });
});
