import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseChangelog, parseInline } from './parse-changelog';

describe('parseChangelog', () => {
  it('reads ## sections with their - entries, ignoring the title and prose', () => {
    const markdown = [
      '# Changelog',
      '',
      'Intro prose that is not an entry.',
      '- a list item before any section is ignored',
      '',
      '## 2026-11-21',
      '',
      '- First entry.',
      '* Second entry, with a star.',
      'Some prose between entries.',
      '',
      '## 2026-10-01',
      '- Older entry.',
    ].join('\n');
    expect(parseChangelog(markdown)).toEqual([
      { heading: '2026-11-21', entries: ['First entry.', 'Second entry, with a star.'] },
      { heading: '2026-10-01', entries: ['Older entry.'] },
    ]);
  });

  it('drops a section without entries', () => {
    expect(parseChangelog('## Empty\n\nnothing here\n## Full\n- one')).toEqual([{ heading: 'Full', entries: ['one'] }]);
  });

  it('accepts Windows line ends and trims headings, entries and indentation', () => {
    expect(parseChangelog('##   Spaced heading  \r\n   -   indented entry   \r\n')).toEqual([
      { heading: 'Spaced heading', entries: ['indented entry'] },
    ]);
  });

  it('does not take ### headings or dashes without a space for sections or entries', () => {
    expect(parseChangelog('## Main\n### Sub\n-not an entry\n- entry')).toEqual([
      { heading: 'Main', entries: ['entry'] },
    ]);
  });

  it('is empty for an empty file', () => {
    expect(parseChangelog('')).toEqual([]);
  });

  it('parses the project CHANGELOG.md into dated sections with entries', () => {
    // A path, not `new URL(…, import.meta.url)`: Vite would rewrite that into an asset address.
    const file = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../../CHANGELOG.md');
    const markdown = readFileSync(file, 'utf8');
    const sections = parseChangelog(markdown);
    expect(sections.length).toBeGreaterThan(0);
    for (const section of sections) {
      expect(section.heading).not.toBe('');
      expect(section.entries.length).toBeGreaterThan(0);
      for (const entry of section.entries) expect(entry).not.toMatch(/^[-*]\s/);
    }
    expect(sections.some((section) => section.entries.some((entry) => entry.includes('/api/docs')))).toBe(true);
  });
});

describe('parseInline', () => {
  it('returns plain text as one segment', () => {
    expect(parseInline('Just text.')).toEqual([{ kind: 'text', text: 'Just text.' }]);
  });

  it('splits bold and code spans from the text around them', () => {
    expect(parseInline('See **Pool Party** at `/pool-party` now.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'strong', text: 'Pool Party' },
      { kind: 'text', text: ' at ' },
      { kind: 'code', text: '/pool-party' },
      { kind: 'text', text: ' now.' },
    ]);
  });

  it('handles spans at the start, at the end and next to each other', () => {
    expect(parseInline('**a**`b`')).toEqual([
      { kind: 'strong', text: 'a' },
      { kind: 'code', text: 'b' },
    ]);
  });

  it('leaves unclosed markers as text', () => {
    expect(parseInline('a ** b ` c')).toEqual([{ kind: 'text', text: 'a ** b ` c' }]);
  });

  it('keeps markdown inside a code span as it is', () => {
    expect(parseInline('`**not bold**`')).toEqual([{ kind: 'code', text: '**not bold**' }]);
  });

  it('is empty for an empty entry', () => {
    expect(parseInline('')).toEqual([]);
  });

  it('loses no text: the segments joined with their markers give back the entry', () => {
    const entry = 'API documentation at `/api/docs` and **health** checks.';
    const rebuilt = parseInline(entry)
      .map((segment) =>
        segment.kind === 'strong'
          ? `**${segment.text}**`
          : segment.kind === 'code'
            ? `\`${segment.text}\``
            : segment.text,
      )
      .join('');
    expect(rebuilt).toBe(entry);
  });
});
