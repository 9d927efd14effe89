import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The repository's lint configuration, run on code written for the test at a path inside the tree. */
const eslint = new ESLint({ cwd: path.resolve(import.meta.dirname, '../..') });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const refused = expect.stringMatching(
  /^no-restricted-syntax: Use the domain's BetMode, BetKind, BetType or Status names \(packages\/domain\/src\/enums\.ts\)/,
);

describe("the web's enumeration rule", () => {
  const file = 'apps/web/src/features/ledger/lib/example.ts';
  const entry = [
    'export declare const entry: { bet_mode: number; bet_kind: number; bet_type: number; status: number };',
    'export declare const kind: number;',
  ].join('\n');

  it.each([
    ['a bet mode', 'export const bet = entry.bet_mode === 3;'],
    ['a bet kind, number first', 'export const moneyline = 1 !== entry.bet_kind;'],
    ['a bet type', 'export const teaser = entry.bet_type == 6;'],
    ['a status', 'export const open = entry.status === 1;'],
    ['an unknown status', 'export const unknown = entry.status === -1;'],
    ['a kind held in a variable', 'export const totals = kind === 2;'],
    ['an order of modes', 'export const bet = entry.bet_mode > 2;'],
  ])('refuses %s compared with its number', async (_, code) => {
    expect(await ruleIds(`${entry}\n${code}`, file)).toEqual([refused]);
  });

  it('refuses a switch on a status by its numbers', async () => {
    const code = 'export function word() {\n  switch (entry.status) {\n    case 1:\n      return "Open";\n  }\n}';
    expect(await ruleIds(`${entry}\n${code}`, file)).toEqual([refused]);
  });

  it('takes the names, and an HTTP status by its number', async () => {
    const code = [
      "import { BetKind, BetMode, BetType, Status } from '@pass/domain';",
      'export const bet = entry.bet_mode === BetMode.bet_on || entry.bet_mode === BetMode.bet_against;',
      'export const line = entry.bet_kind !== BetKind.moneyline && entry.bet_type === BetType.favored;',
      'export const open = entry.status === Status.open && kind === BetKind.totals;',
      'export declare const error: { status: number };',
      'export const missing = error.status === 404;',
    ].join('\n');
    expect(await ruleIds(`${entry}\n${code}`, file)).toEqual([]);
  });
});
