import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import UserProfileRoute from './user-profile';

const account = {
  id: 7,
  username: 'pat',
  name: 'Pat',
  email: 'pat@example.com',
  emailVerified: true,
  setupComplete: true,
  isAdmin: false,
};

const preferences = {
  mail_pick_reminder: true,
  mail_pool_results: true,
  push_pick_reminder: false,
  push_pool_results: false,
  push_chat_mention: false,
};

/** The server: the notification switches always answer; the account endpoints answer as the test says. */
function server() {
  answer('get', '/api/user/notifications', { data: preferences });
}

const bodyOf = (path: string) => sentRequests({ path })[0]!.json();

const section = (name: string) => screen.getByRole('region', { name });

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  localStorage.clear();
});

describe('the profile', () => {
  it('shows the account’s details from whoami', async () => {
    server();
    answer('get', '/auth/whoami', { data: account });
    const { container } = renderWithProviders(<UserProfileRoute />);
    expect(container.querySelector('main[data-page="user-profile"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Your profile' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: /^Username/ })).toHaveValue('pat');
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('Pat');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('pat@example.com');
  });

  it('saves only what changed, and stores the new name for the navigation', async () => {
    storeSessionUser({ id: 7, username: 'pat', name: 'Pat', isAdmin: false });
    server();
    answer('get', '/auth/whoami', { data: account });
    answer('patch', '/auth/profile', { data: { ...account, name: 'Pat Smith' } });
    renderWithProviders(<UserProfileRoute />);
    const name = await screen.findByRole('textbox', { name: /^Name/ });
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Pat Smith');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your profile has been saved.');
    expect(await bodyOf('/auth/profile')).toEqual({ name: 'Pat Smith' });
    expect(getSessionUser()).toEqual({ id: 7, username: 'pat', name: 'Pat Smith', isAdmin: false });
  });

  it('asks for the current password only when the email changes, and sends it with the new address', async () => {
    server();
    answer('get', '/auth/whoami', { data: account });
    // The account is unchanged until the new address is confirmed.
    answer('patch', '/auth/profile', { data: account });
    renderWithProviders(<UserProfileRoute />);
    const email = await screen.findByRole('textbox', { name: /^Email/ });
    const details = section('Your details');
    expect(within(details).queryByLabelText(/^Current password/)).toBeNull();
    const user = userEvent.setup();
    await user.clear(email);
    await user.type(email, 'New@Example.com');
    const password = within(details).getByLabelText(/^Current password/);
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'current-password');
    await user.type(password, 'my secret words');
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByRole('status')).toHaveTextContent(
      'We sent a confirmation link to new@example.com: your address changes when you open it.',
    );
    expect(await bodyOf('/auth/profile')).toEqual({
      email: 'new@example.com',
      currentPassword: 'my secret words',
    });
    // The form shows the account as it is, so the password field goes with the typed address.
    expect(within(details).getByRole('textbox', { name: /^Email/ })).toHaveValue('pat@example.com');
    expect(within(details).queryByLabelText(/^Current password/)).toBeNull();
  });

  it('does not send an email change without the current password', async () => {
    server();
    answer('get', '/auth/whoami', { data: account });
    renderWithProviders(<UserProfileRoute />);
    const email = await screen.findByRole('textbox', { name: /^Email/ });
    const details = section('Your details');
    const user = userEvent.setup();
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText('Enter your password to change your email')).toBeInTheDocument();
    expect(sentRequests({ method: 'patch' })).toEqual([]);
    // Back to the account's address, the password is not asked for.
    await user.clear(email);
    await user.type(email, 'pat@example.com');
    expect(within(details).queryByLabelText(/^Current password/)).toBeNull();
  });

  it('shows a wrong current password under its field', async () => {
    server();
    answer('get', '/auth/whoami', { data: account });
    answer(
      'patch',
      '/auth/profile',
      {
        error: {
          code: 'BAD_REQUEST',
          message: 'x',
          fields: [{ field: 'body.currentPassword', message: 'is not your current password' }],
        },
      },
      { status: 400 },
    );
    renderWithProviders(<UserProfileRoute />);
    const email = await screen.findByRole('textbox', { name: /^Email/ });
    const details = section('Your details');
    const user = userEvent.setup();
    await user.clear(email);
    await user.type(email, 'new@example.com');
    await user.type(within(details).getByLabelText(/^Current password/), 'not it at all');
    await user.click(within(details).getByRole('button', { name: 'Save changes' }));
    expect(await within(details).findByText('This is not your current password')).toBeInTheDocument();
    expect(within(details).queryByRole('status')).toBeNull();
  });

  it('shows the server’s field errors under the fields', async () => {
    server();
    answer('get', '/auth/whoami', { data: account });
    answer(
      'patch',
      '/auth/profile',
      { error: { code: 'BAD_REQUEST', message: 'x', fields: [{ field: 'body.username', message: 'is taken' }] } },
      { status: 400 },
    );
    renderWithProviders(<UserProfileRoute />);
    const username = await screen.findByRole('textbox', { name: /^Username/ });
    const user = userEvent.setup();
    await user.type(username, '2');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Username is taken')).toBeInTheDocument();
  });

  it('changes the password with the current one', async () => {
    server();
    answer('get', '/auth/whoami', { data: account });
    answer('post', '/auth/password', { data: { ok: true } });
    renderWithProviders(<UserProfileRoute />);
    await screen.findByRole('textbox', { name: /^Username/ });
    const form = section('Change password');
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/^Current password/), 'old secret words');
    await user.type(within(form).getByLabelText(/^New password/), 'new secret words');
    await user.type(within(form).getByLabelText(/^Repeat the new password/), 'new secret words');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Your password has been changed.');
    expect(await bodyOf('/auth/password')).toEqual({
      currentPassword: 'old secret words',
      newPassword: 'new secret words',
    });
    expect(within(form).getByLabelText(/^Current password/)).toHaveValue('');
  });

  it('signs out every other device and says how many', async () => {
    server();
    answer('get', '/auth/whoami', { data: account });
    answer('post', '/auth/logout/others', { data: { sessions_ended: 2 } });
    renderWithProviders(<UserProfileRoute />);
    await screen.findByRole('textbox', { name: /^Username/ });
    const devices = section('Other devices');
    await userEvent.setup().click(within(devices).getByRole('button', { name: 'Sign out all other devices' }));
    expect(await within(devices).findByRole('status')).toHaveTextContent('Signed out of 2 other devices.');
    expect(sentRequests({ path: '/auth/logout/others' })).toHaveLength(1);
  });

  it('says when the current password is wrong', async () => {
    server();
    answer('get', '/auth/whoami', { data: account });
    answer(
      'post',
      '/auth/password',
      {
        error: {
          code: 'BAD_REQUEST',
          message: 'x',
          fields: [{ field: 'body.currentPassword', message: 'is not your current password' }],
        },
      },
      { status: 400 },
    );
    renderWithProviders(<UserProfileRoute />);
    await screen.findByRole('textbox', { name: /^Username/ });
    const form = section('Change password');
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText(/^Current password/), 'not it at all');
    await user.type(within(form).getByLabelText(/^New password/), 'new secret words');
    await user.type(within(form).getByLabelText(/^Repeat the new password/), 'new secret words');
    await user.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('This is not your current password')).toBeInTheDocument();
  });

  it('shows the notification switches and saves a change at once, only that switch', async () => {
    server();
    answer('get', '/auth/whoami', { data: account });
    answer('put', '/api/user/notifications', { data: { ...preferences, mail_pick_reminder: false } });
    renderWithProviders(<UserProfileRoute />);
    const notifications = await screen.findByRole('region', { name: 'Notifications' });
    const reminders = await within(notifications).findByRole('switch', { name: /^Pick reminders 24 hours/ });
    expect(reminders).toBeChecked();
    expect(within(notifications).getByRole('switch', { name: 'Mentions in a pool chat' })).not.toBeChecked();
    expect(within(notifications).getByText(/reach only the devices you have turned them on for/)).toBeInTheDocument();
    await userEvent.setup().click(reminders);
    const [put] = sentRequests({ method: 'put' });
    expect(await put!.json()).toEqual({ mail_pick_reminder: false });
    await vi.waitFor(() => expect(reminders).not.toBeChecked());
  });
});
