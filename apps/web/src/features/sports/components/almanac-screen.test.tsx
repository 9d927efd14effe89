import type { SeasonWeek } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerRoutes } from '../../../lib/route-registry';
import { answer, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { easternToday } from '../lib/results';
import {
  almanacResponse,
  final,
  historyResponse,
  teamsResponse,
  teamTrend,
  tip,
  tipsResponse,
  week,
} from '../testing/fixtures';
import { stubViewportWidth } from '../../../testing/viewport';
import { AlmanacScreen } from './almanac-screen';
import { TRENDS_SHOWN_FIRST } from './trends';

registerRoutes(['football-team']);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A day `offset` days from today (US Eastern), as the weeks are dated. */
function day(offset: number): string {
  const date = new Date(`${easternToday()}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + offset);
  return date.toISOString().slice(0, 10);
}

// Weeks 1 and 2 are over; week 3 is being played.
const weeks: SeasonWeek[] = [
  { ...week(1), start: day(-20), end: day(-14) },
  { ...week(2), start: day(-13), end: day(-7) },
  { ...week(3), start: day(-6), end: day(0) },
];

// Ten trends, strongest first: more than the almanac shows at first.
const tips = [
  tip('KC', 'ats_record', 'KC is 7-2 ATS', { wins: 7, losses: 2, games: 9, pct: 0.778 }),
  tip('DAL', 'over_under_record', 'DAL games went under the total 9 of 10', {
    wins: 1,
    losses: 9,
    games: 10,
    pct: 0.1,
  }),
  tip('BUF', 'su_streak', 'BUF has won 5 straight', { wins: 5, games: 5, pct: 1 }),
  tip('KC', 'ats_streak', 'KC has covered 4 straight', { wins: 4, games: 4, pct: 1 }),
  ...['DEN', 'MIA', 'PHI', 'DAL', 'BUF'].map((team) =>
    tip(team, 'ats_record', `${team} is 2-6 ATS`, { wins: 2, losses: 6, games: 8, pct: 0.25 }),
  ),
  tip('MIA', 'over_under_record', 'MIA games went over the total 6 of 8', { wins: 6, losses: 2, games: 8, pct: 0.75 }),
];

const week2 = [
  // DEN -3.5 wins by 7 and 47 points go over 44.5.
  final(21, 'KC', 'DEN', { away: 20, home: 27 }, { homeSpread: -3.5, total: 44.5 }, { week: 2 }),
  // MIA +2.5 loses by 3: BUF covers; 41 stays under 47.
  final(22, 'MIA', 'BUF', { away: 19, home: 22 }, { homeSpread: -2.5, total: 47, book: 'betus' }, { week: 2 }),
];
const week1 = [final(11, 'DAL', 'PHI', { away: 24, home: 17 }, { homeSpread: -6, total: 41 }, { week: 1 })];

function stubAlmanacApi() {
  answer('get', '/api/sport/americanfootball_nfl/teams', teamsResponse);
  answer('get', '/api/dates/americanfootball_nfl/current-week', {
    ...weeks[2],
    sport: 'americanfootball_nfl',
    season: 2026,
  });
  answer('get', '/api/dates/season/2026/americanfootball_nfl', { sport: 'americanfootball_nfl', season: 2026, weeks });
  answer('get', '/api/book/tips/americanfootball_nfl', tipsResponse(tips, [teamTrend('KC', 'Kansas City Chiefs')]));
  answer('get', '/api/book/history/americanfootball_nfl/2', historyResponse(2, week2));
  answer('get', '/api/book/history/americanfootball_nfl/1', historyResponse(1, week1));
  answer('get', '/api/almanac/americanfootball_nfl/KC', ({ request }) => {
    const query = new URL(request.url).searchParams;
    return HttpResponse.json(
      query.get('season') === null
        ? {
            ...almanacResponse,
            season: null,
            includes_demo: query.get('include_demo') === 'true',
            seasons: [
              { ...almanacResponse.totals, season: 2025 },
              { ...almanacResponse.totals, season: 2026 },
            ],
          }
        : almanacResponse,
    );
  });
}

/** The requests made to a path, with their query strings. */
const requestsTo = (path: string) => sentRequests({ path }).map((request) => request.url);

const trendTitles = () =>
  within(screen.getByRole('list', { name: 'Trends' }))
    .getAllByRole('listitem')
    .map((item) => item.firstElementChild?.firstElementChild?.textContent);

/** A description list's figures, label → value. */
function figuresOf(element: HTMLElement): Record<string, string> {
  const terms = [...element.querySelectorAll('dt')];
  return Object.fromEntries(terms.map((term) => [term.textContent, term.nextElementSibling?.textContent ?? '']));
}

describe('AlmanacScreen', () => {
  it("shows the current season's strongest trends with the figures behind each, and all of them on request", async () => {
    stubAlmanacApi();
    const { container } = renderWithProviders(<AlmanacScreen />);
    const list = await screen.findByRole('list', { name: 'Trends' });
    expect(container.querySelector('main[data-page="almanac"]')).not.toBeNull();
    expect(requestsTo('/api/book/tips/americanfootball_nfl')[0]?.searchParams.get('season_year')).toBe('2026');
    expect(screen.getByText(/^2026 season\./)).toBeInTheDocument();
    expect(trendTitles()).toHaveLength(TRENDS_SHOWN_FIRST);
    expect(trendTitles().slice(0, 2)).toEqual(['KC is 7-2 ATS', 'DAL games went under the total 9 of 10']);

    const [ats, under] = within(list).getAllByRole('listitem');
    expect(figuresOf(ats!)).toEqual({
      Team: 'Kansas City Chiefs',
      'Record (W-L-P)': '7-2',
      Covered: '78%',
      Games: '9',
      Season: '2026',
    });
    expect(figuresOf(under!)).toMatchObject({ 'Record (O-U-P)': '1-9', Under: '90%', Games: '10' });
    expect(within(ats!).getByRole('link', { name: 'Kansas City Chiefs' })).toHaveAttribute('href', '/football/team/KC');

    await userEvent.click(screen.getByRole('button', { name: `Show all ${tips.length} trends` }));
    expect(trendTitles()).toHaveLength(tips.length);
  });

  it("shows the latest finished week's finals against the closing line, and another week when chosen", async () => {
    stubAlmanacApi();
    renderWithProviders(<AlmanacScreen />);
    const table = await screen.findByRole('table', { name: 'Finals against the closing line' });
    expect(screen.getByRole('heading', { name: '2026 results by week' })).toBeInTheDocument();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Week' }).value).toBe('2');
    expect(requestsTo('/api/book/history/americanfootball_nfl/2')[0]?.searchParams.get('season')).toBe('2026');
    const cells = (name: string) =>
      [...within(table).getByRole('rowheader', { name }).closest('tr')!.querySelectorAll('td')].map(
        (cell) => cell.textContent,
      );
    // Date, then Final, Spread, Covered, Total, O/U, Moneyline and the book the line is from.
    expect(cells('KC @ DEN').slice(1)).toEqual([
      '20–27',
      'DEN -3.5',
      'DEN',
      '44.5',
      'Over',
      'KC +145 · DEN -170',
      'Consensus',
    ]);
    expect(cells('MIA @ BUF').slice(1)).toEqual([
      '19–22',
      'BUF -2.5',
      'BUF',
      '47',
      'Under',
      'MIA +145 · BUF -170',
      'BetUS',
    ]);

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Week' }), '1');
    const week1Table = await screen.findByRole('table', { name: 'Finals against the closing line' });
    expect(await within(week1Table).findByRole('rowheader', { name: 'DAL @ PHI' })).toBeInTheDocument();
    expect(within(week1Table).queryByRole('rowheader', { name: 'KC @ DEN' })).toBeNull();
  });

  it("shows a chosen team's almanac with its season so far and its trends only", async () => {
    stubAlmanacApi();
    renderWithProviders(<AlmanacScreen />);
    await screen.findByRole('option', { name: 'Kansas City Chiefs' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Season' }), '2026');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Team' }), 'KC');

    expect(await screen.findByRole('heading', { name: 'Kansas City Chiefs · 2026' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Records' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Games with results and closing lines' })).toBeInTheDocument();
    // Every screen names the source of its lines.
    expect(screen.getByText("Lines: median of the books' last quotes before kickoff.")).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Kansas City Chiefs: 2026 so far' });
    expect(figuresOf(screen.getByRole('region', { name: 'Kansas City Chiefs: 2026 so far' }))).toMatchObject({
      'Straight up': '5-4',
      'ATS run': 'Covered 3',
    });
    expect(trendTitles()).toEqual(['KC is 7-2 ATS', 'KC has covered 4 straight']);
    expect(screen.queryByRole('button', { name: /Show all/ })).toBeNull();
  });

  it("shows a team's whole history season by season when every season is chosen", async () => {
    stubAlmanacApi();
    renderWithProviders(<AlmanacScreen />);
    await screen.findByRole('option', { name: 'Kansas City Chiefs' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Team' }), 'KC');
    const seasons = await screen.findByRole('table', { name: 'Season by season' });
    expect(
      within(seasons)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['2026', '2025']);
    // Pick on in points; bet on from the API's cents (4,050) to dollars.
    expect(
      within(seasons)
        .getAllByRole('row')
        .slice(1)
        .map((row) => [...row.querySelectorAll('td')].slice(-2).map((cell) => cell.textContent)),
    ).toEqual([
      ['+10', '+$40.50'],
      ['+10', '+$40.50'],
    ]);
    expect(requestsTo('/api/almanac/americanfootball_nfl/KC')[0]?.searchParams.has('season')).toBe(false);
  });

  it('leaves the demo season out of every season, and marks the page when it is asked for', async () => {
    stubAlmanacApi();
    renderWithProviders(<AlmanacScreen />);
    await screen.findByRole('option', { name: 'Kansas City Chiefs' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Team' }), 'KC');
    await screen.findByRole('table', { name: 'Season by season' });
    expect(screen.queryByText('Demo season')).toBeNull();
    expect(requestsTo('/api/almanac/americanfootball_nfl/KC')[0]?.searchParams.has('include_demo')).toBe(false);
    await userEvent.click(screen.getByRole('checkbox', { name: 'Include the demo season' }));
    expect(await screen.findByText('Demo season')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: /with demo games/ })).toBeInTheDocument();
    expect(requestsTo('/api/almanac/americanfootball_nfl/KC').at(-1)?.searchParams.get('include_demo')).toBe('true');
    // A single season is shown as it is: the choice is not offered.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Season' }), '2026');
    expect(screen.queryByRole('checkbox', { name: 'Include the demo season' })).toBeNull();
  });

  it('stacks the finals into cards on a phone, every figure kept', async () => {
    stubViewportWidth(390);
    stubAlmanacApi();
    renderWithProviders(<AlmanacScreen />);
    const list = await screen.findByRole('list', { name: 'Finals against the closing line' });
    expect(screen.queryByRole('table', { name: 'Finals against the closing line' })).toBeNull();
    const [first] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('KC @ DEN');
    expect(first).toHaveTextContent('20–27');
    expect(figuresOf(first!)).toEqual({
      Spread: 'DEN -3.5',
      Covered: 'DEN',
      Total: '44.5',
      'O/U': 'Over',
      Moneyline: 'KC +145 · DEN -170 (Consensus)',
    });
  });
});
