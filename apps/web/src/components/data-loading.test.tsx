import type { DataLoadStep, DataStatusResponse } from '@pass/contracts';
import { useQuery } from '@tanstack/react-query';
import { HttpResponse } from 'msw';
import { act, cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DATA_STATUS_POLL_MS } from '../lib/data-status';
import { answer, errorResponse, sentRequests } from '../testing/api-server';
import { renderWithProviders } from '../testing/render';
import { DataGate, DataLoading, describePhase } from './data-loading';

const step = (name: string, label: string, state: DataLoadStep['state'], extra: Partial<DataLoadStep> = {}) => ({
  name,
  label,
  state,
  fraction: state === 'pending' ? 0 : 1,
  phase: null,
  done: 0,
  total: 0,
  ...extra,
});

const loading: DataStatusResponse = {
  state: 'loading',
  progress: 0.42,
  current: 2,
  steps: [
    step('nflverse', 'NFL history (nflverse)', 'done'),
    step('retrosheet', 'MLB history (Retrosheet)', 'skipped'),
    step('demo baseball_mlb', 'MLB current season', 'running', {
      fraction: 0.5,
      phase: 'lines',
      done: 12_500,
      total: 58_000,
    }),
    step('demo americanfootball_nfl', 'NFL current season', 'pending'),
  ],
  startedAt: '2026-11-21T15:00:00.000Z',
  finishedAt: null,
};
const done: DataStatusResponse = {
  ...loading,
  state: 'done',
  progress: 1,
  current: null,
  steps: loading.steps.map((entry) => ({ ...entry, state: 'done', fraction: 1 })),
  finishedAt: '2026-11-21T15:00:20.000Z',
};

const calls = (path: string) => sentRequests({ path }).length;

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('DataLoading', () => {
  it('shows the whole load in percent, the step running and what it is writing, and every step', () => {
    renderWithProviders(<DataLoading status={loading} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Loading data' })).toBeInTheDocument();
    expect(document.querySelector('main[data-page="loading-data"]')).not.toBeNull();
    expect(document.title).toBe('Loading data · PA$$');
    const status = screen.getByRole('status');
    expect(within(status).getByRole('progressbar', { name: 'Data loaded' })).toHaveAttribute('aria-valuenow', '42');
    expect(status).toHaveTextContent('42%');
    expect(status).toHaveTextContent('Step 3 of 4: MLB current season (writing lines, 12,500 of 58,000)');
    const steps = within(screen.getByRole('list', { name: 'Steps' })).getAllByRole('listitem');
    expect(steps.map((item) => item.textContent)).toEqual([
      'NFL history (nflverse): loaded',
      'MLB history (Retrosheet): nothing to load',
      'MLB current season: loading',
      'NFL current season: waiting',
    ]);
  });

  it('says it is getting ready before the first step starts', () => {
    renderWithProviders(<DataLoading status={{ ...loading, progress: 0, current: null, steps: [] }} />);
    expect(screen.getByRole('status')).toHaveTextContent('0%');
    expect(screen.getByRole('status')).toHaveTextContent('Getting ready…');
    expect(screen.queryByRole('list', { name: 'Steps' })).toBeNull();
  });

  it('words each phase', () => {
    const running = loading.steps[2]!;
    expect(describePhase({ ...running, phase: 'reading' })).toBe('reading the data');
    expect(describePhase({ ...running, phase: 'games', done: 7263, total: 7263 })).toBe(
      'writing games, 7,263 of 7,263',
    );
    expect(describePhase({ ...running, phase: 'lines', total: 0 })).toBe('writing lines');
    expect(describePhase({ ...running, phase: null })).toBeNull();
  });
});

/** A screen with a query of its own, shown through the gate. */
function Screen() {
  const data = useQuery({ queryKey: ['sports', 'games'], queryFn: () => fetch('/api/games').then((r) => r.json()) });
  return <p>{data.data ? `games: ${(data.data as { n: number }).n}` : 'fetching games'}</p>;
}

describe('DataGate', () => {
  it('shows the progress instead of the screen while loading, then the screen, refreshing what was fetched', async () => {
    let status = loading;
    let games = 0;
    answer('get', '/api/health/data', () => HttpResponse.json(status));
    answer('get', '/api/games', () => HttpResponse.json({ n: games }));
    renderWithProviders(
      <>
        {/* Fetched outside the gate meanwhile, as a route loader would: empty while the data loads. */}
        <Screen />
        <DataGate needsData>
          <p>the schedule</p>
        </DataGate>
      </>,
    );
    expect(await screen.findByRole('heading', { name: 'Loading data' })).toBeInTheDocument();
    expect(screen.queryByText('the schedule')).toBeNull();
    expect(await screen.findByText('games: 0')).toBeInTheDocument();

    // Still loading at the next look, further along.
    status = { ...loading, progress: 0.8 };
    await act(async () => vi.advanceTimersByTime(DATA_STATUS_POLL_MS));
    expect(await screen.findByText('80%')).toBeInTheDocument();
    expect(calls('/api/health/data')).toBe(2);

    // The load ends: the screen appears and what was fetched during the load is fetched again.
    status = done;
    games = 272;
    await act(async () => vi.advanceTimersByTime(DATA_STATUS_POLL_MS));
    expect(await screen.findByText('the schedule')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Loading data' })).toBeNull();
    expect(await screen.findByText('games: 272')).toBeInTheDocument();
    expect(calls('/api/games')).toBe(2);

    // Done is done: no more polling.
    await act(async () => vi.advanceTimersByTime(DATA_STATUS_POLL_MS * 5));
    expect(calls('/api/health/data')).toBe(3);
  });

  it('shows the screen at once when the data is loaded', async () => {
    answer('get', '/api/health/data', done);
    renderWithProviders(
      <DataGate needsData>
        <p>the schedule</p>
      </DataGate>,
    );
    expect(screen.getByText('the schedule')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(DATA_STATUS_POLL_MS * 3));
    expect(calls('/api/health/data')).toBe(1);
    expect(screen.getByText('the schedule')).toBeInTheDocument();
  });

  it('shows the screen when the status cannot be read', async () => {
    answer('get', '/api/health/data', () => errorResponse(500, 'INTERNAL'));
    renderWithProviders(
      <DataGate needsData>
        <p>the schedule</p>
      </DataGate>,
    );
    expect(screen.getByText('the schedule')).toBeInTheDocument();
    await vi.waitFor(() => expect(calls('/api/health/data')).toBe(1));
    expect(screen.getByText('the schedule')).toBeInTheDocument();
  });

  it('does not ask on a screen that needs no data', async () => {
    answer('all', '/*', loading);
    renderWithProviders(
      <DataGate needsData={false}>
        <p>the about page</p>
      </DataGate>,
    );
    expect(screen.getByText('the about page')).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(DATA_STATUS_POLL_MS * 2));
    expect(sentRequests()).toEqual([]);
  });
});
