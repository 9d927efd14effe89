import os from 'node:os';
import type { ColdStart, SlowestAnswer, StartTimes } from './cold-start.js';
import type { TimedBenchmark } from './data-benchmarks.js';
import { FIRST_CONTENT_PAGES, medianAndWorst, type FirstContent, type VisitTiming } from './first-content.js';
import { LOAD_GENERATOR, LOAD_SETTINGS, type LoadResult } from './load.js';
import { sum, type PageWeight } from './page-weight.js';

export interface HttpBenchmark {
  name: string;
  /** What one request does, in a few words. */
  what: string;
  database: string;
  /** The benchmark this one's ratio is taken to; the generic `baseline` when absent. */
  baseline?: string;
  outcome:
    | { status: 'measured'; load: LoadResult; bodyBytes: number }
    | { status: 'failed'; error: string }
    | { status: 'skipped'; reason: string };
}

export interface BenchReport {
  startedAt: Date;
  /** os.loadavg() when the run started: other work on the machine skews every number. */
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  elapsedMs: number;
  http: HttpBenchmark[];
  /** Lines printed under the HTTP table (what the schedule benchmark's database held, skips). */
  httpNotes: string[];
  timed: TimedBenchmark[];
  pageWeight: PageWeight;
  coldStart: ColdStart;
  firstContent: FirstContent;
}

export const BASELINE_NAME = 'baseline';
const INITIAL_JS_TARGET_KB = 200;
const FIRST_ANSWER_TARGET_MS = 3000;
const SECOND_START_TARGET_MS = 5000;

