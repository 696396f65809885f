// Public portal calls (spec §7): banners and the skill tests open for registration. No token needed;
// a signed-in learner's token is sent anyway so the detail can say whether they already applied.
import type { ListResponse } from '../../../shared/api/errors.ts';
import type { EnrollmentState, MaterialKey } from '../../../shared/enrollments/schema.ts';
import type { PlanState } from '../../../shared/plans/schema.ts';
import {
  PORTAL_BANNERS_URL,
  PORTAL_HOME_TESTS_QUERY,
  PORTAL_SKILL_TESTS_URL,
} from '../../../shared/pwa/first-answers.ts';
import { api, firstAnswer, getEarly } from '../../lib/api/client.ts';

export interface Banner {
  id: number;
  title: string;
  image_url: string;
  link: string;
  sort: number;
}

/** An exam plan as the portal lists it (GET /v1/skill-tests/skill-tests/list). */
export interface SkillTest {
  id: number;
  code: string;
  title: string;
  occupation: { id: number; code: string; name: string };
  level: number;
  level_name: string;
  organization: { id: number; name: string };
  registration_starts_at: string;
  registration_ends_at: string;
  exam_starts_at: string | null;
  fee_fen: number;
  capacity: number;
  enrolled_count: number;
  seats_left: number;
  required_materials: MaterialKey[];
  state: PlanState;
  registration_open: boolean;
}

export interface SkillTestDetail extends SkillTest {
  description: string;
  sessions: { id: number; kind: 'theory' | 'practical'; name: string; starts_at: string; ends_at: string }[];
  my_enrollment: { id: number; state: EnrollmentState } | null;
}

export interface SkillTestQuery {
  page: number;
  limit: number;
  keyword?: string;
}

export function fetchBanners(): Promise<{ data: Banner[] }> {
  return api.get(PORTAL_BANNERS_URL, { silent: true });
}

export function fetchSkillTests(query: SkillTestQuery): Promise<ListResponse<SkillTest>> {
  return api.get(PORTAL_SKILL_TESTS_URL, { params: { ...query }, silent: true });
}

/** Starts the home page's GETs (banners, the first skill tests) before it renders. */
export function preloadHome(): void {
  getEarly(PORTAL_BANNERS_URL, { silent: true });
  getEarly(PORTAL_SKILL_TESTS_URL, { params: { ...PORTAL_HOME_TESTS_QUERY }, silent: true });
}

/** The home page's answers the server sent with the page (none when the service worker served it). */
export const firstBanners = () => firstAnswer<{ data: Banner[] }>(PORTAL_BANNERS_URL);
export const firstSkillTests = () =>
  firstAnswer<ListResponse<SkillTest>>(PORTAL_SKILL_TESTS_URL, PORTAL_HOME_TESTS_QUERY);

export function fetchSkillTest(id: number): Promise<SkillTestDetail> {
  return api.get(`/v1/skill-tests/skill-tests/${id}`, { apiType: 'learners', silent: true });
}
