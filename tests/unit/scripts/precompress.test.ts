// @vitest-environment node
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PRECOMPRESS_MIN_BYTES, precompressDir } from '../../../scripts/web/precompress.ts';

let dir: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
  fs.mkdirSync(path.join(dir, 'assets'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

const write = (name: string, content: string | Buffer) => fs.writeFileSync(path.join(dir, name), content);
const exists = (name: string) => fs.existsSync(path.join(dir, name));

describe('precompressDir', () => {
  it('writes a brotli and a gzip copy beside each large text file, each decoding to the file', async () => {
    const script =
      'export const rows = [' + Array.from({ length: 400 }, (_, i) => `"行${i}"`).join(',') + '];\n';
    write('assets/page-a1.js', script);
    write('sw.js', script);
    write('assets/page-a1.css', `.m_1{color:red}\n`.repeat(200));

    const summary = await precompressDir(dir);

    for (const name of ['assets/page-a1.js', 'sw.js', 'assets/page-a1.css']) {
      const original = fs.readFileSync(path.join(dir, name));
      expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, `${name}.br`)))).toEqual(original);
      expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, `${name}.gz`)))).toEqual(original);
    }
    expect(summary.files).toBe(3);
    expect(summary.brotliBytes).toBeLessThan(summary.bytes / 4);
  });

  it('leaves alone small files, images and copies that would not be smaller', async () => {
    write('assets/tiny-b2.js', 'export {};');
    write('favicon.png', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    // Random bytes do not compress: no copy larger than the file.
    const noise = Buffer.alloc(PRECOMPRESS_MIN_BYTES * 4);
    for (let i = 0; i < noise.length; i++) noise[i] = Math.floor(Math.random() * 256);
    write('assets/noise-c3.js', noise);

    const summary = await precompressDir(dir);

    expect(exists('assets/tiny-b2.js.br')).toBe(false);
    expect(exists('assets/tiny-b2.js.gz')).toBe(false);
    expect(exists('favicon.png.br')).toBe(false);
    expect(exists('assets/noise-c3.js.gz')).toBe(false);
    expect(exists('assets/noise-c3.js.br')).toBe(false);
    expect(summary.files).toBe(1);
  });

  it('leaves the build’s metadata directory alone (the server-only first-paint modules are never served)', async () => {
    const script = 'export const x = [' + Array.from({ length: 400 }, (_, i) => `"${i}"`).join(',') + '];\n';
    fs.mkdirSync(path.join(dir, '.vite', 'first-paint'), { recursive: true });
    write('.vite/first-paint/portal.js', script);
    write('.vite/route-preloads.json', JSON.stringify({ '/': Array(200).fill('/assets/a.js') }));
    write('assets/page-a1.js', script);

    const summary = await precompressDir(dir);

    expect(exists('.vite/first-paint/portal.js.br')).toBe(false);
    expect(exists('.vite/first-paint/portal.js.gz')).toBe(false);
    expect(exists('.vite/route-preloads.json.gz')).toBe(false);
    expect(exists('assets/page-a1.js.br')).toBe(true);
    expect(summary.files).toBe(1);
  });
});
