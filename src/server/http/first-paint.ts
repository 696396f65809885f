// The first paint of a page from its first answer (shared/pwa/first-paint.ts), in the language and size the
// page will render in: the language cookie, else the browser's languages (the page's own choice), and the
// saved size. A paint that fails is left out: the page draws itself as usual.
import type { FastifyRequest } from 'fastify';
import { DEFAULT_UI_SIZE, STORAGE_KEYS, UI_SIZES, type UiSize } from '../../shared/api/constants.ts';
import { acceptedLanguages, detectLanguage } from '../../shared/api/language.ts';
import type { FirstPaintName, FirstPaintOptions } from '../../shared/pwa/first-paint.ts';

/** Renders a page's first paint (client-shell.ts clientShell().paint). */
export type PaintPage = (
  name: FirstPaintName,
  answer: unknown,
  options: FirstPaintOptions,
) => Promise<string>;

/** The page's size as the client reads it: the saved one, else the default. */
const uiSize = (saved: string | undefined): UiSize =>
  (UI_SIZES as readonly string[]).includes(saved ?? '') ? (saved as UiSize) : DEFAULT_UI_SIZE;

/** The language and size the page will render in for this request. */
export function paintOptions(request: FastifyRequest): FirstPaintOptions {
  return {
    lang: detectLanguage(
      request.cookies[STORAGE_KEYS.language],
      acceptedLanguages(request.headers['accept-language']),
    ),
    size: uiSize(request.cookies[STORAGE_KEYS.size]),
  };
}

/** Page `name` painted from `answer` for this request ('' without an answer, or when the paint fails). */
export async function firstPaint(
  request: FastifyRequest,
  name: FirstPaintName,
  answer: unknown,
  paint: PaintPage,
): Promise<string> {
  if (answer === undefined) return '';
  try {
    return await paint(name, answer, paintOptions(request));
  } catch (error) {
    request.log.warn({ err: error, page: name }, 'first paint left out');
    return '';
  }
}
