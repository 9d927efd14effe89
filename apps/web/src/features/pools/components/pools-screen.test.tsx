import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answer, sentRequests } from '../../../testing/api-server';
import { registerRoutes } from '../../../lib/route-registry';
import { renderRoutes } from '../../../testing/render';
import { fieldErrors, poolDetail, poolListItem } from '../testing-data';
import { PoolsScreen } from './pools-screen';

// The new pool's page exists in the app: the form links to it.
registerRoutes(['football-pool']);

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const pools = [
  poolListItem(),
  poolListItem({ id: 8, name: 'College Cannonballs', sport: 'americanfootball_ncaaf' }),
  poolListItem({
    id: 9,
    name: 'Old Timers',
    season: 2023,
    status: 8,
    role: 'guest',
    lifeguard: { username: 'sam', name: 'sam' },
    started: true,
    standing: { rank: 2, of: 9, points: 35 },
  }),
];

function server(
  onCreate: (body: unknown) => Response = () => HttpResponse.json({ data: poolDetail() }, { status: 201 }),
  serverTime = new Date().toISOString(),
) {
  answer('get', '/api/health', { status: 'ok', uptimeSeconds: 1, time: serverTime });
  answer('post', '/api/pools', async ({ request }) => onCreate(await request.json()));
  answer('get', '/api/pools', { data: pools });
}

const posts = () => sentRequests({ method: 'post' });

function renderScreen(fixedSeason?: number) {
  return renderRoutes(
    [
      {
        path: '/football/pools',
        element: <PoolsScreen route="football-pools" sport="americanfootball_nfl" fixedSeason={fixedSeason} />,
      },
      { path: '/pool-party/accept/:token', element: <p>accept screen</p> },
    ],
    { path: '/football/pools' },
  );
}

