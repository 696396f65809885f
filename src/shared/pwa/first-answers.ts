// Answers the server writes into the page it sends (`<script type="application/json" id="first-answers">`):
// the first page renders its data on its first render, with no round trip after the scripts (issue 4).
// Written there: the portal's public GETs, and on a user-centre page the learner's own first GETs when the
// navigation carries that learner's session cookie (the page is then never stored by any cache). The
// service worker's shell has none, and the page then asks.
import { PAGINATION } from '../api/constants.ts';

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

/** The portal home's GETs (spec §7): its banners, the first skill tests open for registration and its layout. */
export const PORTAL_BANNERS_URL = '/v1/skill-tests/banners/list';
export const PORTAL_SKILL_TESTS_URL = '/v1/skill-tests/skill-tests/list';
/** The portal home's published layout (sections' order, notice bar, footer): content management's. */
export const PORTAL_HOME_URL = '/v1/portal/home';
export const PORTAL_HOME_TESTS = 6;
export const PORTAL_HOME_TESTS_QUERY = { page: 1, limit: PORTAL_HOME_TESTS } as const;

/** One GET the server may answer in the page. */
export interface FirstGet {
  url: string;
  params: Readonly<Record<string, string | number>>;
}

/** The learner's user info, which the user centre's guard asks for first (spec §4). */
export const LEARNER_INFO_GET: FirstGet = { url: '/v1/user/info', params: { apiType: 'learners' } };
/** The learner's published scores (spec §7), and the first page of them that /userCenter/achievementQuery shows. */
export const MY_SCORES_URL = '/v0/user/occupational-skill-tests/examScores';
export const MY_SCORES_FIRST_GET: FirstGet = {
  url: MY_SCORES_URL,
  params: { page: PAGINATION.page, limit: PAGINATION.limit },
};

/** The learner's own GETs a user-centre page makes first, by path; none for any other page. */
export function learnerFirstGets(path: string): FirstGet[] {
  if (path !== '/userCenter' && !path.startsWith('/userCenter/')) return [];
  return path === '/userCenter/achievementQuery'
    ? [LEARNER_INFO_GET, MY_SCORES_FIRST_GET]
    : [LEARNER_INFO_GET];
}
