import type { ImportSourceStatus, LiveSourceStatus, SchedulerJobStatus, SourceBudget } from '@pass/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSessionUser, storeSessionUser } from '../../../lib/session-user';
import { answer, errorResponse, sentRequests } from '../../../testing/api-server';
import { renderWithProviders } from '../../../testing/render';
import { importRun, importSource } from '../testing/fixtures';
import { stubViewportWidth } from '../../../testing/viewport';
import { AdminImportsScreen } from './admin-imports-screen';

beforeEach(() => storeSessionUser({ id: 1, username: 'admin', name: null, isAdmin: true }));

afterEach(() => {
  cleanup();
  clearSessionUser();
  vi.unstubAllGlobals();
});

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const nflverseSuccess = importRun(1, { source: 'nflverse', started_at: hoursAgo(3), added: 7263, updated: 12 });
const nflverseFailure = importRun(2, {
  source: 'nflverse',
  trigger: 'schedule',
  status: 'failed',
  started_at: hoursAgo(50),
  error: 'games.csv could not be read',
});
const oddsFailure = importRun(3, {
  source: 'odds-api',
  trigger: 'schedule',
  status: 'failed',
  started_at: hoursAgo(1),
  error: 'ODDS_API_KEY is not set',
  added: 0,
});
const demoSuccess = importRun(4, { source: 'demo', started_at: hoursAgo(5), added: 272 });

const sources: ImportSourceStatus[] = [
  importSource('nflverse', {
    last_run: nflverseSuccess,
    last_success: nflverseSuccess,
    last_error: nflverseFailure,
    counts: { runs: 2, succeeded: 1, failed: 1, events: 7263, quotes: 39232 },
  }),
  importSource('odds-api', {
    last_run: oddsFailure,
    last_error: oddsFailure,
    counts: { runs: 1, succeeded: 0, failed: 1, events: 0, quotes: 0 },
  }),
  importSource('cfbd'),
  importSource('demo', {
    last_run: demoSuccess,
    last_success: demoSuccess,
    counts: { runs: 1, succeeded: 1, failed: 0, events: 667, quotes: 38980 },
  }),
];

const job = (name: SchedulerJobStatus['job'], fields: Partial<SchedulerJobStatus> = {}): SchedulerJobStatus => ({
  job: name,
  enabled: true,
  last_started_at: null,
  last_finished_at: null,
  last_success_at: null,
  last_error_at: null,
  last_error: null,
  ...fields,
});
const scheduler = {
  jobs: [
    job('odds', { last_started_at: hoursAgo(2), last_finished_at: hoursAgo(2), last_success_at: hoursAgo(2) }),
    job('scores', { last_started_at: hoursAgo(1), last_error_at: hoursAgo(1), last_error: 'ODDS_API_KEY is not set' }),
    job('schedules', { enabled: false }),
  ],
};

const liveSource = (key: string, fields: Partial<LiveSourceStatus> = {}): LiveSourceStatus => ({
  key,
  name: key.split(':')[0]!,
  sport: key.split(':')[1]!,
  enabled: true,
  cadence: 'live',
  last_fetch_at: hoursAgo(0.01),
  last_status: 304,
  last_outcome: 'unchanged',
  last_changed_at: null,
  last_summary: null,
  etag: '"5f2a"',
  next_poll_at: new Date(Date.now() + 30_000).toISOString(),
  failures: 0,
  last_error: null,
  last_error_at: null,
  every_ms: 30_000,
  ...fields,
});
const liveSources: LiveSourceStatus[] = [
  liveSource('espn:americanfootball_nfl', {
    name: 'ESPN scoreboard',
    last_status: 200,
    last_outcome: 'changed',
    last_summary: { added: 0, updated: 2, unchanged: 12, skipped: 0 },
  }),
  liveSource('statsapi:baseball_mlb', {
    name: 'MLB Stats API',
    cadence: 'game-day',
    last_status: 500,
    last_outcome: 'failed',
    failures: 2,
    last_error: 'the MLB Stats API answered 500',
    last_error_at: hoursAgo(0.02),
    every_ms: null,
  }),
  liveSource('cfbd:americanfootball_ncaaf', {
    name: 'CollegeFootballData',
    last_status: 304,
    // Paced by the calls left: 100 to spend until the month's end, one live poll every 43 minutes.
    every_ms: 2_568_000,
  }),
];
const budget = (fields: Partial<SourceBudget> & Pick<SourceBudget, 'source' | 'unit'>): SourceBudget => ({
  remaining: null,
  used: null,
  reported_at: null,
  reserve: 10,
  configured: true,
  ...fields,
});
const budgets: SourceBudget[] = [
  budget({ source: 'odds-api', unit: 'credits', remaining: 412, used: 88, reported_at: hoursAgo(2) }),
  budget({ source: 'cfbd', unit: 'calls', remaining: 125, reserve: 25, reported_at: hoursAgo(0.05) }),
];