export function describeMachine(): string {
  const cpus = os.cpus();
  const memoryGiB = (os.totalmem() / 1024 ** 3).toFixed(1);
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${cpus.length} cores, ${memoryGiB} GiB memory, Node ${process.version} (${os.platform()} ${os.release()}, ${os.arch()})`;
}

function baselineRate(report: Pick<BenchReport, 'http'>, name = BASELINE_NAME): number | null {
  const baseline = report.http.find((benchmark) => benchmark.name === name);
  return baseline?.outcome.status === 'measured' ? baseline.outcome.load.requestsPerSecond : null;
}

const integer = (value: number) => Math.round(value).toLocaleString('en-US');
const milliseconds = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1));
const kilobytes = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const loadAverage = (values: number[]) => values.map((value) => value.toFixed(2)).join(', ');
// Two decimals, or two significant digits below 0.1, so a row a hundred times slower than its baseline is not 0.00.
const ratio = (value: number) => (value < 0.1 ? value.toPrecision(2) : value.toFixed(2));
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** One row per HTTP benchmark, as plain strings, shared by the console table and RESULTS.md. */
function httpRows(report: Pick<BenchReport, 'http'>): string[][] {
  return report.http.map((benchmark) => {
    const { outcome } = benchmark;
    const baseline = baselineRate(report, benchmark.baseline);
    const head = [benchmark.name, benchmark.what, benchmark.database];
    if (outcome.status === 'skipped') return [...head, '-', '-', '-', '-', '-', `skipped: ${outcome.reason}`];
    if (outcome.status === 'failed') return [...head, '-', '-', '-', '-', '-', 'FAILED (see below)'];
    const { load } = outcome;
    const problems = load.non2xx + load.errors + load.timeouts;
    return [
      ...head,
      integer(load.requestsPerSecond),
      milliseconds(load.p50Ms),
      milliseconds(load.p99Ms),
      baseline
        ? `${ratio(load.requestsPerSecond / baseline)}${benchmark.baseline ? ` (to ${benchmark.baseline})` : ''}`
        : 'n/a',
      String(outcome.bodyBytes),
      problems === 0 ? '' : `${load.non2xx} non-2xx, ${load.errors} errors, ${load.timeouts} timeouts`,
    ];
  });
}

const HTTP_HEADER = [
  'benchmark',
  'request',
  'database',
  'req/s (mean)',
  'p50 ms',
  'p99 ms',
  'ratio to baseline',
  'body bytes',
  'notes',
];

function pageWeightLines(pageWeight: PageWeight): string[] {
  if (!pageWeight.built) return ['Web app not built (apps/web/dist/index.html is missing): run `npm run build` first.'];
  const initialJs = sum(pageWeight.initialJs.map((asset) => asset.gzipBytes));
  const verdict = initialJs / 1024 <= INITIAL_JS_TARGET_KB ? 'meets' : 'MISSES';
  const lines = [
    `Initial JavaScript for the home page: ${kilobytes(initialJs)} gzipped (target ≤ ${INITIAL_JS_TARGET_KB} KB: ${verdict}), ${pageWeight.initialJs.length} files, ${kilobytes(sum(pageWeight.initialJs.map((asset) => asset.bytes)))} before compression.`,
    `CSS: ${kilobytes(sum(pageWeight.initialCss.map((asset) => asset.gzipBytes)))} gzipped linked from index.html; ${kilobytes(sum(pageWeight.allCss.map((asset) => asset.gzipBytes)))} gzipped in all ${pageWeight.allCss.length} CSS files of the build.`,
    `All JavaScript in the build, lazy chunks included: ${kilobytes(pageWeight.allJsGzipBytes)} gzipped.`,
  ];
  if (pageWeight.unresolved.length > 0)
    lines.push(`Not counted (another origin or missing file): ${pageWeight.unresolved.join(', ')}.`);
  return lines;
}

const slowestLine = (answers: SlowestAnswer) =>
  answers.slowestMs === null ? 'not asked' : `slowest answer ${seconds(answers.slowestMs)} of ${answers.checks}`;

function startDetail(start: StartTimes): string {
  const firstRun = start.firstRunMs === null ? '' : `, the first run itself ${seconds(start.firstRunMs)}`;
  return `data ${start.dataState} after ${seconds(start.dataMs)}${firstRun}; health checks while the database was prepared: ${slowestLine(start.slowestAnswer.preparing)}, while the first run imported: ${slowestLine(start.slowestAnswer.importing)}`;
}

function coldStartLines(coldStart: ColdStart): string[] {
  if (!coldStart.ran) return [`Not measured: ${coldStart.reason}.`];
  const { first, second } = coldStart;
  const answers = first.healthMs < FIRST_ANSWER_TARGET_MS ? 'meets' : 'MISSES';
  const restart = second.dataMs < SECOND_START_TARGET_MS ? 'meets' : 'MISSES';
  return [
    `First start on an empty DATA_DIR (PGlite, PASS_SEED=demo): /api/health answers after ${seconds(first.healthMs)} (target < ${seconds(FIRST_ANSWER_TARGET_MS)}: ${answers}); ${startDetail(first)}.`,
    `Second start on the same DATA_DIR: /api/health answers after ${seconds(second.healthMs)}; ${startDetail(second)} (target < ${seconds(SECOND_START_TARGET_MS)} until the data is ready: ${restart}).`,
  ];
}

const TIMED_HEADER = ['benchmark', 'what', 'database', 'result', 'target', 'verdict', 'details'];

function timedRows(report: Pick<BenchReport, 'timed'>): string[][] {
  return report.timed.map((benchmark) => {
    const { outcome } = benchmark;
    const head = [benchmark.name, benchmark.what, benchmark.database];
    if (outcome.status === 'skipped') return [...head, '-', benchmark.targetLabel, '-', `skipped: ${outcome.reason}`];
    if (outcome.status === 'failed') return [...head, '-', benchmark.targetLabel, 'FAILED (see below)', ''];
    // A row without a target (targetLabel '-') records a time only.
    const meets = outcome.meets ?? outcome.valueMs < benchmark.targetMs;
    const verdict = benchmark.targetLabel === '-' ? '-' : meets ? 'meets' : 'MISSES';
    return [...head, outcome.figures, benchmark.targetLabel, verdict, outcome.detail];
  });
}

function failures(report: Pick<BenchReport, 'http' | 'timed'>): string[] {
  return [...report.http, ...report.timed].flatMap((benchmark) =>
    benchmark.outcome.status === 'failed' ? [`${benchmark.name}: ${benchmark.outcome.error}`] : [],
  );
}

function consoleTable(header: string[], body: string[][]): string[] {
  const rows = [header, ...body];
  const widths = header.map((_, column) => Math.max(...rows.map((row) => (row[column] ?? '').length)));
  const table = rows.map((row) =>
    row
      .map((cell, column) => cell.padEnd(widths[column]!))
      .join('  ')
      .trimEnd(),
  );
  table.splice(1, 0, widths.map((width) => '-'.repeat(width)).join('  '));
  return table;
}

/** A fixed-width table for the terminal. */
export function formatConsole(report: BenchReport): string {
  return [
    ...consoleTable(HTTP_HEADER, httpRows(report)),
    ...report.httpNotes.map((line) => `  ${line}`),
    '',
    ...consoleTable(TIMED_HEADER, timedRows(report)),
    '',
    'Page weight:',
    ...pageWeightLines(report.pageWeight).map((line) => `  ${line}`),
    'Cold start:',
    ...coldStartLines(report.coldStart).map((line) => `  ${line}`),
    '',
    ...firstContentConsole(report.firstContent),
    ...failures(report).map((line) => `FAILED ${line}`),
  ].join('\n');
}

const markdownRow = (cells: string[]) => `| ${cells.map((cell) => cell.replaceAll('|', '\\|')).join(' | ')} |`;

export function formatMarkdown(report: BenchReport): string {
  const { connections, warmupSeconds, durationSeconds } = LOAD_SETTINGS;
  const problems = failures(report);
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (`bench/src/run.ts`) and overwritten on every run; see `bench/README.md` for what each benchmark measures.',
    '',
    `- Date: ${report.startedAt.toISOString()} (run took ${seconds(report.elapsedMs)})`,
    `- Machine: ${describeMachine()}`,
    `- Load average (1, 5, 15 min) at the start: ${loadAverage(report.loadAverageAtStart)}; at the end: ${loadAverage(report.loadAverageAtEnd)}. The bench itself keeps about 2 busy; more means other work was taking cores from the servers and the load generator.`,
    `- Load generator: ${LOAD_GENERATOR.name} ${LOAD_GENERATOR.version}, in the bench process; each server under test runs in its own child process (\`node --import tsx\`), so the two do not share an event loop. They do share the machine's cores.`,
    `- Load: ${connections} connections, ${warmupSeconds} s warm-up (discarded), then ${durationSeconds} s measured. req/s is the mean of the per-second counts.`,
    `- autocannon saturates near 55k req/s on these machines, so very fast endpoints (the baseline, /api/health) are bounded by the generator, not the server: their ratio to the baseline reads closer to 1 than the servers' real difference. DESIGN.md section 8 has wrk figures for comparison (bare node:http ≈ 87k req/s).`,
    '',
    '## HTTP throughput',
    '',
    markdownRow(HTTP_HEADER),
    markdownRow(HTTP_HEADER.map(() => '---')),
    ...httpRows(report).map(markdownRow),
    '',
    ...report.httpNotes.map((line) => `- ${line}`),
    ...(report.httpNotes.length > 0 ? [''] : []),
    '## Import, statistics and grading',
    '',
    markdownRow(TIMED_HEADER),
    markdownRow(TIMED_HEADER.map(() => '---')),
    ...timedRows(report).map(markdownRow),
    '',
    '## Page weight',
    '',
    ...pageWeightLines(report.pageWeight).map((line) => `- ${line}`),
    '',
    '## Cold start',
    '',
    ...coldStartLines(report.coldStart).map((line) => `- ${line}`),
    '',
    ...firstContentSection(report.firstContent),
    ...(problems.length > 0
      ? ['## Failures', '', ...problems.map((line) => `- ${line.replaceAll('\n', ' ')}`), '']
      : []),
  ].join('\n');
}

