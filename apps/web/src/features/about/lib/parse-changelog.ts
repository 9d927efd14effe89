/**
 * Reads the project's CHANGELOG.md: `## heading` sections, each with `- entry` lines.
 * Anything else (the title, blank lines, prose) is ignored, so the file stays pleasant to edit.
 */
export interface ChangelogSection {
  heading: string;
  entries: string[];
}

export function parseChangelog(markdown: string): ChangelogSection[] {
  const sections: ChangelogSection[] = [];
  for (const rawLine of markdown.split(/\r?\n/)) {
    const line = rawLine.trim();
    const heading = /^##\s+(.+)$/.exec(line);
    if (heading) {
      sections.push({ heading: heading[1]!.trim(), entries: [] });
      continue;
    }
    const entry = /^[-*]\s+(.+)$/.exec(line);
    const current = sections.at(-1);
    if (entry && current) current.entries.push(entry[1]!.trim());
  }
  return sections.filter((section) => section.entries.length > 0);
}

/** `**bold**` and `` `code` `` spans of an entry, as plain segments to render without HTML. */
export type InlineSegment = { kind: 'text' | 'strong' | 'code'; text: string };

export function parseInline(entry: string): InlineSegment[] {
  const segments: InlineSegment[] = [];
  const pattern = /\*\*(.+?)\*\*|`(.+?)`/g;
  let last = 0;
  for (const match of entry.matchAll(pattern)) {
    if (match.index > last) segments.push({ kind: 'text', text: entry.slice(last, match.index) });
    segments.push(match[1] !== undefined ? { kind: 'strong', text: match[1] } : { kind: 'code', text: match[2]! });
    last = match.index + match[0].length;
  }
  if (last < entry.length) segments.push({ kind: 'text', text: entry.slice(last) });
  return segments;
}
