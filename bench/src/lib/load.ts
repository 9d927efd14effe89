import { execFile, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import autocannon from 'autocannon';

const run = promisify(execFile);

/** How every HTTP benchmark is driven; the same for all so their ratios mean something. */
export const LOAD_SETTINGS = {
  connections: 10,
  warmupSeconds: 2,
  durationSeconds: 8,
} as const;

/**
 * The pinned rows' windows: each row is the median of this many measured windows after one warm-up. One window
 * on this kind of shared machine wanders by a quarter between runs, the baseline's as well as the app's, so a
 * ratio of two single windows said more about the moment than about the code.
 */
const PINNED_WINDOWS = 3;

export const LOAD_GENERATOR = {
  name: 'autocannon',
  version: (createRequire(import.meta.url)('autocannon/package.json') as { version: string }).version,
};

export interface LoadResult {
  /** Mean of the per-second request counts over the measured window. */
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  totalRequests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
}

/**
 * Loads `url` for the warm-up (discarded: JIT, connection set-up, the first database reads), then
 * for the measured window, from this process. The server under test runs in a child process.
 * `request` adds to autocannon's options what a request needs beyond a plain GET (headers, a method and
 * body, `requests` with a `setupRequest` per request); the connections and durations stay the same.
 */
export async function measureLoad(
  url: string,
  request: Omit<autocannon.Options, 'url' | 'connections' | 'duration'> = {},
): Promise<LoadResult> {
  return (await measureLoadAcross([url], request)).total;
}

/**
 * The load of `measureLoad` spread over several servers, as a load balancer would: the same connections in all,
 * dealt to the `urls` in turn (10 over two servers: 5 each), one autocannon per server, the warm-ups together
 * and then the measured windows together. `onMeasuring` runs just before the measured windows start (to read
 * what the processes have used so far). `total` sums the rates and counts and takes the percentiles over every
 * request; `each` is per server, in the order of `urls`.
 */
export async function measureLoadAcross(
  urls: string[],
  request: Omit<autocannon.Options, 'url' | 'connections' | 'duration'> = {},
  onMeasuring?: () => void | Promise<void>,
): Promise<{ total: LoadResult; each: LoadResult[] }> {
  const { connections, warmupSeconds, durationSeconds } = LOAD_SETTINGS;
  const share = (index: number) => Math.floor(connections / urls.length) + (index < connections % urls.length ? 1 : 0);
  await Promise.all(
    urls.map((url, index) => runAutocannon({ ...request, url, connections: share(index), duration: warmupSeconds })),
  );
  const recorders = urls.map(() => new LatencyRecorder());
  await onMeasuring?.();
  const results = await Promise.all(
    urls.map((url, index) =>
      runAutocannon({ ...request, url, connections: share(index), duration: durationSeconds }, recorders[index]),
    ),
  );
  const each = results.map((result, index) => ({
    requestsPerSecond: result.requests.mean,
    p50Ms: recorders[index]!.percentile(50),
    p99Ms: recorders[index]!.percentile(99),
    totalRequests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  }));
  const all = LatencyRecorder.merged(recorders);
  const add = (field: 'requestsPerSecond' | 'totalRequests' | 'non2xx' | 'errors' | 'timeouts') =>
    each.reduce((sum, result) => sum + result[field], 0);
  return {
    total: {
      requestsPerSecond: add('requestsPerSecond'),
      p50Ms: all.percentile(50),
      p99Ms: all.percentile(99),
      totalRequests: add('totalRequests'),
      non2xx: add('non2xx'),
      errors: add('errors'),
      timeouts: add('timeouts'),
    },
    each,
  };
}

function runAutocannon(options: autocannon.Options, latencies?: LatencyRecorder): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, result) => (error ? reject(error) : resolve(result)));
    if (latencies) instance.on('response', (_client, _status, _bytes, responseTime) => latencies.record(responseTime));
  });
}

/**
 * autocannon's own latency histogram stores whole milliseconds, so every fast endpoint reads p50 = 0.
 * Its 'response' event carries the exact time (from process.hrtime), which is kept here instead: a
 * typed array, so recording costs the generator next to nothing.
 */
class LatencyRecorder {
  private values = new Float64Array(1 << 16);
  private count = 0;

  record(milliseconds: number): void {
    if (this.count === this.values.length) {
      const grown = new Float64Array(this.values.length * 2);
      grown.set(this.values);
      this.values = grown;
    }
    this.values[this.count++] = milliseconds;
  }

