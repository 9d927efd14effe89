/**
 * Draws the installable app's icons (apps/web/public/icons) from the favicon's design: the "$$" mark in white
 * on the theme's primary blue. Run it after changing the design (`node apps/web/scripts/make-icons.mjs`) and
 * commit the PNGs: the build and the tests only read them, so nothing is drawn or fetched at build time.
 *
 * - `icon-192.png`, `icon-512.png`: the home-screen and splash icons, rounded like the favicon.
 * - `maskable-512.png`: full bleed, the mark inside the central 80% safe zone, for launchers that cut their own shape.
 * - `apple-touch-icon.png` (180 px): opaque and square, iOS rounds the corners itself.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Resvg } from '@resvg/resvg-js';

const PRIMARY = '#1867C0';
const outDir = path.resolve(import.meta.dirname, '../public/icons');

/** The mark on a 512 × 512 canvas: `corner` rounds the square, `scale` shrinks the text toward the middle. */
function iconSvg({ corner, scale }) {
  const fontSize = 240 * scale;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512" viewBox="0 0 512 512">
  <rect width="512" height="512" rx="${corner}" fill="${PRIMARY}"/>
  <text x="256" y="${256 + fontSize * 0.36}" font-family="Liberation Sans, Arial, Helvetica, sans-serif"
    font-size="${fontSize}" font-weight="700" text-anchor="middle" fill="#FFFFFF">$$</text>
</svg>`;
}

function render(svg, size) {
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: size },
    font: { loadSystemFonts: true, defaultFontFamily: 'Liberation Sans' },
  });
  return resvg.render().asPng();
}

const icons = [
  { file: 'icon-192.png', size: 192, svg: iconSvg({ corner: 112, scale: 1 }) },
  { file: 'icon-512.png', size: 512, svg: iconSvg({ corner: 112, scale: 1 }) },
  { file: 'maskable-512.png', size: 512, svg: iconSvg({ corner: 0, scale: 0.8 }) },
  { file: 'apple-touch-icon.png', size: 180, svg: iconSvg({ corner: 0, scale: 0.9 }) },
];

mkdirSync(outDir, { recursive: true });
for (const icon of icons) {
  const png = render(icon.svg, icon.size);
  writeFileSync(path.join(outDir, icon.file), png);
  console.log(`${icon.file}: ${icon.size} px, ${png.length} bytes`);
}
