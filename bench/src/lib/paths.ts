import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The monorepo root: children run from here so `--import tsx` and workspace packages resolve. */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export const BENCH_DIR = path.join(REPO_ROOT, 'bench');
export const RESULTS_FILE = path.join(BENCH_DIR, 'RESULTS.md');
export const SERVERS_DIR = path.join(BENCH_DIR, 'src', 'servers');
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps', 'web', 'dist');
export const SERVER_BUNDLE = path.join(REPO_ROOT, 'apps', 'server', 'dist', 'main.js');
