// The learner's own first GETs of a user-centre page, answered in the page the server sends
// (shared/pwa/first-answers.ts): the guard and the page render at once instead of asking after the
// scripts have run. Each GET goes through the API itself (app.inject) with the session cookie's token, so
// it is authorised and shaped exactly as the page's own request would be; one that fails is left out and
// the page asks as usual. Whoever holds no valid learner session gets nothing. On the scores page the
// answer is also painted, in the page's language and size (the build's first paint: first-paint.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { STORAGE_KEYS } from '../../shared/api/constants.ts';
import { acceptedLanguages, detectLanguage } from '../../shared/api/language.ts';
import { MY_SCORES_FIRST_GET, firstAnswerKey, learnerFirstGets } from '../../shared/pwa/first-answers.ts';
import { SCORES_PAGE_PATH } from '../../shared/pwa/first-paint.ts';
import { shellPath } from './client-shell.ts';
import { firstPaint, type PaintPage } from './first-paint.ts';

/** The shape of our session tokens (random, URL-safe); anything else is not even tried. */
const TOKEN = /^[\w-]{16,256}$/;

export async function learnerFirstAnswers(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Record<string, unknown>> {
  const gets = learnerFirstGets(shellPath(request.url));
  const token = request.cookies[STORAGE_KEYS.learnerToken];
  if (gets.length === 0 || !token || !TOKEN.test(token)) return {};
  const answers: Record<string, unknown> = {};
  // Asked in the language the page will show (as its own API calls would be), not the server's default.
  const language = detectLanguage(
    request.cookies[STORAGE_KEYS.language],
    acceptedLanguages(request.headers['accept-language']),
  );
  await Promise.all(
    gets.map(async ({ url, params }) => {
      // The key is the GET itself: the API path and its query.
      const key = firstAnswerKey(url, params);
      try {
        const res = await app.inject({
          method: 'GET',
          url: `/api${key}`,
          headers: { authorization: `Bearer ${token}`, 'accept-language': language },
        });
        if (res.statusCode === 200) answers[key] = res.json();
      } catch (error) {
        request.log.warn({ err: error, url }, 'first answer left out');
      }
    }),
  );
  return answers;
}

/** The first paint of the page from its answers ('' for none): the scores page's content (first-paint.ts). */
export async function learnerFirstPaint(
  request: FastifyRequest,
  answers: Readonly<Record<string, unknown>>,
  paint: PaintPage,
): Promise<string> {
  if (shellPath(request.url) !== SCORES_PAGE_PATH) return '';
  const answer = answers[firstAnswerKey(MY_SCORES_FIRST_GET.url, MY_SCORES_FIRST_GET.params)];
  return firstPaint(request, 'scores', answer, paint);
}
