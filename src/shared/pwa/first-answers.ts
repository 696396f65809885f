// Answers the server writes into the page it sends (`<script type="application/json" id="first-answers">`):
// the first page renders its data on its first render, with no round trip after the scripts (issue 4).
// Only public GETs are ever written there; the service worker's shell has none, and the page then asks.

export const FIRST_ANSWERS_ELEMENT_ID = 'first-answers';

/** Where the server puts the page's first-paint markup inside the shell's #root (index.html). */
export const FIRST_PAINT_MARKER = '<!--first-paint-->';

/** The key of one GET: its API path and its query, sorted ('/v1/x?limit=6&page=1'). */
export function firstAnswerKey(url: string, params: Readonly<Record<string, string | number>> = {}): string {
  const search = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  search.sort();
  const query = search.toString();
  return query ? `${url}?${query}` : url;
}

/** The portal home's GETs (spec §7): its banners and the first skill tests open for registration. */
export const PORTAL_BANNERS_URL = '/v1/skill-tests/banners/list';
export const PORTAL_SKILL_TESTS_URL = '/v1/skill-tests/skill-tests/list';
export const PORTAL_HOME_TESTS = 6;
export const PORTAL_HOME_TESTS_QUERY = { page: 1, limit: PORTAL_HOME_TESTS } as const;