  /** One recorder holding what all of `recorders` recorded. */
  static merged(recorders: LatencyRecorder[]): LatencyRecorder {
    if (recorders.length === 1) return recorders[0]!;
    const merged = new LatencyRecorder();
    merged.values = new Float64Array(recorders.reduce((sum, recorder) => sum + recorder.count, 0));
    for (const recorder of recorders) {
      merged.values.set(recorder.values.subarray(0, recorder.count), merged.count);
      merged.count += recorder.count;
    }
    return merged;
  }

  /** Nearest-rank percentile, in milliseconds; NaN when nothing was recorded. */
  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    return percentile(this.values.subarray(0, this.count).sort(), p);
  }
}

/** Nearest-rank percentile of values sorted ascending; NaN when there are none. */
export function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/**
 * wrk and taskset, when the machine has both (Debian's `wrk` and util-linux): the request-path rows are then
 * measured as the issue that set their targets measured them, the server pinned to the first core and wrk to
 * the second, so neither takes the other's core. Null (autocannon in this process, on any core) otherwise.
 */
export const PINNED_LOAD_GENERATOR: { name: string; version: string } | null = (() => {
  if (process.env.BENCH_PINNED === '0' || spawnSync('taskset', ['-V']).status !== 0) return null;
  // `wrk -v` prints its version and usage, then exits 1.
  const version = /^wrk\s+(\S+)/m.exec(spawnSync('wrk', ['-v'], { encoding: 'utf8' }).stdout ?? '')?.[1];
  return version ? { name: 'wrk', version: version.replace(/^debian\//, '') } : null;
})();

/** How the pinned rows were measured, for the notes under the table: none when they were not. */
export function pinnedLoadNotes(): string[] {
  const generator = PINNED_LOAD_GENERATOR;
  if (!generator) return [];
  const { connections, warmupSeconds, durationSeconds } = LOAD_SETTINGS;
  return [
    `baseline, health, legal and schedule rows: ${generator.name} ${generator.version} (${connections} connections, one thread, ${warmupSeconds} s warm-up then ${PINNED_WINDOWS} windows of ${durationSeconds} s, the row the window of median rate), the server pinned to core 0 with taskset and ${generator.name} to core 1`,
  ];
}

/**
 * The load of `measureLoad`, with wrk pinned to core 1 and the server (`serverPid`, every thread) to core 0
 * (PINNED_LOAD_GENERATOR must be set): the warm-up, then PINNED_WINDOWS measured windows, of which the one with
 * the median rate is the result. wrk's latencies are its own (microsecond resolution).
 */
export async function measurePinnedLoad(url: string, serverPid: number): Promise<LoadResult> {
  const { connections, warmupSeconds, durationSeconds } = LOAD_SETTINGS;
  await run('taskset', ['-a', '-cp', '0', String(serverPid)]);
  const wrk = (seconds: number) =>
    run('taskset', ['-c', '1', 'wrk', '-t1', `-c${connections}`, `-d${seconds}s`, '--latency', url], {
      maxBuffer: 1 << 20,
    });
  await wrk(warmupSeconds);
  const windows: LoadResult[] = [];
  for (let window = 0; window < PINNED_WINDOWS; window++) windows.push(parseWrk((await wrk(durationSeconds)).stdout));
  return medianByRate(windows);
}

/** The window whose rate is the median of `windows` (an odd number of them). */
function medianByRate(windows: LoadResult[]): LoadResult {
  const sorted = [...windows].sort((a, b) => a.requestsPerSecond - b.requestsPerSecond);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const WRK_UNITS_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000 };

/** wrk's printed summary (with `--latency`) as a LoadResult; throws on a summary it cannot read. */
function parseWrk(printed: string): LoadResult {
  const latency = (label: string) => {
    const match = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s|m)\\s*$`, 'm').exec(printed);
    if (!match) throw new Error(`wrk printed no ${label}th percentile:\n${printed}`);
    return Number(match[1]) * WRK_UNITS_MS[match[2]!]!;
  };
  const number = (pattern: RegExp) => Number(pattern.exec(printed)?.[1] ?? 0);
  const requestsPerSecond = number(/^Requests\/sec:\s+([\d.]+)/m);
  if (!(requestsPerSecond > 0)) throw new Error(`wrk printed no rate:\n${printed}`);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(printed);
  return {
    requestsPerSecond,
    p50Ms: latency('50'),
    p99Ms: latency('99'),
    totalRequests: number(/^\s*(\d+) requests in/m),
    non2xx: number(/Non-2xx or 3xx responses: (\d+)/),
    errors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) : 0,
    timeouts: errors ? Number(errors[4]) : 0,
  };
}

/** One plain GET (with `headers`) before loading: a wrong status would otherwise be measured as a fast 404. */
export async function probe(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; bodyBytes: number }> {
  const response = await fetch(url, { headers, signal: AbortSignal.timeout(10_000) });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, bodyBytes: body.length };
}
