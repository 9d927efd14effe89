import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { clearSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, errorResponse, sentRequest, sentRequests } from '../../../testing/api-server';
import { forgetInvitation, pendingInvitation } from '../../../lib/pending-invitation';
import { renderRoutes } from '../../../testing/render';
import { INVITE_ERRORS } from '../lib/pool-text';
import { poolDetail, refusal } from '../testing-data';
import { AcceptScreen } from './accept-screen';
import { InviteErrorScreen } from './invite-error-screen';

beforeEach(() => registerRoutes(['login', 'signup', 'football-pools', 'pool-party']));

afterEach(() => {
  cleanup();
  clearSessionUser();
  forgetInvitation();
});

function renderAccept(token = 'tok-1') {
  return renderRoutes(
    [
      { path: '/pool-party/accept/:token', element: <AcceptScreen /> },
      { path: '/pool-party/invite-error', element: <InviteErrorScreen /> },
      { path: '/football/pool/:id', element: <p>pool page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    { path: `/pool-party/accept/${token}` },
  );
}

describe('AcceptScreen', () => {
  it('sends a visitor to log in and back here, or to sign up', async () => {
    // A visitor sends nothing: no request is answered.
    renderAccept();
    const login = await screen.findByRole('link', { name: 'Log in to join' });
    expect(login).toHaveAttribute('href', `/login?${new URLSearchParams({ redirect: '/pool-party/accept/tok-1' })}`);
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    expect(document.querySelector('main[data-page="pool-party-accept"]')).not.toBeNull();
    expect(sentRequests()).toEqual([]);
  });

  it('keeps the invitation for a visitor who signs up first, and forgets it once they join', async () => {
    const token = 'Zm9vYmFyYmF6cXV4MTIz';
    answer('post', '/api/pools/accept', { data: poolDetail({ id: 7 }) });
    renderAccept(token);
    await screen.findByRole('link', { name: 'Create an account' });
    expect(pendingInvitation()).toBe(`/pool-party/accept/${token}`);
    cleanup();

    registerRoutes(['football-pool']);
    storeSessionUser({ id: 2, username: 'kim', name: null, isAdmin: false });
    renderAccept(token);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join the pool' }));
    expect(await screen.findByText('pool page')).toBeInTheDocument();
    expect(pendingInvitation()).toBeNull();
  });

  it("joins with the token and goes to the pool's page", async () => {
    registerRoutes(['football-pool']);
    storeSessionUser({ id: 2, username: 'kim', name: null, isAdmin: false });
    answer('post', '/api/pools/accept', { data: poolDetail({ id: 7 }) });
    const { router } = renderAccept('tok-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join the pool' }));
    expect(await screen.findByText('pool page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/football/pool/7');
    expect(sentRequest().url.pathname).toBe('/api/pools/accept');
    expect(await sentRequest().json()).toEqual({ token: 'tok-1' });
  });

  it.each([
    ['expired', 'This invitation has expired: ask the Lifeguard for a new one'],
    ['used', 'This invitation has already been used'],
    ['pool_full', 'This pool is full'],
    ['joining_closed', 'Joining has closed'],
    ['pool_ended', 'This pool has ended'],
  ] as const)('shows the invite-error page for a refusal: %s', async (reason, message) => {
    storeSessionUser({ id: 2, username: 'kim', name: null, isAdmin: false });
    answer('post', '/api/pools/accept', refusal(reason, message), { status: 409 });
    const { router } = renderAccept();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join the pool' }));
    expect(await screen.findByText(`${INVITE_ERRORS[reason].title}.`)).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?reason=${reason}`);
    expect(document.querySelector('main[data-page="pool-party-invite-error"]')).not.toBeNull();
  });

  it('treats an unknown token as such, and a failure of the server as worth a retry', async () => {
    storeSessionUser({ id: 2, username: 'kim', name: null, isAdmin: false });
    let calls = 0;
    answer('post', '/api/pools/accept', () =>
      calls++ === 0 ? errorResponse(500, 'INTERNAL', 'Something broke') : errorResponse(404, 'NOT_FOUND'),
    );
    renderAccept();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Join the pool' }));
    expect(await screen.findByText('You could not join just now: Something broke. Try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join the pool' }));
    expect(await screen.findByText(`${INVITE_ERRORS.unknown.title}.`)).toBeInTheDocument();
  });
});

describe('InviteErrorScreen', () => {
  it('explains an unknown or missing reason as an invitation that does not exist', async () => {
    renderRoutes([{ path: '*', element: <InviteErrorScreen /> }], { path: '/pool-party/invite-error?reason=bogus' });
    expect(await screen.findByText(`${INVITE_ERRORS.unknown.title}.`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My pools' })).toHaveAttribute('href', '/football/pools');
  });
});
