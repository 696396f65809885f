// The language the platform's own texts are answered in. The client's API layer sends the interface
// language as Accept-Language on every call, so the header decides first; a request without a supported
// language in it falls back to the saved language cookie (spec §9), and a request with neither (scripts,
// curl) to Chinese, the platform's data language. The header, not the cookie, comes first so that an answer
// depends on a request header that `Vary: Accept-Language` names: caches then keep one copy per language.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { STORAGE_KEYS, type Language } from '../../shared/api/constants.ts';
import { acceptedLanguages, languageOfTag } from '../../shared/api/language.ts';

export const DEFAULT_SERVER_LANGUAGE: Language = 'zh';

export function languageOf(request: Pick<FastifyRequest, 'headers' | 'cookies'>): Language {
  for (const tag of acceptedLanguages(request.headers['accept-language'])) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return languageOfTag(request.cookies?.[STORAGE_KEYS.language] ?? '') ?? DEFAULT_SERVER_LANGUAGE;
}

/** Adds `field` to the answer's Vary header once, keeping what is there (Cookie, Accept-Encoding). */
export function addVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('Vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*') || fields.some((f) => f.toLowerCase() === field.toLowerCase())) return;
  reply.header('Vary', [...fields, field].join(', '));
}

/** The request's language, marking the answer as one that differs by it (for every cache on the way). */
export function requestLanguage(request: FastifyRequest, reply: FastifyReply): Language {
  addVary(reply, 'Accept-Language');
  return languageOf(request);
}
