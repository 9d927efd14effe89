import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/**
 * The repository's import rules (.dependency-cruiser.cjs) on a small tree written for the test with the real
 * tree's layout and import style (`.js` specifiers of `.ts` files): each rule refuses its deliberate violation,
 * and what the rules allow (type-only imports across modules, tests) passes.
 */
const FILES: Record<string, string> = {
  'tsconfig.base.json': '{ "compilerOptions": { "module": "NodeNext", "moduleResolution": "NodeNext" } }',
  // A cycle, as chat.service and pools.service once were (reported once, at the import that closes it).
  'packages/example/src/first.ts': "import { second } from './second.js';\nexport const first = () => second;",
  'packages/example/src/second.ts': "import { first } from './first.js';\nexport const second = () => first;",
  // A repository calling a service, a service reaching a route.
  'apps/server/src/modules/pools/pools.repository.ts':
    "import { rule } from './rules.service.js';\nexport const findPool = () => rule;",
  'apps/server/src/modules/pools/rules.service.ts': 'export const rule = 1;',
  'apps/server/src/modules/pools/pools.service.ts':
    "import { findPool } from './pools.repository.js';\nimport { routes } from './pools.routes.js';\nexport const pool = () => [findPool, routes];",
  'apps/server/src/modules/pools/pools.routes.ts': 'export const routes = 1;',
  // A route and a job reaching a repository.
  'apps/server/src/modules/chat/chat.repository.ts':
    'export interface Row { id: number }\nexport const listRows = () => [];',
  'apps/server/src/modules/chat/chat.routes.ts':
    "import { listRows } from './chat.repository.js';\nexport const r = listRows;",
  'apps/server/src/jobs/cleanup-job.ts':
    "import { listRows } from '../modules/chat/chat.repository.js';\nexport const j = listRows;",
  // Another module's repository: called (refused), its types used (allowed), from a test (allowed).
  'apps/server/src/modules/sync/sync.service.ts':
    "import { listRows, type Row } from '../chat/chat.repository.js';\nexport const s = (row: Row) => [row, listRows];",
  'apps/server/src/modules/sync/sync-types.ts':
    "import type { Row } from '../chat/chat.repository.js';\nexport type Synced = Row;",
  'apps/server/src/modules/sync/sync.test.ts': "import { listRows } from '../chat/chat.repository.js';\nlistRows();",
};

let tree: string;

beforeAll(() => {
  tree = mkdtempSync(path.join(tmpdir(), 'pass-dependency-rules-'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), `${text}\n`);
  }
});
afterAll(() => rmSync(tree, { recursive: true, force: true }));

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
}

async function violations(): Promise<string[]> {
  const args = ['apps', 'packages', '--config', path.join(root, '.dependency-cruiser.cjs'), '--output-type', 'json'];
  // Violations make the command exit non-zero; the report on stdout is what is checked.
  const output = await run(path.join(root, 'node_modules/.bin/depcruise'), args, { cwd: tree }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  const report = JSON.parse(output.stdout) as { summary: { violations: Violation[] } };
  return report.summary.violations.map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`);
}

describe('the import rules', () => {
  it('refuse each deliberate violation, and nothing the rules allow', { timeout: 60_000 }, async () => {
    expect((await violations()).sort()).toEqual(
      [
        'no-cycles: packages/example/src/first.ts → packages/example/src/second.ts',
        'repository-calls-no-service: apps/server/src/modules/pools/pools.repository.ts → apps/server/src/modules/pools/rules.service.ts',
        'service-calls-no-route: apps/server/src/modules/pools/pools.service.ts → apps/server/src/modules/pools/pools.routes.ts',
        'routes-and-jobs-through-services: apps/server/src/modules/chat/chat.routes.ts → apps/server/src/modules/chat/chat.repository.ts',
        'routes-and-jobs-through-services: apps/server/src/jobs/cleanup-job.ts → apps/server/src/modules/chat/chat.repository.ts',
        'repository-private-to-its-module: apps/server/src/modules/sync/sync.service.ts → apps/server/src/modules/chat/chat.repository.ts',
      ].sort(),
    );
  });
});
