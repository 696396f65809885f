// Public portal calls (spec §7): banners and the skill tests open for registration. No token needed;
// a signed-in learner's token is sent anyway so the detail can say whether they already applied.
// Types only (no zod on the portal's first load): the API tests check these answers against their schemas.
import type { Answer } from '../../../shared/api/answers.ts';
import type { PortalPlanDetail } from '../../../shared/plans/schema.ts';
import type { bannerListAnswer, portalPlanListAnswer } from '../../../shared/portal/schema.ts';
import {
  PORTAL_BANNERS_URL,
  PORTAL_HOME_TESTS_QUERY,
  PORTAL_SKILL_TESTS_URL,
} from '../../../shared/pwa/first-answers.ts';
import { api, firstAnswer, getEarly } from '../../lib/api/client.ts';

export type { Banner } from '../../../shared/portal/schema.ts';
export type {
  PlanSummary as SkillTest,
  PortalPlanDetail as SkillTestDetail,
} from '../../../shared/plans/schema.ts';

export interface SkillTestQuery {
  page: number;
  limit: number;
  keyword?: string;
}

type BannerList = Answer<typeof bannerListAnswer>;
type SkillTestList = Answer<typeof portalPlanListAnswer>;

export function fetchBanners(): Promise<BannerList> {
  return api.get(PORTAL_BANNERS_URL, { silent: true });
}

export function fetchSkillTests(query: SkillTestQuery): Promise<SkillTestList> {
  return api.get(PORTAL_SKILL_TESTS_URL, { params: { ...query }, silent: true });
}

/** Starts the home page's GETs (banners, the first skill tests) before it renders. */
export function preloadHome(): void {
  getEarly(PORTAL_BANNERS_URL, { silent: true });
  getEarly(PORTAL_SKILL_TESTS_URL, { params: { ...PORTAL_HOME_TESTS_QUERY }, silent: true });
}

/** The home page's answers the server sent with the page (none when the service worker served it). */
export const firstBanners = () => firstAnswer<BannerList>(PORTAL_BANNERS_URL);
export const firstSkillTests = () =>
  firstAnswer<SkillTestList>(PORTAL_SKILL_TESTS_URL, PORTAL_HOME_TESTS_QUERY);

export function fetchSkillTest(id: number): Promise<PortalPlanDetail> {
  return api.get(`/v1/skill-tests/skill-tests/${id}`, { apiType: 'learners', silent: true });
}
