// The interface language (spec §9): the saved cookie, else the browser's languages, else en. The page reads
// navigator.languages; the server reads the Accept-Language header of the same browser, so both choose the
// same language for the first paint.
import { LANGUAGES, type Language } from './constants.ts';

function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** Language from the saved cookie, else the browser language, else en (spec §9). */
export function detectLanguage(
  cookieValue: string | undefined,
  browserLanguages: readonly string[],
): Language {
  if (isLanguage(cookieValue)) return cookieValue;
  for (const tag of browserLanguages) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return 'en';
}

/** The supported language a tag names ('zh-CN' -> 'zh'), if any. */
export function languageOfTag(tag: string): Language | undefined {
  const base = tag.toLowerCase().split('-')[0];
  return isLanguage(base) ? base : undefined;
}

/**
 * The tags of an Accept-Language header, most preferred first, as navigator.languages lists them:
 * 'en;q=0.5, zh-CN' -> ['zh-CN', 'en']. A tag with q=0 is refused, so it is left out.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ tag, q }) => tag !== '' && tag !== '*' && q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index)
    .map(({ tag }) => tag);
}
