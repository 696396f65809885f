// Cacheable JSON (regions, and the hot-read cache's answers): the body is serialised once, its strong ETag
// is a content hash, a matching If-None-Match answers 304 without a body, and the compressed copy a client
// asks for is made once and kept with it rather than on every request.
import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { addVary } from '../lib/request-language.ts';

export const PUBLIC_REFERENCE_CACHE = 'public, max-age=300, stale-while-revalidate=86400';

export interface CachedJson {
  body: string;
  /** The body's size in UTF-8 bytes. */
  bytes: number;
  etag: string;
  /** Compressed copies, made on first demand. */
  encoded?: Partial<Record<Encoding, Buffer>>;
}

type Encoding = 'br' | 'gzip';
/** Below this an answer is sent as it is (as @fastify/compress's threshold in app.ts). */
const COMPRESS_THRESHOLD_BYTES = 1024;

/** The encoding to send: br, else gzip, when the client accepts it (q=0 refuses). */
function acceptedEncoding(header: string | string[] | undefined): Encoding | null {
  const offered = new Set<string>();
  for (const part of String(header ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name || params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) continue;
    offered.add(name);
  }
  if (offered.has('br')) return 'br';
  if (offered.has('gzip') || offered.has('*')) return 'gzip';
  return null;
}

function encode(cached: CachedJson, encoding: Encoding): Buffer {
  const copies = (cached.encoded ??= {});
  return (copies[encoding] ??=
    encoding === 'br'
      ? brotliCompressSync(cached.body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } })
      : gzipSync(cached.body));
}

export function cachedJson(value: unknown): CachedJson {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, bytes: Buffer.byteLength(body), etag };
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): a W/ prefix still matches. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === etag);
}

export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  cached: CachedJson,
  cacheControl = PUBLIC_REFERENCE_CACHE,
) {
  reply.header('ETag', cached.etag).header('Cache-Control', cacheControl);
  if (etagMatches(request.headers['if-none-match'], cached.etag)) return reply.status(304).send();
  reply.type('application/json; charset=utf-8');
  const encoding =
    cached.bytes >= COMPRESS_THRESHOLD_BYTES ? acceptedEncoding(request.headers['accept-encoding']) : null;
  if (!encoding) return reply.send(cached.body);
  addVary(reply, 'Accept-Encoding');
  return reply.header('Content-Encoding', encoding).send(encode(cached, encoding));
}
