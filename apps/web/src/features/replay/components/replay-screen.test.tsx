import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { storeSessionUser } from '../../../lib/session-user';
import { answer, errorResponse, sentRequest, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { emptyReplay, replay } from '../testing-data';
import { ReplayScreen } from './replay-screen';

beforeAll(() => {
  registerRoutes(['register-new', 'login', 'user-bets', 'demo', 'demo-charts', 'demo-modal']);
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});

const figure = (label: string) => document.querySelector(`[data-figure="${label}"]`);

function server(reply: () => Response = () => HttpResponse.json(replay)) {
  answer('get', '/api/demo/replay/*', reply);
}

describe('ReplayScreen', () => {
  it('welcomes a visitor with a join-for-free call to action, then shows week 1 graded', async () => {
    server();
    renderWithProviders(<ReplayScreen name="welcome" />, { path: '/welcome' });
    expect(document.querySelector('[data-page="welcome"]')).not.toBeNull();
    expect(screen.getByRole('heading', { level: 1, name: 'Hello, and welcome to PA$$!' })).toBeInTheDocument();
    const join = screen.getAllByRole('link', { name: 'Join for free' })[0]!;
    expect(join).toHaveAttribute('href', '/user/register-new');

    const week = await screen.findByRole('list', { name: 'Week 1 picks' }, { timeout: 5000 });
    const ind = within(week).getByText('HOU @ IND').closest('li')!;
    expect(within(ind as HTMLElement).getByText('Final: HOU 29 – 27 IND')).toBeInTheDocument();
    expect(within(ind as HTMLElement).getByText('Won +5 pts')).toBeInTheDocument();
    expect(within(ind as HTMLElement).getByText('Lost −$100.00')).toBeInTheDocument();
    expect(within(week).getByText('Lost -5 pts')).toBeInTheDocument();
    expect(figure('Record')).toHaveTextContent('1-2-0');
    expect(figure('Bet profit')).toHaveTextContent('−$100.00');
    expect(screen.getByText(/The strategy: Home underdogs/)).toBeInTheDocument();
    expect(sentRequest().url.pathname).toBe('/api/demo/replay/americanfootball_nfl');
    expect(sentRequest().url.searchParams.has('season')).toBe(false);
  });

  it('steps to the next week and back, with the running totals of the season so far', async () => {
    server();
    renderWithProviders(<ReplayScreen name="demo" />, { path: '/demo' });
    expect(document.querySelector('[data-page="demo"]')).not.toBeNull();
    await screen.findByRole('list', { name: 'Week 1 picks' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('button', { name: 'Next week' }));
    const week2 = screen.getByRole('list', { name: 'Week 2 picks' });
    expect(within(week2).getByText('Won +$180.00')).toBeInTheDocument();
    expect(within(week2).getByText('Closed at +3.5 · CLV +1.0 pts')).toBeInTheDocument();
    expect(screen.getByText('The season so far, through Week 2')).toBeInTheDocument();
    expect(figure('Record')).toHaveTextContent('3-2-0');
    expect(figure('Pick points')).toHaveTextContent('+5');
    expect(figure('Bet profit')).toHaveTextContent('+$80.00');
    expect(figure('ROI')).toHaveTextContent('+40.0%');
    expect(figure('Average CLV')).toHaveTextContent('+0.33 pts');
    expect(screen.getByRole('button', { name: 'Next week' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Previous week' }));
    expect(screen.getByRole('list', { name: 'Week 1 picks' })).toBeInTheDocument();
  });

  it('plays the season out week by week, then offers to replay it', async () => {
    server();
    renderWithProviders(<ReplayScreen name="demo" playIntervalMs={30} />, { path: '/demo' });
    await userEvent.click(await screen.findByRole('button', { name: 'Play the season' }, { timeout: 5000 }));
    expect(screen.getByRole('button', { name: 'Pause' })).toBeInTheDocument();
    // The play timer runs at its own pace: on a loaded machine the season takes longer to play out.
    await screen.findByRole('button', { name: 'Replay the season' }, { timeout: 10_000 });
    expect(screen.getByRole('list', { name: 'Week 2 picks' })).toBeInTheDocument();
    expect(figure('Record')).toHaveTextContent('3-2-0');
    await userEvent.click(screen.getByRole('button', { name: 'Replay the season' }));
    expect(await screen.findByRole('list', { name: 'Week 1 picks' })).toBeInTheDocument();
  });

  it('asks for the season chosen and keeps it in the address', async () => {
    server();
    const { router } = renderWithProviders(<ReplayScreen name="demo" />, { path: '/demo' });
    await screen.findByRole('list', { name: 'Week 1 picks' }, { timeout: 5000 });
    await userEvent.click(screen.getByRole('combobox', { name: 'Season' }));
    await userEvent.click(screen.getByRole('option', { name: /2025/ }));
    await waitFor(() => expect(sentRequests()).toHaveLength(2));
    expect(sentRequest(1).url.searchParams.get('season')).toBe('2025');
    expect(router.state.location.search).toBe('?season=2025');
    expect(screen.getByRole('link', { name: 'See the season as charts' })).toHaveAttribute(
      'href',
      '/demo/charts?season=2025',
    );
  });

  it('opens the pick form on a game and grades the entry there, sending nothing', async () => {
    server();
    renderWithProviders(<ReplayScreen name="demo" />, { path: '/demo' });
    const week = await screen.findByRole('list', { name: 'Week 1 picks' }, { timeout: 5000 });
    await userEvent.click(within(week).getAllByRole('button', { name: 'Try your own pick on this game' })[0]!);
    const dialog = screen.getByRole('dialog', { name: 'Record a pick or bet (demo)' });
    expect(within(dialog).getByLabelText('Line')).toHaveValue('3');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Grade it' }));
    expect(within(dialog).getByText(/Won: \+5 points/)).toBeInTheDocument();
    expect(within(dialog).getByText(/Nothing is saved here/)).toBeInTheDocument();
    expect(sentRequests()).toHaveLength(1);
  });

  it('welcomes a member back without the sign-up call to action', async () => {
    storeSessionUser({ id: 7, username: 'pat', name: null, isAdmin: false });
    server();
    renderWithProviders(<ReplayScreen name="welcome" />, { path: '/welcome' });
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, pat!' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Join for free' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to my bets' })).toHaveAttribute('href', '/user/bets');
    await screen.findByRole('list', { name: 'Week 1 picks' }, { timeout: 5000 });
  });

  it('says so when no season has final scores yet', async () => {
    server(() => HttpResponse.json(emptyReplay));
    renderWithProviders(<ReplayScreen name="demo" />, { path: '/demo' });
    expect(
      await screen.findByText(/No pro football season with final scores is loaded yet/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Play the season' })).toBeNull();
  });

  it('shows an error with a way to try again when the replay cannot be loaded', async () => {
    let fail = true;
    server(() => (fail ? errorResponse(500, 'INTERNAL', 'Something went wrong') : HttpResponse.json(replay)));
    renderWithProviders(<ReplayScreen name="demo" />, { path: '/demo' });
    expect(
      await screen.findByText(/The replay could not be loaded: Something went wrong/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Week 1 picks' }, { timeout: 5000 })).toBeInTheDocument();
  });
});
