import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer, errorResponse, sentRequest } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { replay } from '../testing-data';
import { ReplayChartsScreen } from './replay-charts-screen';

beforeAll(() => {
  registerRoutes(['demo', 'demo-charts', 'demo-modal']);
});

afterEach(() => {
  cleanup();
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('ReplayChartsScreen', () => {
  it('charts the season: totals, cumulative and weekly reward, record by kind and by team', async () => {
    answer('get', '/api/demo/replay/:sport', replay);
    renderWithProviders(<ReplayChartsScreen />, { path: '/demo/charts?sport=americanfootball_nfl&season=2024' });
    expect(document.querySelector('[data-page="demo-charts"]')).not.toBeNull();
    const byKind = await screen.findByRole('table', { name: 'Record by kind' }, { timeout: 5000 });
    expect(sentRequest().url.searchParams.get('season')).toBe('2024');
    expect(document.querySelector('[data-figure="Record"]')).toHaveTextContent('3-2-0');
    expect(rowsOf(byKind)).toEqual([
      ['Moneyline', '1-1-0', '—', '+$80.00', '+40.0%'],
      ['Spread', '2-1-0', '+5', '—', '—'],
    ]);
    // Best team first, as the chart reads from the top.
    expect(rowsOf(screen.getByRole('table', { name: 'Record by team' })).map((row) => row[0])).toEqual([
      'MIN',
      'IND',
      'NYG',
    ]);

    // The charts draw: the two cumulative lines, the weekly chart, and the record bars by kind and by team.
    await waitFor(() => expect(document.querySelectorAll('.recharts-line')).toHaveLength(2), { timeout: 5000 });
    const section = (title: string) => screen.getByRole('region', { name: title });
    await waitFor(() => {
      expect(section('Reward by week').querySelector('.recharts-responsive-container')).not.toBeNull();
      // A segment per non-zero count: moneyline 1 won 1 lost, spread 2 won 1 lost; IND 1–1, MIN 2–0, NYG 0–1.
      expect(section('Record by kind').querySelectorAll('.recharts-bar-rectangle')).toHaveLength(4);
      expect(section('Record by team').querySelectorAll('.recharts-bar-rectangle')).toHaveLength(4);
      expect(within(section('Record by kind')).getByText('Spread')).toBeInTheDocument();
      expect(within(section('Record by team')).getByText('NYG')).toBeInTheDocument();
    });
    expect(within(section('Cumulative reward by week')).getByText('W2')).toBeInTheDocument();
  });

  it('shows the error of a replay that cannot be loaded', async () => {
    answer('get', '/api/demo/replay/:sport', () =>
      errorResponse(400, 'BAD_REQUEST', 'Illegal Argument for SportStore'),
    );
    renderWithProviders(<ReplayChartsScreen />, { path: '/demo/charts?season=2024' });
    expect(
      await screen.findByText(/The replay could not be loaded: Illegal Argument for SportStore/, {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
