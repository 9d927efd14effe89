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

describe("the web's layers", () => {
  const crossFeature = (feature: string) =>
    `pass/web-boundaries: A feature does not import another feature (features/${feature}): move shared code to components/ or lib/, or compose in app/.`;

  it.each([
    [
      'the teller importing the ledger',
      'apps/web/src/features/teller/components/example.tsx',
      "export { ParlayLauncher } from '../../ledger/components/parlay-launcher';",
      crossFeature('ledger'),
    ],
    [
      'the ledger importing the stats',
      'apps/web/src/features/ledger/api/example.ts',
      "export { statsQuery } from '../../stats/api/stats';",
      crossFeature('stats'),
    ],
    [
      'the replay importing the stats, lazily',
      'apps/web/src/features/replay/components/example.tsx',
      "export const screen = () => import('../../stats/components/stats-screen');",
      crossFeature('stats'),
    ],
    [
      'shared code importing a feature',
      'apps/web/src/lib/example.ts',
      "export { tellerQuery } from '../features/teller/api/teller';",
      'pass/web-boundaries: Shared code (lib/) does not depend on features.',
    ],
  ])('refuses %s', async (_, file, code, message) => {
    expect(await ruleIds(code, file)).toEqual([message]);
  });

  it("takes a feature's own code and shared code, and app/ composing features", async () => {
    const feature = [
      "export { useCreateBet } from '../api/bets';",
      "export { useInvalidateLedger } from '../../../lib/ledger-cache';",
      "export { default as RewardChart } from '../../../components/reward-chart';",
    ].join('\n');
    expect(await ruleIds(feature, 'apps/web/src/features/ledger/components/example.tsx')).toEqual([]);
    const app = [
      "export { ParlayLauncher } from '../../features/ledger/components/parlay-launcher';",
      "export { default as TellerPlaceBetRoute } from '../../features/teller/routes/teller-place-bet';",
    ].join('\n');
    expect(await ruleIds(app, 'apps/web/src/app/teller/example.tsx')).toEqual([]);
  });
});
