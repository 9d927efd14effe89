import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { HELD_FILES, storedName } from './manifest.js';
import { siblingReads } from './sibling-reads.js';

const root = path.resolve(import.meta.dirname, '../..');
const historyDir = path.join(root, 'history');

/**
 * Folders not searched: installed and built output, the held files themselves and the embedded database's
 * data directory.
 */
const SKIPPED = new Set(['node_modules', 'dist', '.tsbuild', 'coverage']);
const SKIPPED_AT_TOP = new Set(['history', 'data']);
/** The one program that reads the raw captures beside the repository, to write history/. */
const REFRESH = 'tools/history/refresh.ts';

function sourceFiles(dir: string, prefix = ''): string[] {
  return readdirSync(dir).flatMap((name) => {
    const relative = prefix ? `${prefix}/${name}` : name;
    if (SKIPPED.has(name) || (!prefix && SKIPPED_AT_TOP.has(name)) || name.startsWith('.')) return [];
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full, relative);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(name) ? [relative] : [];
  });
}

describe('the history the repository holds', () => {
  it('is read from history/ by the product and the tests: no source file but the refresh names ../shared', () => {
    const files = sourceFiles(root);
    expect(files).toContain('apps/server/src/modules/imports/first-run.ts');
    expect(files).toContain(REFRESH);
    const offenders = files
      .filter((file) => file !== REFRESH)
      .flatMap((file) =>
        siblingReads(file, readFileSync(path.join(root, file), 'utf8')).map(
          ({ line, literal }) => `${file}:${line} ${literal}`,
        ),
      );
    expect(offenders).toEqual([]);
  });

  it('finds a path to the folder beside the repository in code, never in a comment', () => {
    // Spelt in pieces, so that this file names no such path itself.
    const beside = ['..', 'shared'].join('/');
    const source = [
      `// The contract is described in ${beside}/contracts/README.md.`,
      `const DATA = path.resolve(root, '${beside}/data');`,
      `const schema = readFileSync(\`\${root}/${beside}/contracts/paypal/\${file}\`);`,
      `const games = read('shared/data/nflverse/games.csv');`,
      "const key = limiter.hit('shared');",
      "const held = readHistoryFile('nflverse/games.csv');",
    ].join('\n');
    expect(siblingReads('example.ts', source)).toEqual([
      { line: 2, literal: `${beside}/data` },
      { line: 3, literal: `/${beside}/contracts/paypal/` },
      { line: 4, literal: ['shared', 'data', 'nflverse', 'games.csv'].join('/') },
    ]);
  });

  it('holds every listed file, compressed, and nothing unlisted', () => {
    for (const held of HELD_FILES) {
      const file = path.join(historyDir, storedName(held));
      expect(existsSync(file), storedName(held)).toBe(true);
      if (!held.plain) expect(gunzipSync(readFileSync(file)).length, storedName(held)).toBeGreaterThan(0);
    }
    const listed = new Set([...HELD_FILES.map(storedName), 'README.md', 'ATTRIBUTION.md']);
    const onDisk = (dir: string, prefix = ''): string[] =>
      readdirSync(dir).flatMap((name) =>
        statSync(path.join(dir, name)).isDirectory()
          ? onDisk(path.join(dir, name), `${prefix}${name}/`)
          : [`${prefix}${name}`],
      );
    expect(onDisk(historyDir).filter((file) => !listed.has(file))).toEqual([]);
  });

  it('stays compact: under 10 MB in all', () => {
    const bytes = HELD_FILES.reduce((sum, held) => sum + statSync(path.join(historyDir, storedName(held))).size, 0);
    expect(bytes).toBeLessThan(10 * 1024 * 1024);
  });

  it("names each source's terms in ATTRIBUTION.md, Retrosheet's notice word for word", () => {
    const attribution = readFileSync(path.join(historyDir, 'ATTRIBUTION.md'), 'utf8');
    for (const source of [
      'nflverse',
      'CollegeFootballData',
      'sportsdataverse',
      'Retrosheet',
      'MLB Advanced Media',
      'Lahman',
      'The Odds API',
      'PayPal',
    ]) {
      expect(attribution, source).toContain(source);
    }
    expect(attribution.replace(/\s+/g, ' ')).toContain(
      'The information used here was obtained free of charge from and is copyrighted by Retrosheet. Interested parties may contact Retrosheet at "www.retrosheet.org".',
    );
  });
});
