import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InvitationPreview } from '@pass/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { clearSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, errorResponse, sentRequest, sentRequests } from '../../../testing/api-server';
import { forgetInvitation, pendingInvitation } from '../../../lib/pending-invitation';
import { renderRoutes } from '../../../testing/render';
import { INVITE_ERRORS } from '../lib/pool-text';
import { poolDetail, refusal } from '../testing-data';
import { AcceptScreen, type AcceptScreenProps, type NewAccountSlotProps } from './accept-screen';
import { InviteErrorScreen } from './invite-error-screen';

beforeEach(() => registerRoutes(['login', 'signup', 'football-pools', 'pool-party']));

afterEach(() => {
  cleanup();
  clearSessionUser();
  forgetInvitation();
});

function renderAccept(token = 'tok-1', props: AcceptScreenProps = {}) {
  return renderRoutes(
    [
      { path: '/pool-party/accept/:token', element: <AcceptScreen {...props} /> },
      { path: '/pool-party/invite-error', element: <InviteErrorScreen /> },
      { path: '/football/pool/:id', element: <p>pool page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
    { path: `/pool-party/accept/${token}` },
  );
}

/** The invitation's page data, as `POST /api/pools/invitation` answers it. */
function preview(overrides: Partial<InvitationPreview> = {}): { data: InvitationPreview } {
  const pool = poolDetail({ id: 7, name: 'Floor Four', win_basis: 'ats', double_play: true, triple_play: false });
  return {
    data: {
      pool: { ...pool, member_count: 3 },
      lifeguard: { username: 'lou', name: 'Lou Guard' },
      email: 'pat@example.com',
      refusal: null,
      member: false,
      ...overrides,
    },
  };
}

const signedIn = () => storeSessionUser({ id: 2, username: 'kim', name: null, isAdmin: false });

describe('AcceptScreen', () => {
  it('names the pool, its Lifeguard and its rules, and offers a visitor an account made here or a login', async () => {
    answer('post', '/api/pools/invitation', preview());
    const newAccountForm = vi.fn((slot: NewAccountSlotProps) => <p>new account form for {slot.invitedEmail}</p>);
    renderAccept('tok-1', { newAccountForm, loginForm: () => <p>login form</p> });
    expect(await screen.findByText('Lou Guard invited you to Floor Four')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Join Floor Four');
    expect(screen.getByText(/games a week, against the spread · Double play on · Triple play off/)).toBeInTheDocument();
    expect(screen.getByText('new account form for pat@example.com')).toBeInTheDocument();
    expect(await sentRequest().json()).toEqual({ token: 'tok-1' });
    await userEvent.setup().click(screen.getByRole('tab', { name: 'I have an account' }));
    expect(screen.getByText('login form')).toBeInTheDocument();
    expect(document.querySelector('main[data-page="pool-party-accept"]')).not.toBeNull();
  });

  it('names the Lifeguard by username when they gave no name; without the forms, links to log in and sign up', async () => {
    answer('post', '/api/pools/invitation', preview({ lifeguard: { username: 'lou', name: null } }));
    renderAccept();
    expect(await screen.findByText('lou invited you to Floor Four')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'I have an account' }));
    expect(screen.getByRole('link', { name: 'Log in to join' })).toHaveAttribute(
      'href',
      `/login?${new URLSearchParams({ redirect: '/pool-party/accept/tok-1' })}`,
    );
  });

  it("joins a new guest from the form and goes to the pool's page; another address is told to confirm it", async () => {
    registerRoutes(['football-pool']);
    answer('post', '/api/pools/invitation', preview());
    const { router } = renderAccept('tok-1', {
      newAccountForm: (slot) => (
        <>
          <button onClick={() => slot.onJoined(poolDetail({ id: 7 }))}>made</button>
          <button onClick={() => slot.onVerificationSent('other@example.com')}>other</button>
        </>
      ),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'made' }));
    expect(await screen.findByText('pool page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/football/pool/7');
    cleanup();
    answer('post', '/api/pools/invitation', preview());
    renderAccept('tok-1', {
      newAccountForm: (slot) => <button onClick={() => slot.onVerificationSent('o@x.com')}>other</button>,
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'other' }));
    expect(screen.getByTestId('confirm-other-address')).toHaveTextContent('Check your mail at o@x.com');
  });

  it('keeps the invitation for a visitor, and forgets it once they join', async () => {
    const token = 'Zm9vYmFyYmF6cXV4MTIz';
    answer('post', '/api/pools/invitation', preview());
    answer('post', '/api/pools/accept', { data: poolDetail({ id: 7 }) });
    renderAccept(token);
    await screen.findByRole('link', { name: 'Create an account' });
    expect(pendingInvitation()).toBe(`/pool-party/accept/${token}`);
    cleanup();

    registerRoutes(['football-pool']);
    signedIn();
    renderAccept(token);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('pool page')).toBeInTheDocument();
    expect(pendingInvitation()).toBeNull();
  });

  it("joins a signed-in member with one tap and goes to the pool's page", async () => {
    registerRoutes(['football-pool']);
    signedIn();
    answer('post', '/api/pools/invitation', preview());
    answer('post', '/api/pools/accept', { data: poolDetail({ id: 7 }) });
    const { router } = renderAccept('tok-1');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('pool page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/football/pool/7');
    const sent = sentRequests().find((request) => request.url.pathname === '/api/pools/accept')!;
    expect(await sent.json()).toEqual({ token: 'tok-1' });
  });

  it('tells a member already in the pool so, with the way to it', async () => {
    registerRoutes(['football-pool']);
    signedIn();
    answer('post', '/api/pools/invitation', preview({ member: true, email: null }));
    renderAccept();
    expect(await screen.findByText('You are in this pool.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the pool' })).toHaveAttribute('href', '/football/pool/7');
    expect(screen.queryByRole('button', { name: 'Join' })).toBeNull();
  });

  it('says on the page why an invitation cannot be used, and offers no form', async () => {
    answer('post', '/api/pools/invitation', preview({ refusal: 'expired', email: null }));
    renderAccept('tok-1', { newAccountForm: () => <p>new account form</p> });
    expect(await screen.findByTestId('invitation-refused')).toHaveTextContent(INVITE_ERRORS.expired.title);
    expect(screen.queryByText('new account form')).toBeNull();
    cleanup();
    answer('post', '/api/pools/invitation', () => errorResponse(404, 'NOT_FOUND'));
    renderAccept();
    expect(await screen.findByTestId('invitation-refused')).toHaveTextContent(INVITE_ERRORS.unknown.title);
  });

  it.each([
    ['expired', 'This invitation has expired: ask the Lifeguard for a new one'],
    ['used', 'This invitation has already been used'],
    ['pool_full', 'This pool is full'],
    ['joining_closed', 'Joining has closed'],
    ['pool_ended', 'This pool has ended'],
  ] as const)('shows the invite-error page for a refusal met while joining: %s', async (reason, message) => {
    signedIn();
    answer('post', '/api/pools/invitation', preview());
    answer('post', '/api/pools/accept', refusal(reason, message), { status: 409 });
    const { router } = renderAccept();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText(`${INVITE_ERRORS[reason].title}.`)).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?reason=${reason}`);
    expect(document.querySelector('main[data-page="pool-party-invite-error"]')).not.toBeNull();
  });

  it('treats a failure of the server as worth a retry', async () => {
    signedIn();
    answer('post', '/api/pools/invitation', preview());
    let calls = 0;
    answer('post', '/api/pools/accept', () =>
      calls++ === 0 ? errorResponse(500, 'INTERNAL', 'Something broke') : errorResponse(404, 'NOT_FOUND'),
    );
    renderAccept();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByText('You could not join just now: Something broke. Try again.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Join' }));
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
