import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's lint configuration, run on code written for the test at a path inside the tree. */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

describe("the server's clock rule", () => {
  const service = 'apps/server/src/modules/ledger/example.service.ts';

  it.each([
    ['a bare new Date()', 'export const stamp = () => new Date();'],
    ['Date.now()', 'export const stamp = () => Date.now();'],
    ['a default of new Date()', 'export const stamp = (now = new Date()) => now;'],
  ])('refuses %s in a server module', async (_, code) => {
    expect(await ruleIds(code, service)).toEqual([
      expect.stringMatching(/^no-restricted-syntax: Use the server clock passed in \(`now`\)/),
    ]);
  });

  it('refuses it outside the modules too, and keeps the modules from opening a database', async () => {
    expect(await ruleIds('export const stamp = () => Date.now();', 'apps/server/src/jobs/example.ts')).toHaveLength(1);
    expect(await ruleIds("createDb('x');\ndeclare function createDb(url: string): void;", service)).toEqual([
      expect.stringMatching(/they never open a database/),
    ]);
  });

  it('takes a date from a clock, a date made from a value, and any time in tests', async () => {
    const code = [
      "import { systemClock } from '../../lib/clock.js';",
      'export const stamp = (now: Date) => [systemClock(), new Date(now.getTime() + 1), performance.now()];',
    ].join('\n');
    expect(await ruleIds(code, service)).toEqual([]);
    expect(
      await ruleIds('export const stamp = () => [new Date(), Date.now()];', service.replace('.ts', '.test.ts')),
    ).toEqual([]);
  });
});