/** The admin's import API: a re-run of `demo` runs once at 3 of 10, then has succeeded. */
function stubImportsApi({ start, shown = budgets }: { start?: () => Response; shown?: SourceBudget[] } = {}) {
  let runPolls = 0;
  let finished = false;
  const rerun = importRun(9, { source: 'demo', trigger: 'admin', started_at: new Date().toISOString(), added: 0 });
  answer('get', '/api/admin/imports', () => {
    if (!finished) return HttpResponse.json({ sources, scheduler, live_sources: liveSources, budgets: shown });
    return HttpResponse.json({
      scheduler,
      live_sources: liveSources,
      budgets: shown,
      sources: sources.map((source) =>
        source.source === 'demo'
          ? {
              ...source,
              last_run: rerun,
              last_success: rerun,
              counts: { ...source.counts, runs: 2, succeeded: 2 },
            }
          : source,
      ),
    });
  });
  answer(
    'post',
    '/api/admin/imports/demo',
    start ?? (() => HttpResponse.json({ run_id: 9, source: 'demo', status: 'running' }, { status: 202 })),
  );
  answer('get', '/api/admin/imports/runs/9', () => {
    runPolls += 1;
    if (runPolls === 1) {
      return HttpResponse.json({
        ...rerun,
        status: 'running',
        finished_at: null,
        progress: { phase: 'demo americanfootball_nfl', done: 3, total: 10 },
      });
    }
    finished = true;
    return HttpResponse.json({ ...rerun, progress: null });
  });
}

/** The text of each cell of a source's row, by column header. */
function rowOf(source: string): Record<string, string> {
  const table = screen.getByRole('table', { name: 'Import sources' });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((cell) => cell.textContent ?? '');
  const row = within(table).getByRole('rowheader', { name: source }).closest('tr')!;
  const cells = [...row.querySelectorAll('th, td')].map((cell) => cell.textContent ?? '');
  return Object.fromEntries(headers.map((header, index) => [header, cells[index] ?? '']));
}

