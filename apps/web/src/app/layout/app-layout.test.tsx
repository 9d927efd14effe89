import type { DataStatusResponse } from '@pass/contracts';
import { act, cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answer, sentRequests } from '../../testing/api-server';
import { noteAnswerSource } from '../../lib/offline-status';
import { setWaitingUpdate } from '../../lib/service-worker';
import { renderRoutes } from '../../testing/render';
import type { ScreenHandle } from '../route-table';
import { AppLayout } from './app-layout';

const config = { supportEmail: 'help@pass.example', appStoreUrl: null, playStoreUrl: null, poolMaxPerLifeguard: 5 };
const loading: DataStatusResponse = {
  state: 'loading',
  progress: 0.1,
  current: 0,
  steps: [
    {
      name: 'nflverse',
      label: 'NFL history (nflverse)',
      state: 'running',
      fraction: 0.3,
      phase: 'games',
      done: 0,
      total: 7263,
    },
  ],
  startedAt: '2026-11-21T15:00:00.000Z',
  finishedAt: null,
};

const handle = (needsData: boolean): ScreenHandle => ({ needsData });
const routes = [
  {
    Component: AppLayout,
    children: [
      { path: '/football/schedule', handle: handle(true), element: <p>the schedule</p> },
      { path: '/about', handle: handle(false), element: <p>about PA$$</p> },
    ],
  },
];

const requested = () => sentRequests().map((request) => request.url.pathname);

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
  answer('get', '/api/config', config);
  answer('get', '/api/health/data', loading);
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the layout while the server loads its first data', () => {
  it('shows the load instead of a screen that needs data, inside the navigation and footer', async () => {
    renderRoutes(routes, { path: '/football/schedule' });
    expect(await screen.findByRole('heading', { name: 'Loading data' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(
      'Step 1 of 1: NFL history (nflverse) (writing games, 0 of 7,263)',
    );
    expect(screen.queryByText('the schedule')).toBeNull();
    expect(screen.getByRole('link', { name: 'PA$$ home' })).toBeInTheDocument();
  });

  it('shows a screen that needs no data as usual, without asking', async () => {
    renderRoutes(routes, { path: '/about' });
    expect(await screen.findByText('about PA$$')).toBeInTheDocument();
    expect(requested()).not.toContain('/api/health/data');
  });
});

describe('the installable app in the layout', () => {
  afterEach(() => {
    act(() => {
      noteAnswerSource(false);
      setWaitingUpdate(null);
    });
  });

  it('marks the screen as offline while it shows answers kept from before, until the server answers again', async () => {
    renderRoutes(routes, { path: '/about' });
    await screen.findByText('about PA$$');
    expect(screen.queryByText('Offline — showing what you last saw')).toBeNull();
    act(() => noteAnswerSource(true));
    expect(screen.getByRole('status')).toHaveTextContent('Offline — showing what you last saw');
    act(() => noteAnswerSource(false));
    expect(screen.queryByText('Offline — showing what you last saw')).toBeNull();
  });

  it('offers to reload when a new version is waiting, and lets it take over on Reload', async () => {
    renderRoutes(routes, { path: '/about' });
    await screen.findByText('about PA$$');
    expect(screen.queryByText('A new version of PA$$ is ready')).toBeNull();
    const activate = vi.fn();
    act(() => setWaitingUpdate(activate));
    expect(await screen.findByText('A new version of PA$$ is ready')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Reload' }));
    expect(activate).toHaveBeenCalledTimes(1);
  });
});
