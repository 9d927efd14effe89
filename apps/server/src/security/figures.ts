import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Where the suite leaves its figures: one JSON file per part and database. */
export const FIGURES_DIR = path.join(tmpdir(), 'pass-security');

/** The closing figures of a part of the suite: written to a file, and printed on one line. */
export function writeFigures(name: string, figures: Record<string, number>): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const file = path.join(FIGURES_DIR, `${name}.json`);
  writeFileSync(file, `${JSON.stringify(figures, null, 2)}\n`);
  const line = Object.entries(figures)
    .map(([key, value]) => `${key} ${value}`)
    .join(', ');
  console.log(`security suite, ${name}: ${line} (${file})`);
}

/** Every finding of a part of the suite, one a line, next to its figures. */
export function writeFindings(name: string, findings: string[]): string {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const file = path.join(FIGURES_DIR, `${name}-findings.txt`);
  writeFileSync(file, findings.length > 0 ? `${findings.join('\n')}\n` : '');
  return file;
}
