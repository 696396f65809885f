// Cacheable JSON for reference data (lookups, regions): the body is serialised once, its strong ETag is
// a content hash, and a matching If-None-Match answers 304 without a body.
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

export const PUBLIC_REFERENCE_CACHE = 'public, max-age=300, stale-while-revalidate=86400';

export interface CachedJson {
  body: string;
  etag: string;
}

export function cachedJson(value: unknown): CachedJson {
  const body = JSON.stringify(value);
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
  return { body, etag };
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
  return reply.type('application/json; charset=utf-8').send(cached.body);
}
