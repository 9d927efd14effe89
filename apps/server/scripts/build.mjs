// Bundles the server into dist/main.js: the workspace packages (TypeScript sources) are inlined;
// npm dependencies stay external and load from node_modules (PGlite finds its WebAssembly there).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '..');
const root = path.resolve(serverDir, '../..');
const dependenciesOf = (dir) => {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
  return Object.keys({ ...manifest.dependencies, ...manifest.devDependencies });
};
const external = [
  ...new Set(
    [
      serverDir,
      path.join(root, 'packages/db'),
      path.join(root, 'packages/contracts'),
      path.join(root, 'packages/domain'),
    ]
      .flatMap(dependenciesOf)
      .filter((name) => !name.startsWith('@pass/')),
  ),
];

await build({
  entryPoints: [path.join(serverDir, 'src/main.ts')],
  outfile: path.join(serverDir, 'dist/main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('server: built apps/server/dist/main.js');