describe('PoolsScreen', () => {
  it("lists the member's pools of its sport with status and role, and carries its route name", async () => {
    server();
    renderScreen();
    const list = await screen.findByRole('list', { name: 'My pools' });
    expect(within(list).getByText('Office Splash')).toBeInTheDocument();
    expect(within(list).getByText('Old Timers')).toBeInTheDocument();
    // The college pool belongs to the college pools screen.
    expect(within(list).queryByText('College Cannonballs')).toBeNull();
    expect(within(list).getByText('Completed')).toBeInTheDocument();
    expect(within(list).getByText('Guest')).toBeInTheDocument();
    // Its first week is long over: the list says joining closed, not that it closes.
    expect(within(list).getByText(/^Joining closed /)).toBeInTheDocument();
    expect(document.querySelector('main[data-page="football-pools"]')).not.toBeNull();
  });

  it("shows the member's place in each started pool's standings, and none before its first game locks", async () => {
    server();
    renderScreen();
    const list = await screen.findByRole('list', { name: 'My pools' });
    expect(within(list).getByTestId('standing-9')).toHaveTextContent('You: 2nd of 9 · 35 pts');
    expect(within(list).queryByTestId('standing-7')).toBeNull();
  });

  it('links to the rest of Pool Party: its home, invitations, baseball pools and the earlier seasons', async () => {
    registerRoutes(['pool-party', 'invite', 'baseball-menu', 'season-2025', 'season-2024', 'football-2023-menu']);
    server();
    renderScreen();
    const more = await screen.findByRole('navigation', { name: 'More of Pool Party' });
    expect(within(more).getByRole('link', { name: 'Pool Party home' })).toHaveAttribute('href', '/pool-party');
    expect(within(more).getByRole('link', { name: 'Invite friends' })).toHaveAttribute('href', '/invite');
    expect(within(more).getByRole('link', { name: 'Baseball pools' })).toHaveAttribute('href', '/baseball');
    expect(within(more).getByRole('link', { name: '2025 season' })).toHaveAttribute('href', '/season/2025');
    expect(within(more).getByRole('link', { name: '2023 season' })).toHaveAttribute('href', '/football/2023');
  });

  it("opens an older season's pool on that season's own pool page", async () => {
    registerRoutes(['football-2023-pool']);
    server();
    renderRoutes(
      [
        {
          path: '/football/2023/pools',
          element: <PoolsScreen route="football-2023-pools" sport="americanfootball_nfl" fixedSeason={2023} />,
        },
      ],
      { path: '/football/2023/pools' },
    );
    const list = await screen.findByRole('list', { name: 'My pools' });
    expect(within(list).getByRole('link', { name: 'Old Timers' })).toHaveAttribute('href', '/football/2023/pool/9');
  });

  it("shows a fixed season's pools only", async () => {
    server();
    renderScreen(2023);
    const list = await screen.findByRole('list', { name: 'My pools' });
    expect(within(list).getByText('Old Timers')).toBeInTheDocument();
    expect(within(list).queryByText('Office Splash')).toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'NFL 2023 pools' })).toBeInTheDocument();
  });

  it("creates the current season's pools by the server's clock, whatever date the device has", async () => {
    // The device thinks it is 2019 (its season would be 2018); the server's clock is mid-October 2025.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2019-01-01T00:00:00Z'));
    server(undefined, '2025-10-15T16:00:00.000Z');
    renderScreen();
    expect(await screen.findByText(/^NFL 2025\. You will be its Lifeguard/)).toBeInTheDocument();
    // The week under way on the server's date (week 6: October 9 to 15) is the default start week.
    expect(screen.getByRole('combobox', { name: 'Start week' })).toHaveTextContent('Week 6');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/Pool name/), 'Office Splash');
    await user.click(screen.getByRole('button', { name: 'Create pool' }));
    expect(await screen.findByText(/“Office Splash” is ready/)).toBeInTheDocument();
    // The next step is one tap away: the new pool's Members tab, where the whole list is invited.
    const invite = screen.getByRole('link', { name: 'Invite guests' });
    expect(invite.getAttribute('href')).toMatch(/^\/football\/pool\/\d+\?tab=members$/);
    expect(await posts()[0]!.json()).toMatchObject({ season: 2025, start_week: 6 });
  });

  it('checks the settings as the server does before sending anything', async () => {
    server();
    renderScreen(2025);
    const user = userEvent.setup();
    await screen.findByLabelText('Games per week');
    await user.clear(screen.getByLabelText('Games per week'));
    await user.type(screen.getByLabelText('Games per week'), '17');
    await user.click(screen.getByRole('button', { name: 'Create pool' }));
    expect(await screen.findByText('A pool needs a name')).toBeInTheDocument();
    expect(screen.getByText('Games per week is a whole number from 1 to 16')).toBeInTheDocument();
    expect(screen.getByLabelText(/Pool name/)).toHaveAttribute('aria-invalid', 'true');
    expect(posts()).toHaveLength(0);
  });

  it('sends every setting and shows the new pool', async () => {
    server();
    renderScreen(2025);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Pool name/), 'Office Splash');
    await user.click(screen.getByRole('radio', { name: '$ Line (straight up)' }));
    // Strikes and the buy-back are offered with Last Man Standing only.
    expect(screen.queryByRole('combobox', { name: 'Strikes' })).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Last Man Standing' }));
    await user.click(screen.getByRole('combobox', { name: 'Start week' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Week 5' }));
    await user.click(screen.getByRole('combobox', { name: 'Strikes' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: '2: out at the 3rd' }));
    await user.click(screen.getByRole('combobox', { name: 'Buy-back' }));
    const weeks = within(screen.getByRole('listbox')).getAllByRole('option');
    // From the start week to the week before the pool's last: the buy-back pick is made the week after.
    expect(weeks.map((option) => option.textContent)).toEqual([
      'No buy-back',
      ...Array.from({ length: 13 }, (_, index) => `Through week ${index + 5}`),
    ]);
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Through week 8' }));
    await user.click(screen.getByRole('button', { name: 'Create pool' }));
    expect(await screen.findByText(/“Office Splash” is ready/)).toBeInTheDocument();
    expect(await posts()[0]!.json()).toEqual({
      name: 'Office Splash',
      icon: 'wave',
      icon_color: '#ffffff',
      icon_background: '#0277bd',
      sport: 'americanfootball_nfl',
      season: 2025,
      start_week: 5,
      games_per_week: 10,
      win_basis: 'straight',
      double_play: true,
      triple_play: false,
      last_man_standing: true,
      confidence: false,
      survivor_strikes: 2,
      survivor_buy_back_week: 8,
      drop_worst_weeks: 0,
      default_picks: 'none',
    });
  });

  it('creates a pool that drops each member’s worst weeks and gives the favourites to games left unpicked', async () => {
    server();
    renderScreen(2025);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Pool name/), 'Office Splash');
    await user.click(screen.getByRole('combobox', { name: 'Worst weeks dropped' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'The worst 2 weeks' }));
    await user.click(screen.getByRole('combobox', { name: 'Default picks' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'The favourite' }));
    await user.click(screen.getByRole('button', { name: 'Create pool' }));
    expect(await screen.findByText(/“Office Splash” is ready/)).toBeInTheDocument();
    expect(await posts()[0]!.json()).toMatchObject({ drop_worst_weeks: 2, default_picks: 'favourites' });
  });

  it('creates a confidence pool, its double and triple plays turned off', async () => {
    server();
    renderScreen(2025);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Pool name/), 'Office Splash');
    await user.click(screen.getByRole('switch', { name: /^Confidence points/ }));
    expect(screen.getByRole('switch', { name: /^Double play/ })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: /^Double play/ })).toBeDisabled();
    expect(screen.getByRole('switch', { name: /^Triple play/ })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Create pool' }));
    expect(await screen.findByText(/“Office Splash” is ready/)).toBeInTheDocument();
    expect(await posts()[0]!.json()).toMatchObject({ confidence: true, double_play: false, triple_play: false });
  });

  it("shows the server's 400 field errors next to their fields, and its limit refusal", async () => {
    let attempts = 0;
    server(() =>
      attempts++ === 0
        ? HttpResponse.json(
            fieldErrors([
              { field: 'body.name', message: 'A pool with this name exists', reason: 'taken' },
              { field: 'body.start_week', message: 'The start week has passed', reason: 'out_of_range' },
            ]),
            { status: 400 },
          )
        : HttpResponse.json(
            { error: { code: 'CONFLICT', message: 'You host the most pools allowed (5): end one first' } },
            { status: 409 },
          ),
    );
    renderScreen(2025);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText(/Pool name/), 'Office Splash');
    await user.click(screen.getByRole('button', { name: 'Create pool' }));
    expect(await screen.findByText('A pool with this name exists')).toBeInTheDocument();
    expect(screen.getByLabelText(/Pool name/)).toHaveAccessibleDescription('A pool with this name exists');
    expect(screen.getByRole('combobox', { name: 'Start week' })).toHaveAccessibleDescription(
      'The start week has passed',
    );
    await user.click(screen.getByRole('button', { name: 'Create pool' }));
    expect(await screen.findByText('You host the most pools allowed (5): end one first')).toBeInTheDocument();
  });

  it('joins by a pasted link or token through the accept screen, and refuses anything else', async () => {
    server();
    const { router } = renderScreen();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Invitation link'), 'not a link!');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByText('Paste the whole invitation link, or the code at its end')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Invitation link'));
    await user.type(screen.getByLabelText('Invitation link'), 'https://pass.example/pool-party/accept/abc-123?x=1');
    await user.click(screen.getByRole('button', { name: 'Join' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/pool-party/accept/abc-123'));
  });
});
