import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The API server during `npm run dev`; the built app is served by the server itself on one port.
const apiTarget = process.env.PASS_API_URL ?? 'http://localhost:3000';
const apiPaths = ['/api', '/auth', '/billing', '/legal', '/ws'];

export default defineConfig({
  plugins: [react()],
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
