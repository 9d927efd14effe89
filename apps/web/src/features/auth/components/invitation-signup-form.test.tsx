import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearSessionUser, getSessionUser } from '../../../lib/session-user';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { InvitationSignupForm } from './invitation-signup-form';

const posted = () =>
  Promise.all(sentRequests({ method: 'post', path: '/api/pools/accept/new-account' }).map((request) => request.json()));

const account = {
  id: 41,
  username: 'pat',
  name: null,
  email: 'pat@example.com',
  emailVerified: true,
  setupComplete: true,
  isAdmin: false,
  createdAt: '2026-11-26T12:00:00.000Z',
  collegeAccess: { allowed: true, reason: 'trial', trialEndsAt: '2026-12-26T12:00:00.000Z' },
};

afterEach(() => {
  cleanup();
  clearSessionUser();
});

function renderForm(invitedEmail: string | null = 'pat@example.com') {
  const onJoined = vi.fn();
  const onVerificationSent = vi.fn();
  renderWithProviders(
    <InvitationSignupForm
      token="tok-1"
      invitedEmail={invitedEmail}
      onJoined={onJoined}
      onVerificationSent={onVerificationSent}
    />,
  );
  return { onJoined, onVerificationSent };
}

// Typing a whole form is slow on a loaded machine.
describe('InvitationSignupForm', { timeout: 60_000 }, () => {
  it('keeps the invited address, sends none, and signs the new guest in once joined', async () => {
    answer('post', '/api/pools/accept/new-account', { data: { user: account, pool: { id: 7 } } }, { status: 201 });
    const { onJoined } = renderForm();
    const email = screen.getByLabelText(/^Email/);
    expect(email).toHaveValue('pat@example.com');
    expect(email).toHaveAttribute('readonly');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Username/), 'pat');
    await user.type(screen.getByLabelText(/^Password/), 'Otter-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    await vi.waitFor(() => expect(onJoined).toHaveBeenCalledWith({ id: 7 }));
    expect(await posted()).toEqual([{ token: 'tok-1', username: 'pat', password: 'Otter-Lantern-42' }]);
    expect(getSessionUser()).toMatchObject({ id: 41, username: 'pat' });
  });

  it('sends another address when the guest chooses one, and says its confirmation is mailed', async () => {
    answer(
      'post',
      '/api/pools/accept/new-account',
      { data: { status: 'verification_sent', email: 'work@example.com' } },
      { status: 202 },
    );
    const { onVerificationSent, onJoined } = renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Use another address' }));
    const email = screen.getByLabelText(/^Email/);
    expect(email).not.toHaveAttribute('readonly');
    await user.clear(email);
    await user.type(email, 'Work@Example.com');
    await user.type(screen.getByLabelText(/^Username/), 'pat');
    await user.type(screen.getByLabelText(/^Password/), 'Otter-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await vi.waitFor(() => expect(onVerificationSent).toHaveBeenCalledWith('work@example.com'));
    expect((await posted())[0]).toMatchObject({ email: 'work@example.com' });
    expect(onJoined).not.toHaveBeenCalled();
    expect(getSessionUser()).toBeNull();
  });

  it("shows the server's reason under the field it names", async () => {
    const message = 'This address already has a PA$$ account: log in to join';
    answer(
      'post',
      '/api/pools/accept/new-account',
      { error: { code: 'CONFLICT', message, fields: [{ field: 'body.email', message, reason: 'account_exists' }] } },
      { status: 409 },
    );
    renderForm();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Username/), 'pat');
    await user.type(screen.getByLabelText(/^Password/), 'Otter-Lantern-42');
    await user.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText(/already has a PA\$\$ account/)).toBeInTheDocument();
  });
});