/** A run of some of the timed benchmarks alone (`--only ledger`). */
export interface TimedRun {
  startedAt: Date;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  timed: TimedBenchmark[];
}

export function formatTimedConsole(run: TimedRun): string {
  return [
    ...consoleTable(TIMED_HEADER, timedRows(run)),
    ...failures({ http: [], timed: run.timed }).map((line) => `FAILED ${line}`),
  ].join('\n');
}

const TIMED_SECTION = '## Import, statistics and grading';
const RERUN_NOTE = '- Re-run alone (';
const rerunNote = (only: string) => `${RERUN_NOTE}\`--only ${only}\`):`;

/**
 * RESULTS.md with the rows of `run` in place of the rows of the same names (new ones at the end of the
 * table), and a note of when, on what machine and under what load they ran instead of an earlier such note.
 */
export function replaceTimedRows(markdown: string, run: TimedRun, only = 'ledger'): string {
  const names = run.timed.map((benchmark) => benchmark.name);
  const note = [
    `${rerunNote(only)} ${names.join(', ')} on ${run.startedAt.toISOString()}; ${describeMachine()}; load average (1, 5, 15 min) at the start: ${loadAverage(run.loadAverageAtStart)}; at the end: ${loadAverage(run.loadAverageAtEnd)}. The other rows are from the run dated at the top.`,
    ...failures({ http: [], timed: run.timed }).map((line) => `- FAILED ${line.replaceAll('\n', ' ')}`),
  ];
  const fresh = new Map(timedRows(run).map((cells) => [cells[0]!, markdownRow(cells)]));
  const lines = markdown.split('\n');
  const section = lines.indexOf(TIMED_SECTION);
  if (section === -1) {
    const table = [markdownRow(TIMED_HEADER), markdownRow(TIMED_HEADER.map(() => '---')), ...fresh.values()];
    return [...lines, '', TIMED_SECTION, '', ...table, '', ...note, ''].join('\n');
  }
  const header = section + 2;
  let end = header;
  while (lines[end]?.startsWith('|')) end++;
  const rowName = (row: string) => row.split('|')[1]?.trim() ?? '';
  const rows = lines.slice(header + 2, end).map((row) => fresh.get(rowName(row)) ?? row);
  // A row the table does not have yet goes after the row of the benchmark that ran before it.
  names.forEach((name, index) => {
    if (rows.some((row) => rowName(row) === name)) return;
    const previous = rows.findIndex((row) => rowName(row) === names[index - 1]);
    rows.splice(previous === -1 ? rows.length : previous + 1, 0, fresh.get(name)!);
  });
  let after = end;
  while (lines[after] === '') after++;
  const notesStart = after;
  while (lines[after]?.startsWith(RERUN_NOTE) || lines[after]?.startsWith('- FAILED ')) after++;
  // The notes of other sections' re-runs stay; this section's note (and its failures) is replaced.
  const otherNotes = lines
    .slice(notesStart, after)
    .filter((line) => line.startsWith(RERUN_NOTE) && !line.startsWith(rerunNote(only)));
  while (lines[after] === '') after++;
  return [...lines.slice(0, header + 2), ...rows, '', ...otherNotes, ...note, '', ...lines.slice(after)].join('\n');
}

