import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy next to each built file a browser loads as text, once, at
 * build time: the server sends the one the browser accepts (`preCompressed` in apps/server's web-app plugin),
 * so a first visit downloads about a third of the bytes and no request pays for compressing.
 */
function precompress(): Plugin {
  const compressible = /\.(js|css|html|svg|json|webmanifest|txt)$/;
  let outDir = 'dist';
  return {
    name: 'pass-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const visit = (dir: string) => {
        for (const entry of readdirSync(dir)) {
          const file = path.join(dir, entry);
          if (statSync(file).isDirectory()) visit(file);
          else if (compressible.test(entry) && statSync(file).size >= 1024) {
            const source = readFileSync(file);
            writeFileSync(
              `${file}.br`,
              brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            );
            writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
          }
        }
      };
      visit(outDir);
    },
  };
}

// The API server during `npm run dev`; the built app is served by the server itself on one port.
const apiTarget = process.env.PASS_API_URL ?? 'http://localhost:3000';
const apiPaths = ['/api', '/auth', '/billing', '/legal', '/ws'];

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: Object.fromEntries(apiPaths.map((prefix) => [prefix, { target: apiTarget, ws: prefix === '/ws' }])),
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The home page's initial JavaScript is budgeted (≤ 200 KB gzipped): keep the vendor split stable.
    chunkSizeWarningLimit: 600,
  },
});
