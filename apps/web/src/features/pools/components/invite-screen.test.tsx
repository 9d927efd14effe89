import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { poolListItem, refusal } from '../testing-data';
import { InviteScreen } from './invite-screen';

afterEach(() => {
  cleanup();
});

const pools = [
  poolListItem(),
  poolListItem({ id: 8, name: 'Second Pool' }),
  poolListItem({ id: 9, name: 'Not Mine', role: 'guest' }),
  poolListItem({ id: 10, name: 'Ended One', status: 4 }),
];

function server(invitationsSent: string[] = []) {
  const now = '2025-09-10T12:00:00.000Z';
  answer('get', '/api/pools', { data: pools });
  answer('post', '/api/pools/:poolId/invitations', async ({ request }) => {
    const { email } = (await request.json()) as { email: string };
    if (invitationsSent.filter((sent) => sent === email).length >= 3) {
      return HttpResponse.json(
        refusal('invitation_limit', 'This address has had the most invitations allowed', 'body.email'),
        { status: 409 },
      );
    }
    invitationsSent.push(email);
    return HttpResponse.json(
      { data: { id: 1, email, created_at: now, expires_at: now, used_at: null, revoked_at: null } },
      { status: 201 },
    );
  });
  answer('post', '/api/pools/8/link', {
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
    answer('get', '/api/pools', { data: [poolListItem({ role: 'guest' })] });
    renderWithProviders(<InviteScreen />);
    expect(await screen.findByText('You host no open pool to invite guests to.')).toBeInTheDocument();
  });
});