const COLD_START_SECTION = '## Cold start';

/** A cold start measured alone (`--only cold-start`). */
export interface ColdStartRun {
  startedAt: Date;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  coldStart: ColdStart;
}

export function formatColdStartConsole(run: ColdStartRun): string {
  return ['Cold start:', ...coldStartLines(run.coldStart).map((line) => `  ${line}`)].join('\n');
}

/** RESULTS.md with its cold-start section replaced by `run`'s, with a note of when and under what load it ran. */
export function replaceColdStartSection(markdown: string, run: ColdStartRun): string {
  return replaceSection(markdown, [
    COLD_START_SECTION,
    '',
    ...coldStartLines(run.coldStart).map((line) => `- ${line}`),
    `- Re-run alone (\`--only cold-start\`) on ${run.startedAt.toISOString()}; ${describeMachine()}; load average (1, 5, 15 min) at the start: ${loadAverage(run.loadAverageAtStart)}; at the end: ${loadAverage(run.loadAverageAtEnd)}. The other sections are from the run dated at the top.`,
    '',
  ]);
}

/** `markdown` with the section headed by `section[0]` replaced by `section` (added at the end when it has none). */
function replaceSection(markdown: string, section: string[]): string {
  const lines = markdown.split('\n');
  const start = lines.indexOf(section[0]!);
  if (start === -1) {
    while (lines.at(-1) === '') lines.pop();
    return [...lines, '', ...section].join('\n');
  }
  let end = start + 1;
  while (end < lines.length && !lines[end]!.startsWith('## ')) end++;
  return [...lines.slice(0, start), ...section, ...lines.slice(end)].join('\n');
}

const FIRST_CONTENT_SECTION = '## Time to first content';
const FIRST_CONTENT_HEADER = [
  'page',
  'route',
  'visit',
  'first content (median)',
  'first content (worst)',
  'FCP (median)',
  'FCP (worst)',
  'over the network (median)',
];

