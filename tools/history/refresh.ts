/**
 * `npm run history:refresh [-- --from <folder>] [--check]`
 *
 * Writes `history/` from the raw captures in `../shared` (or `--from`): each file of manifest.ts copied
 * byte for byte and gzip-compressed, so the parsers read exactly what the source published. A file whose held
 * copy already unpacks to the same bytes is left as it is (a newer zlib would compress it differently, for
 * nothing); a file in history/ that the list no longer names is removed. `--check` writes nothing and fails
 * when history/ differs from the captures. This is the only code that reads `../shared`.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { HELD_FILES, storedName } from './manifest.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');
const historyDir = path.join(repoRoot, 'history');
/** Written by hand, never by this script. */
const DOCUMENTS = new Set(['README.md', 'ATTRIBUTION.md']);

const { values } = parseArgs({
  options: { from: { type: 'string' }, check: { type: 'boolean', default: false } },
});
const sourceDir = values.from ? path.resolve(values.from) : path.resolve(repoRoot, '../shared');

function listFiles(dir: string, prefix = ''): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const relative = prefix ? `${prefix}/${name}` : name;
    return statSync(path.join(dir, name)).isDirectory() ? listFiles(path.join(dir, name), relative) : [relative];
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

let differences = 0;
let missing = 0;
let raw = 0;
let stored = 0;
for (const held of HELD_FILES) {
  const source = path.join(sourceDir, held.from);
  if (!existsSync(source)) {
    console.error(`missing: ${source}`);
    missing += 1;
    continue;
  }
  const content = readFileSync(source);
  const target = path.join(historyDir, storedName(held));
  const current = existsSync(target) ? readFileSync(target) : undefined;
  const unpacked = current && (held.plain ? current : gunzipSync(current));
  const same = unpacked?.equals(content) ?? false;
  const written = same ? current! : held.plain ? content : gzipSync(content, { level: 9 });
  raw += content.length;
  stored += written.length;
  if (same) continue;
  differences += 1;
  console.log(`${current ? 'changed' : 'new'}: ${storedName(held)} (${kb(content.length)} → ${kb(written.length)})`);
  if (values.check) continue;
  mkdirSync(path.dirname(target), { recursive: true });
  writeFileSync(target, written);
}

const named = new Set(HELD_FILES.map(storedName));
for (const file of listFiles(historyDir)) {
  if (named.has(file) || DOCUMENTS.has(file)) continue;
  differences += 1;
  console.log(`not in the list: ${file}`);
  if (!values.check) rmSync(path.join(historyDir, file));
}

if (missing > 0) {
  console.error(
    `${missing} of ${HELD_FILES.length} captures are not in ${sourceDir}; their held copies are left as they are`,
  );
  process.exitCode = 1;
} else {
  console.log(
    `${HELD_FILES.length} files, ${kb(raw)} as published, ${kb(stored)} held; ` +
      `${differences === 0 ? 'history/ matches the captures' : `${differences} ${values.check ? 'differ' : 'written or removed'}`}`,
  );
}
if (values.check && differences > 0) process.exitCode = 1;
