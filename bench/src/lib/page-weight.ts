import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface AssetSize {
  file: string;
  bytes: number;
  gzipBytes: number;
}

export type PageWeight =
  | { built: false }
  | {
      built: true;
      /** The entry module script and its modulepreload links: what the browser fetches before the home page renders. */
      initialJs: AssetSize[];
      /** Stylesheets linked from index.html. */
      initialCss: AssetSize[];
      /** Every .css file in the build, lazily loaded ones included. */
      allCss: AssetSize[];
      /** Every .js file in the build, for scale: lazy route chunks are not part of the initial load. */
      allJsGzipBytes: number;
      /** References in index.html that point outside the build (another origin) or at a missing file. */
      unresolved: string[];
    };

/**
 * Page weight from the built web app, gzipped at level 9 (what a static host would serve pre-compressed).
 * Follows index.html only: a chunk the home route imports lazily is not counted as initial.
 */
export function measurePageWeight(distDir: string): PageWeight {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) return { built: false };
  const html = readFileSync(indexFile, 'utf8');

  const jsRefs: string[] = [];
  const cssRefs: string[] = [];
  for (const tag of html.matchAll(/<(script|link)\b([^>]*)>/gi)) {
    const attributes = parseAttributes(tag[2] ?? '');
    if (tag[1]!.toLowerCase() === 'script') {
      if (attributes.type === 'module' && attributes.src) jsRefs.push(attributes.src);
      continue;
    }
    const rel = (attributes.rel ?? '').toLowerCase().split(/\s+/);
    if (!attributes.href) continue;
    if (rel.includes('modulepreload')) jsRefs.push(attributes.href);
    else if (rel.includes('stylesheet')) cssRefs.push(attributes.href);
  }

  const unresolved: string[] = [];
  const sizeOf = (refs: string[]) =>
    [...new Set(refs)].flatMap((ref) => {
      const file = resolveReference(distDir, ref);
      if (!file) {
        unresolved.push(ref);
        return [];
      }
      return [assetSize(distDir, file)];
    });

  const allFiles = listFiles(distDir);
  return {
    built: true,
    initialJs: sizeOf(jsRefs),
    initialCss: sizeOf(cssRefs),
    allCss: allFiles.filter((file) => file.endsWith('.css')).map((file) => assetSize(distDir, file)),
    allJsGzipBytes: sum(
      allFiles.filter((file) => /\.m?js$/.test(file)).map((file) => assetSize(distDir, file).gzipBytes),
    ),
    unresolved,
  };
}

export function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0);
}

function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const match of source.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/g)) {
    attributes[match[1]!.toLowerCase()] = match[2] ?? match[3] ?? match[4] ?? '';
  }
  return attributes;
}

/** Maps an href/src from index.html to a file in the build, or null when it is not one. */
function resolveReference(distDir: string, reference: string): string | null {
  if (/^([a-z][a-z0-9+.-]*:)?\/\//i.test(reference)) return null;
  const pathname = decodeURIComponent(reference.split(/[?#]/)[0] ?? '');
  // Root-relative and document-relative are the same thing for a page served at '/'.
  const file = path.join(distDir, pathname.replace(/^\.?\//, ''));
  if (!file.startsWith(distDir + path.sep) || !existsSync(file)) return null;
  return file;
}

function assetSize(distDir: string, file: string): AssetSize {
  const content = readFileSync(file);
  return {
    file: path.relative(distDir, file),
    bytes: content.length,
    gzipBytes: gzipSync(content, { level: 9 }).length,
  };
}

function listFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    return entry.isDirectory() ? listFiles(full) : [full];
  });
}