function firstContentRows(firstContent: FirstContent): string[][] {
  if (firstContent.status !== 'measured') return [];
  const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
  return firstContent.pages.flatMap((page) =>
    (['cold', 'warm', 'restarted'] as const).flatMap((visit) => {
      const timings: VisitTiming[] = visit === 'restarted' ? (page.restarted ? [page.restarted] : []) : page[visit];
      if (timings.length === 0) return [];
      const content = medianAndWorst(timings.map((timing) => timing.firstContentMs));
      const paints = timings.flatMap((timing) => (timing.fcpMs === null ? [] : [timing.fcpMs]));
      const fcp = paints.length > 0 ? medianAndWorst(paints) : null;
      const bytes = medianAndWorst(timings.map((timing) => timing.transferBytes)).median;
      const requests = medianAndWorst(timings.map((timing) => timing.requests)).median;
      return [
        [
          page.path,
          page.route,
          visit,
          ms(content.median),
          ms(content.worst),
          fcp ? ms(fcp.median) : '-',
          fcp ? ms(fcp.worst) : '-',
          `${kilobytes(bytes)} in ${requests} requests`,
        ],
      ];
    }),
  );
}

function firstContentLines(firstContent: FirstContent): string[] {
  const pages = FIRST_CONTENT_PAGES.map((page) => `\`${page.path}\` (\`${page.route}\`)`).join(', ');
  if (firstContent.status === 'skipped') return [`Not measured: ${firstContent.reason}.`];
  if (firstContent.status === 'failed') return [`FAILED: ${firstContent.error.replaceAll('\n', ' ')}`];
  return [
    `${pages} for a signed-in member, in headless Chromium ${firstContent.chromium} (1280×800), on \`node apps/server/dist/main.js\` (PGlite on an empty DATA_DIR, PASS_SEED=demo, refresh jobs off, server clock PASS_CLOCK=${firstContent.clock}; its first run was over ${seconds(firstContent.firstRunMs)} after the spawn). The member signed up and confirmed the mailed link through the API, then logged in through the login screen; what that left in the browser (the session cookie, the signed-in user in local storage) is given to each browser context.`,
    `**First content**: the first animation frame in which \`main[data-page="<route>"]\` is in the document with no \`[role="progressbar"]\` inside it (the screen's data is in) and no page-loading bar, from \`performance.timeOrigin\` (navigation start): a MutationObserver added before the page's scripts sees the DOM meet the condition, and the time is read in the requestAnimationFrame callback that follows. **FCP**: First Contentful Paint from the paint timing API.`,
    `**Cold**: a new browser context (empty HTTP cache) opens the page. **Warm**: the same context, after about:blank, opens it again (the cache filled by the cold visit). ${firstContent.runs} rounds of the ${firstContent.pages.length} pages in turn after one discarded round; median and worst of the ${firstContent.runs}. **Restarted**: after the rounds, for each page, the server is stopped and started again on the same data and port, and a new browser context opens the page as soon as \`/api/health/data\` says the data is in (a fresh process, an empty browser cache; one visit, so median and worst are the same). "Over the network": bytes transferred (0 for a cached answer) by the document and the requests it started before first content.`,
  ];
}

function firstContentSection(firstContent: FirstContent, notes: string[] = []): string[] {
  const rows = firstContentRows(firstContent);
  return [
    FIRST_CONTENT_SECTION,
    '',
    ...[...firstContentLines(firstContent), ...notes].map((line) => `- ${line}`),
    '',
    ...(rows.length > 0
      ? [
          markdownRow(FIRST_CONTENT_HEADER),
          markdownRow(FIRST_CONTENT_HEADER.map(() => '---')),
          ...rows.map(markdownRow),
          '',
        ]
      : []),
  ];
}

function firstContentConsole(firstContent: FirstContent): string[] {
  const rows = firstContentRows(firstContent);
  return [
    'Time to first content:',
    ...(firstContent.status === 'measured' ? [] : firstContentLines(firstContent).map((line) => `  ${line}`)),
    ...(rows.length > 0 ? consoleTable(FIRST_CONTENT_HEADER, rows).map((line) => `  ${line}`) : []),
  ];
}

