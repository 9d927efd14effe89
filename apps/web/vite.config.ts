import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { brandColors } from './src/config/brand-colors.ts';

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

/**
 * The installable app (docs/decisions/043-installable-app.md): the manifest, and the service worker built from
 * src/sw.ts with the list of the app shell's files to precache written into it. The page registers the worker
 * itself after load (src/lib/service-worker.ts), so nothing is added to the first page's scripts.
 */
function installableApp() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    registerType: 'prompt',
    manifestFilename: 'manifest.webmanifest',
    manifest: {
      id: '/',
      name: 'PA$$',
      short_name: 'PA$$',
      description: 'Track your picks and bets, compare odds across sportsbooks and run your office pool.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      orientation: 'any',
      theme_color: brandColors.primary,
      background_color: brandColors.background,
      categories: ['sports'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // The shell and every screen's chunk, never the source maps or the .br/.gz copies of the same files.
      globPatterns: ['**/*.{js,css,html,svg,png,webmanifest}'],
      globIgnores: ['sw.js'],
    },
  });
}

export default defineConfig({
  // The web unit tests (vitest.config.ts extends this file) need neither the worker nor the manifest.
  plugins: [react(), precompress(), ...(process.env.VITEST ? [] : [installableApp()])],
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
