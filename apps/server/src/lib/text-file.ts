import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

/**
 * A text file's content, unpacked first when its name ends in `.gz`: the history the repository holds is
 * gzip-compressed (history/README.md), and an admin may import a compressed file of their own the same way.
 */
export function readTextFile(file: string): string {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}
