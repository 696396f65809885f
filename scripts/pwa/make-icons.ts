// Draws the product icon (a certificate with a gold seal on the theme colour #3e56ec) as SVG and renders
// the PNG sizes the web app manifest, iOS and browsers need with headless Chromium:
//   public/favicon.svg, favicon.ico (16/32/48), apple-touch-icon.png (180), pwa-192x192.png,
//   pwa-512x512.png (purpose any, rounded), maskable-192x192.png, maskable-512x512.png (full bleed,
//   glyph inside the 80 % safe zone).
// Run: npx tsx scripts/pwa/make-icons.ts  (the PNGs are committed; rerun only when the design changes)
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { THEME_COLOR } from '../../src/shared/api/constants.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../../tests/e2e/fixtures/chromium.ts';

const PUBLIC_DIR = path.resolve('public');

/** The certificate + seal, drawn in a 512 box; its visual centre is about (263, 283). */
const GLYPH = `
    <rect x="92" y="104" width="300" height="232" rx="24" fill="#ffffff"/>
    <rect x="132" y="148" width="220" height="20" rx="10" fill="${THEME_COLOR}"/>
    <rect x="132" y="194" width="160" height="16" rx="8" fill="#aab6f7"/>
    <rect x="132" y="230" width="120" height="16" rx="8" fill="#aab6f7"/>
    <path d="M318 356 l-22 76 36-18 24 30 12-84z" fill="#f0a020"/>
    <path d="M398 356 l22 76 -36-18 -24 30 -12-84z" fill="#d98a10"/>
    <circle cx="358" cy="318" r="70" fill="#ffc53d" stroke="#ffffff" stroke-width="14"/>
    <path d="M358 276 l12.3 25 27.6 4 -20 19.5 4.7 27.5 -24.6-13 -24.6 13 4.7-27.5 -20-19.5 27.6-4z" fill="#ffffff"/>`;

function iconSvg(kind: 'any' | 'maskable' | 'apple'): string {
  // any: rounded tile, glyph at 86 %; maskable: full bleed, glyph inside the safe circle (r = 40 %);
  // apple: full bleed (iOS rounds the corners itself).
  const scale = kind === 'maskable' ? 0.74 : 0.86;
  const background =
    kind === 'any'
      ? `<rect width="512" height="512" rx="112" fill="${THEME_COLOR}"/>`
      : `<rect width="512" height="512" fill="${THEME_COLOR}"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" role="img" aria-label="技能人才评价服务管理平台">
  ${background}
  <g transform="translate(256 256) scale(${scale}) translate(-263 -283)">${GLYPH}
  </g>
</svg>
`;
}

/** An .ico holding PNG images (supported by every current browser). */
function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries: Buffer[] = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

async function main() {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const page = await browser.newPage({ deviceScaleFactor: 1 });
  async function render(svg: string, size: number): Promise<Buffer> {
    await page.setViewportSize({ width: size, height: size });
    const html = `<!doctype html><html><head><style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style></head><body>${svg}</body></html>`;
    await page.setContent(html);
    return page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
  }

  const any = iconSvg('any');
  fs.writeFileSync(path.join(PUBLIC_DIR, 'favicon.svg'), any);
  const outputs: [string, string, number][] = [
    ['pwa-192x192.png', any, 192],
    ['pwa-512x512.png', any, 512],
    ['maskable-192x192.png', iconSvg('maskable'), 192],
    ['maskable-512x512.png', iconSvg('maskable'), 512],
    ['apple-touch-icon.png', iconSvg('apple'), 180],
  ];
  for (const [name, svg, size] of outputs) {
    fs.writeFileSync(path.join(PUBLIC_DIR, name), await render(svg, size));
    console.log(`public/${name} ${size}x${size}`);
  }
  const icoImages: { size: number; png: Buffer }[] = [];
  for (const size of [16, 32, 48]) icoImages.push({ size, png: await render(any, size) });
  fs.writeFileSync(path.join(PUBLIC_DIR, 'favicon.ico'), icoFromPngs(icoImages));
  console.log('public/favicon.ico 16/32/48');
  await browser.close();
}

await main();
