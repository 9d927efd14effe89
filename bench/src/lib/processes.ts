import { appendFileSync } from 'node:fs';
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { deferCleanup } from './cleanup.js';
import { REPO_ROOT } from './paths.js';

/** The line a bench server child prints on stdout once it listens; see servers/announce.ts. */
export const LISTENING_PREFIX = 'BENCH_LISTENING ';

const STDERR_TAIL_CHARS = 4000;

const running = new Set<ChildProcess>();

// Last line of defence: 'exit' handlers must be synchronous, so SIGKILL whatever is still running.
// Bench server children also exit by themselves when their stdin closes, which covers the parent being killed -9.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL');
});

export interface TrackedProcess {
  child: ChildProcess;
  /** The last few KB of the child's stderr, for error messages. */
  stderrTail(): string;
  /** Resolves with the exit code (or signal name) once the child has exited. */
  exited: Promise<number | string>;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves when the child is gone. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * BENCH_SERVER_ERRORS: a file the servers' error and fatal log lines are added to, to learn why an answer was a 500.
 * The servers then log at `error` (run.ts); without it they log nothing, which the request path's rows measure.
 */
export const SERVER_ERRORS_FILE = process.env.BENCH_SERVER_ERRORS;
/** A pino line at level error (50) or fatal (60). */
const ERROR_LINE = /"level":(50|60)\b/;

/**
 * Spawns `node <args>` from the repo root and tracks it until it exits.
 * stdin stays a pipe so bench servers notice when this process goes away.
 */
export function spawnNode(
  args: string[],
  env: NodeJS.ProcessEnv,
  onStdoutLine?: (line: string) => void,
): TrackedProcess {
  const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['pipe', 'pipe', 'pipe'] });
  running.add(child);

  let stderr = '';
  child.stderr!.setEncoding('utf8');
  child.stderr!.on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
  });
  // Always drain stdout: a full pipe would block the child's writes and skew the measurement.
  const lines = createInterface({ input: child.stdout! });
  lines.on('line', (line) => {
    if (SERVER_ERRORS_FILE && ERROR_LINE.test(line)) appendFileSync(SERVER_ERRORS_FILE, `${line}\n`);
    onStdoutLine?.(line);
  });
  // Writing to the stdin of a child that has exited raises EPIPE; it is expected here.
  child.stdin!.on('error', () => {});

  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => {
      running.delete(child);
      resolve(code ?? signal ?? 'unknown');
    });
    child.once('error', (error) => {
      running.delete(child);
      stderr += `\nspawn failed: ${error.message}`;
      resolve('spawn-error');
    });
  });

  const removeCleanup = deferCleanup(`stop child ${child.pid ?? '?'}`, () => stopChild(child, exited, 3000));
  const stop = async (graceMs = 5000) => {
    await stopChild(child, exited, graceMs);
    await removeCleanup();
  };

  return { child, stderrTail: () => stderr.trim(), exited, stop };
}

async function stopChild(child: ChildProcess, exited: Promise<unknown>, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || !running.has(child)) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

export interface BenchServer extends TrackedProcess {
  port: number;
}

/**
 * Starts one of bench/src/servers/*.ts in a child process (its own event loop, so the load generator
 * in this process does not compete with it for one) and waits for the port it announces.
 */
export async function startBenchServer(
  script: string,
  env: NodeJS.ProcessEnv,
  timeoutMs = 60_000,
  /** Node's own options before the script (`--cpu-prof`, which NODE_OPTIONS does not take). */
  nodeOptions: string[] = [],
): Promise<BenchServer> {
  let announce: (port: number) => void = () => {};
  const announced = new Promise<number>((resolve) => (announce = resolve));
  const tracked = spawnNode([...nodeOptions, '--import', 'tsx', script], env, (line) => {
    if (line.startsWith(LISTENING_PREFIX)) announce(Number(line.slice(LISTENING_PREFIX.length)));
  });

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timeoutMs)));
  const outcome = await Promise.race([announced, tracked.exited.then((code) => ({ exited: code })), timedOut]);
  clearTimeout(timer);

  if (typeof outcome === 'number' && Number.isInteger(outcome) && outcome > 0) {
    return { ...tracked, port: outcome };
  }
  await tracked.stop(1000);
  const why =
    outcome === 'timeout'
      ? `did not listen within ${timeoutMs} ms`
      : typeof outcome === 'number'
        ? 'announced an invalid port'
        : `exited (${outcome.exited})`;
  throw new Error(`${script} ${why}${tracked.stderrTail() ? `:\n${tracked.stderrTail()}` : ''}`);
}