/** The time to first content measured alone (`--only first-content`). */
export interface FirstContentRun {
  startedAt: Date;
  loadAverageAtStart: number[];
  loadAverageAtEnd: number[];
  firstContent: FirstContent;
}

export function formatFirstContentConsole(run: FirstContentRun): string {
  return firstContentConsole(run.firstContent).join('\n');
}

/** RESULTS.md with its time-to-first-content section replaced by `run`'s, with a note of when and under what load it ran. */
export function replaceFirstContentSection(markdown: string, run: FirstContentRun): string {
  return replaceSection(
    markdown,
    firstContentSection(run.firstContent, [
      `Re-run alone (\`--only first-content\`) on ${run.startedAt.toISOString()}; ${describeMachine()}; load average (1, 5, 15 min) at the start: ${loadAverage(run.loadAverageAtStart)}; at the end: ${loadAverage(run.loadAverageAtEnd)}. The other sections are from the run dated at the top.`,
    ]),
  );
}

const HTTP_SECTION = '## HTTP throughput';

/** A run of some of the HTTP benchmarks alone (`--only pools`), with the timed rows measured beside them. */
export interface HttpRun extends TimedRun {
  http: HttpBenchmark[];
  /** Lines for under the HTTP table; a previous line with the same first word is replaced. */
  httpNotes: string[];
}

export function formatHttpConsole(run: HttpRun): string {
  return [
    ...consoleTable(HTTP_HEADER, httpRows(run)),
    ...run.httpNotes.map((line) => `  ${line}`),
    '',
    ...consoleTable(TIMED_HEADER, timedRows(run)),
    ...failures(run).map((line) => `FAILED ${line}`),
  ].join('\n');
}

/**
 * RESULTS.md with the HTTP rows of `run` in place of the rows of the same names (new ones at the end of the
 * HTTP table), its notes in place of the notes they follow up, and a note of when, on what machine and under
 * what load they ran; its timed rows go through `replaceTimedRows`. The ratio of a row is to the baseline
 * measured in the same run (a row naming its own baseline), else to the file's `baseline` row.
 */
export function replaceHttpRows(markdown: string, run: HttpRun, only: string): string {
  const fresh = new Map(httpRows(run).map((cells) => [cells[0]!, markdownRow(cells)]));
  const rowName = (row: string) => row.split('|')[1]?.trim() ?? '';
  const noteKey = (line: string) => line.split(':')[0];
  const rerun = `${rerunNote(only)} ${run.http.map((benchmark) => benchmark.name).join(', ')} on ${run.startedAt.toISOString()}; ${describeMachine()}; load average (1, 5, 15 min) at the start: ${loadAverage(run.loadAverageAtStart)}; at the end: ${loadAverage(run.loadAverageAtEnd)}. The other rows are from the run dated at the top.`;
  const newNotes = [...run.httpNotes.map((line) => `- ${line}`), rerun];
  let lines = markdown.split('\n');
  const section = lines.indexOf(HTTP_SECTION);
  if (section === -1) {
    const table = [markdownRow(HTTP_HEADER), markdownRow(HTTP_HEADER.map(() => '---')), ...fresh.values()];
    lines = [...lines, '', HTTP_SECTION, '', ...table, '', ...newNotes, ''];
  } else {
    const header = section + 2;
    let end = header;
    while (lines[end]?.startsWith('|')) end++;
    const rows = lines.slice(header + 2, end).map((row) => fresh.get(rowName(row)) ?? row);
    for (const [name, row] of fresh) if (!rows.some((candidate) => rowName(candidate) === name)) rows.push(row);
    let after = end;
    while (lines[after] === '') after++;
    const notesStart = after;
    while (lines[after]?.startsWith('- ')) after++;
    const replaced = new Set(newNotes.map(noteKey));
    const kept = lines.slice(notesStart, after).filter((line) => !replaced.has(noteKey(line)));
    while (lines[after] === '') after++;
    lines = [...lines.slice(0, header + 2), ...rows, '', ...kept, ...newNotes, '', ...lines.slice(after)];
  }
  // A run with no timed rows (`--only request-path`) leaves that section as it is.
  return run.timed.length > 0 ? replaceTimedRows(lines.join('\n'), run, only) : lines.join('\n');
}
