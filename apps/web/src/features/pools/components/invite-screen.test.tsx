import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { parseAddressList } from '@pass/domain';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { poolListItem } from '../testing-data';
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
  // The server's answer to a pasted list: each entry in order, a fourth invitation to one address refused.
  answer('post', '/api/pools/:poolId/invitations/many', async ({ request }) => {
    const { addresses } = (await request.json()) as { addresses: string };
    const results = parseAddressList(addresses).map((entry) => {
      if (entry.email === null) return { entry: entry.entry, email: null, status: 'invalid', message: entry.problem };
      if (invitationsSent.filter((sent) => sent === entry.email).length >= 3) {
        return {
          entry: entry.entry,
          email: entry.email,
          status: 'invitation_limit',
          message: 'This address has had the most invitations allowed',
        };
      }
      invitationsSent.push(entry.email);
      return { entry: entry.entry, email: entry.email, status: 'sent', message: null };
    });
    return HttpResponse.json({ data: { results } });
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

  it('sends a pasted list, answering each address, and keeps the ones not sent to correct', async () => {
    server(['kim@example.com', 'kim@example.com', 'kim@example.com']);
    renderWithProviders(<InviteScreen />);
    const user = userEvent.setup();
    const box = await screen.findByLabelText('Email addresses');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(/^Paste or type the addresses/)).toBeInTheDocument();
    // Pasted, as the list would be: one change, not a keystroke per character.
    await user.click(box);
    await user.paste('lee@example.com, Sam <sam@example.com>\nnot-an-address\nkim@example.com');
    await user.click(screen.getByRole('button', { name: 'Send 4 invitations' }));
    const answered = await screen.findByRole('list', { name: 'Invitations sent and not sent' });
    expect(
      within(answered)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'Sentlee@example.com',
      'Sentsam@example.com',
      'Not an addressnot-an-address — Email is not a valid address',
      'Invited too oftenkim@example.com — This address has had the most invitations allowed',
    ]);
    // What went out leaves the box; what did not stays, to be corrected.
    expect(box).toHaveValue('not-an-address\nkim@example.com');
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