describe('AdminImportsScreen', () => {
  it('lists each source with its last run, status, last success, last error and counts', async () => {
    stubImportsApi();
    const { container } = renderWithProviders(<AdminImportsScreen />);
    await screen.findByRole('table', { name: 'Import sources' });
    expect(container.querySelector('main[data-page="admin-almanac"]')).not.toBeNull();

    expect(rowOf('nflverse')).toMatchObject({
      'Last run': '3 hours ago (first-run)',
      Status: 'succeeded',
      'Last success': '3 hours ago+7263 added · 12 updated',
      'Last error': '2 days agogames.csv could not be read',
      Counts: '7263 events · 39232 quotes1/2 runs succeeded',
    });
    expect(rowOf('odds-api')).toMatchObject({
      Status: 'failed',
      'Last success': '–',
      'Last error': '1 hour agoODDS_API_KEY is not set',
    });
    expect(rowOf('cfbd')).toMatchObject({ 'Last run': '–', Status: 'Never run', 'Last error': '–' });
  });

  it('shows each scheduled refresh job: on or off, its last start, success and error', async () => {
    stubImportsApi();
    renderWithProviders(<AdminImportsScreen />);
    const jobs = await screen.findByRole('list', { name: 'Scheduled refresh jobs' });
    const [odds, scores, schedules] = within(jobs).getAllByRole('listitem');
    expect(odds).toHaveTextContent(/^Odds/);
    expect(odds).toHaveTextContent('On');
    expect(odds).toHaveTextContent(/Last success\s*2 hours ago/);
    expect(scores).toHaveTextContent(/Last error\s*1 hour ago: ODDS_API_KEY is not set/);
    expect(scores).toHaveTextContent(/Last success\s*–/);
    expect(schedules).toHaveTextContent('Off');
    expect(schedules).toHaveTextContent(/Last started\s*–/);
  });

  it('shows each live source: cadence, last answer, ETag, next poll, errors, the budgets, and switches one off', async () => {
    stubImportsApi();
    let switched: unknown;
    answer('patch', '/api/admin/imports/live/:key', async ({ request }) => {
      switched = await request.json();
      return HttpResponse.json({ ...liveSources[1], enabled: false });
    });
    renderWithProviders(<AdminImportsScreen />);
    const list = await screen.findByRole('list', { name: 'Live sources' });
    const [nfl, mlb, college] = within(list).getAllByRole('listitem');
    expect(nfl).toHaveTextContent(/ESPN scoreboard · Pro football/);
    expect(nfl).toHaveTextContent(/Games on: every 30 s/);
    expect(nfl).toHaveTextContent(/200 changed: 0 added, 2 updated/);
    expect(nfl).toHaveTextContent('"5f2a"');
    // Backing off after failures: the cadence alone, no pace.
    expect(mlb).toHaveTextContent(/CadenceGame dayLast fetch/);
    expect(mlb).toHaveTextContent(/Failed \(500\)/);
    expect(mlb).toHaveTextContent(/the MLB Stats API answered 500/);
    expect(mlb).toHaveTextContent('2 in a row');
    expect(college).toHaveTextContent(/CollegeFootballData · College football/);
    expect(college).toHaveTextContent(/Games on: every 43 min/);
    const [odds, cfbd] = within(screen.getByRole('list', { name: "Keyed sources' budgets" })).getAllByRole('listitem');
    expect(odds).toHaveTextContent(/^odds-api: 412 credits left \(88 used\), 2 hours ago\.$/);
    expect(cfbd).toHaveTextContent(/^cfbd: 125 calls left, 3 min ago\.$/);

    await userEvent.click(within(mlb!).getByRole('switch', { name: 'Poll MLB Stats API for Baseball' }));
    await vi.waitFor(() => expect(switched).toEqual({ enabled: false }));
    expect(sentRequests({ method: 'patch', path: '/api/admin/imports/live/statsapi%3Abaseball_mlb' })).toHaveLength(1);
  });

  it('says which keyed source has no key, and which is below its reserve and not called', async () => {
    stubImportsApi({
      shown: [
        budget({ source: 'odds-api', unit: 'credits', configured: false }),
        budget({ source: 'cfbd', unit: 'calls', remaining: 24, reserve: 25, reported_at: hoursAgo(1) }),
      ],
    });
    renderWithProviders(<AdminImportsScreen />);
    const list = await screen.findByRole('list', { name: "Keyed sources' budgets" });
    const [odds, cfbd] = within(list).getAllByRole('listitem');
    expect(odds).toHaveTextContent(/^odds-api: no key set, not called\.$/);
    expect(cfbd).toHaveTextContent(
      /^cfbd: 24 calls left, 1 hour ago\. Below the reserve of 25: not called until they renew\.$/,
    );
  });

  it('re-runs a source, shows its progress while it runs, then the refreshed table', async () => {
    stubImportsApi();
    renderWithProviders(<AdminImportsScreen />);
    await screen.findByRole('table', { name: 'Import sources' });
    expect(rowOf('demo')['Last run']).toBe('5 hours ago (first-run)');

    await userEvent.click(screen.getByRole('button', { name: 'Re-run demo' }));
    expect(sentRequests({ method: 'post', path: '/api/admin/imports/demo' })).not.toEqual([]);
    const progress = await screen.findByRole('progressbar', { name: 'Run 9 progress' });
    expect(progress).toHaveAttribute('aria-valuenow', '30');
    expect(screen.getByRole('status')).toHaveTextContent('demo americanfootball_nfl: 3 / 10');
    expect(screen.getByRole('button', { name: 'Re-run demo' })).toBeDisabled();
    // The other sources can still be re-run.
    expect(screen.getByRole('button', { name: 'Re-run nflverse' })).toBeEnabled();

    // The next poll finds the run done: the progress goes and the table shows the new run.
    await vi.waitFor(() => expect(rowOf('demo')['Last run']).toBe('just now (admin)'), { timeout: 4000 });
    expect(screen.queryByRole('progressbar', { name: 'Run 9 progress' })).toBeNull();
    expect(rowOf('demo')).toMatchObject({ Status: 'succeeded', Counts: '667 events · 38980 quotes2/2 runs succeeded' });
    expect(screen.getByRole('button', { name: 'Re-run demo' })).toBeEnabled();
  });

  it('says why a re-run was refused', async () => {
    stubImportsApi({ start: () => errorResponse(409, 'CONFLICT', 'An import of demo is already running') });
    renderWithProviders(<AdminImportsScreen />);
    await userEvent.click(await screen.findByRole('button', { name: 'Re-run demo' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('An import of demo is already running');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('stacks the sources into cards on a phone, with every figure and the re-run button', async () => {
    stubViewportWidth(390);
    stubImportsApi();
    renderWithProviders(<AdminImportsScreen />);
    const list = await screen.findByRole('list', { name: 'Import sources' });
    expect(screen.queryByRole('table', { name: 'Import sources' })).toBeNull();
    const card = within(list)
      .getAllByRole('listitem')
      .find((item) => item.textContent?.startsWith('nflverse'))!;
    const figures = Object.fromEntries(
      [...card.querySelectorAll('dt')].map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(figures).toEqual({
      'Last run': '3 hours ago (first-run)',
      'Last success': '3 hours ago+7263 added · 12 updated',
      'Last error': '2 days agogames.csv could not be read',
      Counts: '7263 events · 39232 quotes1/2 runs succeeded',
    });
    expect(within(card).getByText('succeeded')).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Re-run nflverse' })).toBeEnabled();
  });

  it('tells a member who is not the admin that the page is for the admin', async () => {
    storeSessionUser({ id: 2, username: 'pat', name: null, isAdmin: false });
    answer('get', '/api/admin/imports', () => errorResponse(403, 'FORBIDDEN'));
    renderWithProviders(<AdminImportsScreen />);
    expect(await screen.findByText('This page is for the admin.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
