// Bundles the server into dist/main.js, and the operator's admin command into dist/admin.js (the browser
// tests run it on their fresh data directory): the workspace packages (TypeScript sources) are inlined;
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
  entryPoints: { main: path.join(serverDir, 'src/main.ts'), admin: path.join(serverDir, 'src/cli/admin.ts') },
  outdir: path.join(serverDir, 'dist'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
});
console.log('server: built apps/server/dist/main.js and dist/admin.js');
