// Public portal calls (spec §7): banners, the skill tests open for registration and the newest courses. No token needed;
// a signed-in learner's token is sent anyway so the detail can say whether they already applied.
// Each call names its answer schema; a production build leaves the schemas out (scripts/web/answer-schemas.ts),
// so zod stays off the portal's first load.
import {
  portalPlanDetailAnswer,
  type PortalPlanDetail,
  type portalPlanQuery,
} from '../../../shared/plans/schema.ts';
import type { z } from '../../../shared/api/zod.ts';
import { bannerListAnswer, portalPlanListAnswer } from '../../../shared/portal/schema.ts';
import { homeCoursesAnswer } from '../../../shared/learning/schema.ts';
import type { Answer } from '../../../shared/api/answers.ts';
import {
  PORTAL_BANNERS_URL,
  PORTAL_HOME_TESTS_QUERY,
  PORTAL_HOME_URL,
  PORTAL_SKILL_TESTS_URL,
} from '../../../shared/pwa/first-answers.ts';
import {
  portalHomeAdminAnswer,
  portalHomeAnswer,
  type PortalHomeLayout,
} from '../../../shared/portal-home/schema.ts';
import { publicArticleListAnswer, type PublicArticle } from '../../../shared/articles/schema.ts';
import { publicDownloadListAnswer, type PublicDownload } from '../../../shared/downloads/schema.ts';
import { api, firstAnswer, getEarly } from '../../lib/api/client.ts';

export type { Banner } from '../../../shared/portal/schema.ts';
export type {
  PlanSummary as SkillTest,
  PortalPlanDetail as SkillTestDetail,
} from '../../../shared/plans/schema.ts';

/** The portal's list query (shared portalPlanQuery) as the pages send it: a page, its size, a keyword. */
export type SkillTestQuery = Pick<z.output<typeof portalPlanQuery>, 'page' | 'limit'> &
  Partial<Pick<z.output<typeof portalPlanQuery>, 'keyword'>>;

export type BannerList = Answer<typeof bannerListAnswer>;
export type SkillTestList = Answer<typeof portalPlanListAnswer>;

export function fetchBanners(): Promise<BannerList> {
  return api.get(PORTAL_BANNERS_URL, bannerListAnswer, { silent: true });
}

export function fetchSkillTests(query: SkillTestQuery): Promise<SkillTestList> {
  return api.get(PORTAL_SKILL_TESTS_URL, portalPlanListAnswer, { params: { ...query }, silent: true });
}

/** Starts the home page's GETs (banners, the first skill tests, the layout) before it renders. */
export function preloadHome(): void {
  getEarly(PORTAL_BANNERS_URL, { silent: true });
  getEarly(PORTAL_HOME_URL, { silent: true });
  getEarly(PORTAL_SKILL_TESTS_URL, { params: { ...PORTAL_HOME_TESTS_QUERY }, silent: true });
}

/** The home page's answers the server sent with the page (none when the service worker served it). */
export const firstBanners = () => firstAnswer(PORTAL_BANNERS_URL, bannerListAnswer);
export const firstHomeLayout = () => firstAnswer(PORTAL_HOME_URL, portalHomeAnswer);
export const firstSkillTests = () =>
  firstAnswer(PORTAL_SKILL_TESTS_URL, portalPlanListAnswer, PORTAL_HOME_TESTS_QUERY);

export function fetchSkillTest(id: number): Promise<PortalPlanDetail> {
  return api.get(`/v1/skill-tests/skill-tests/${id}`, portalPlanDetailAnswer, {
    apiType: 'learners',
    silent: true,
  });
}

/** The newest published courses for the home page's course row (spec §7 GET /v1/courses/home/list). */
export function fetchHomeCourses(limit = 8): Promise<Answer<typeof homeCoursesAnswer>> {
  return api.get('/v1/courses/home/list', homeCoursesAnswer, { params: { limit }, silent: true });
}

export type { PortalHomeLayout } from '../../../shared/portal-home/schema.ts';

/** The published home layout: which sections show in what order, the notice bar, footer links, contact. */
export function fetchHomeLayout(): Promise<PortalHomeLayout> {
  return api.get(PORTAL_HOME_URL, portalHomeAnswer, { silent: true });
}

/** The draft layout, for an administrator's preview (`/?preview=draft`, content management's editor). */
export async function fetchDraftLayout(): Promise<PortalHomeLayout> {
  const home = await api.get('/v1/admin/portal-home', portalHomeAdminAnswer, {
    apiType: 'administrators',
    silent: true,
  });
  return home.draft;
}

/** A news or job row of the home page's lists (GET /v1/articles, content management's articles). */
export type HomeArticle = PublicArticle;
/** A file of the home page's download list (GET /v1/downloads). */
export type HomeDownload = PublicDownload;

/** The newest news or jobs (six); the articles area declares their schema. */
export function fetchHomeArticles(kind: 'news' | 'job'): Promise<Answer<typeof publicArticleListAnswer>> {
  return api.get('/v1/articles', publicArticleListAnswer, { params: { kind, limit: 6 }, silent: true });
}

/** The newest files for download (six). */
export function fetchHomeDownloads(): Promise<Answer<typeof publicDownloadListAnswer>> {
  return api.get('/v1/downloads', publicDownloadListAnswer, { params: { limit: 6 }, silent: true });
}
