// @vitest-environment node
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { cachedJson, sendCachedJson } from '../../../../src/server/http/cacheable.ts';

const big = cachedJson({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `第${i}项` })) });
const small = cachedJson({ data: [] });

async function app() {
  const server = Fastify();
  server.get('/big', (request, reply) => sendCachedJson(request, reply, big, 'private, no-cache'));
  server.get('/small', (request, reply) => sendCachedJson(request, reply, small));
  await server.ready();
  return server;
}

describe('sendCachedJson', () => {
  it('sends the compressed copy the client accepts, made once, with Vary', async () => {
    const server = await app();
    const br = await server.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(big.body);
    const gzip = await server.inject({ url: '/big', headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(big.body);
    const copy = big.encoded?.gzip;
    await server.inject({ url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(big.encoded?.gzip).toBe(copy);
  });

  it('sends plain JSON to a client without an encoding, and small answers as they are', async () => {
    const server = await app();
    const plain = await server.inject({ url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big.body);
    const tiny = await server.inject({ url: '/small', headers: { 'accept-encoding': 'br' } });
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe(small.body);
  });

  it('answers 304 to its ETag, weak or strong', async () => {
    const server = await app();
    const first = await server.inject({ url: '/big' });
    const etag = String(first.headers.etag);
    expect((await server.inject({ url: '/big', headers: { 'if-none-match': etag } })).statusCode).toBe(304);
    expect((await server.inject({ url: '/big', headers: { 'if-none-match': `W/${etag}` } })).statusCode).toBe(
      304,
    );
    expect((await server.inject({ url: '/big', headers: { 'if-none-match': '"other"' } })).statusCode).toBe(
      200,
    );
  });
});
