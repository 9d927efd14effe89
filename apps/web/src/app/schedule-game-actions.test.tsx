import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { event, eventsResponse, teamsResponse, weeksResponse } from '../features/sports/testing/fixtures';
import { registerRoutes } from '../lib/route-registry';
import { clearSessionUser, storeSessionUser } from '../lib/session-user';
import { answer } from '../testing/api-server';
import { renderWithProviders } from '../testing/render';
import { screens } from './route-table';

const SCHEDULES = [
  'football-schedule',
  'football-season-schedule',
  'football-v2-season',
  'concept-football-schedule',
  'classic-football',
  'classic-football-schedule',
  'football-2024-schedule',
  'football-2024-season-schedule',
  'football-2023-schedule',
  'football-2023-season-schedule',
  'ncaa-football-schedule',
  'baseball-schedule',
  'baseball-season-schedule',
];

registerRoutes(['football-team']);

beforeEach(() => storeSessionUser({ id: 1, username: 'pat', name: null, isAdmin: false }));

afterEach(() => {
  cleanup();
  clearSessionUser();
});

describe('the schedule screens', () => {
  it("each show the member's one-tap picks under each game still to kick off", { timeout: 60_000 }, async () => {
    const kickoff = new Date(Date.now() + 86_400_000).toISOString();
    const game = event(21, 'KC', 'DEN', { kickoff, game_date: kickoff.slice(0, 10) });
    // Every sport and season answers with the same week: the screens differ only in what they ask for.
    answer('get', '/api/sport/:sport/teams', teamsResponse);
    answer('get', '/api/dates/season/*', weeksResponse);
    answer('get', '/api/book/events/*', eventsResponse(2, [game]));
    answer('get', '/api/user/bets', { data: [], total: 0, limit: 500, offset: 0 });
    answer('get', '/api/health', { status: 'ok', uptimeSeconds: 1, time: new Date().toISOString() });
    for (const name of SCHEDULES) {
      const route = screens.find((entry) => entry.name === name);
      expect(route, name).toBeDefined();
      const { default: Screen } = await route!.screen();
      renderWithProviders(<Screen />);
      const picks = await screen.findByRole('group', { name: 'Pick KC @ DEN' }, { timeout: 5000 });
      expect(within(picks).getAllByRole('button', { name: /^Pick KC / }), name).toHaveLength(1);
      cleanup();
    }
  });
});
