// The build's files as the server sends them: the build's own compressed copies
// (scripts/web/precompress.ts) for a browser that accepts them, the file itself otherwise, with the
// same cache headers either way; a file without copies is still compressed.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/web/precompress.ts';
import { createTestApp, type TestContext } from '../helpers/api.ts';

const clientDir = `.tmp/static-client-${process.pid}`;
const SCRIPT =
  'export const rows = [' + Array.from({ length: 500 }, (_, i) => `"第${i}行"`).join(',') + '];\n';
const VERSION = JSON.stringify({
  version: 'V1.0.0+test',
  build_time: '2026-11-22T00:00:00.000Z',
  note: 'x'.repeat(2000),
});

let ctx: TestContext;
beforeAll(async () => {
  fs.mkdirSync(path.join(clientDir, 'assets'), { recursive: true });
  fs.writeFileSync(
    path.join(clientDir, 'index.html'),
    '<!doctype html><html><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(path.join(clientDir, 'assets', 'page-a1.js'), SCRIPT);
  fs.writeFileSync(path.join(clientDir, 'version.json'), VERSION);
  await precompressDir(clientDir);
  // Written after the build's step: no copies beside it.
  fs.writeFileSync(path.join(clientDir, 'assets', 'late-b2.js'), SCRIPT);
  ctx = await createTestApp({ CLIENT_DIR: clientDir });
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(clientDir, { recursive: true, force: true });
});

const get = (url: string, acceptEncoding?: string) =>
  ctx.app.inject({
    method: 'GET',
    url,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });

describe('static files', () => {
  it('sends the brotli copy to a browser that accepts it, with the hashed file’s cache headers', async () => {
    const res = await get('/assets/page-a1.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain('javascript');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.rawPayload).toEqual(fs.readFileSync(path.join(clientDir, 'assets', 'page-a1.js.br')));
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy without brotli, and the file itself without either', async () => {
    const gz = await get('/assets/page-a1.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
    const plain = await get('/assets/page-a1.js');
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('keeps version.json no-cache in its compressed form', async () => {
    const res = await get('/version.json', 'br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(zlib.brotliDecompressSync(res.rawPayload).toString())).toEqual(JSON.parse(VERSION));
  });

  it('still compresses a file without copies, and answers a missing file with 404', async () => {
    const res = await get('/assets/late-b2.js', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
    expect((await get('/assets/gone-c3.js', 'br')).statusCode).toBe(404);
    // A copy is not a file of its own name.
    expect((await get('/assets/page-a1.js.br.js', 'br')).statusCode).toBe(404);
  });
});
