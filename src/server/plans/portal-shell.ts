// What the server knows of the portal home page's first paint (src/server/http/client-shell.ts): the
// answers of its two public GETs, exactly as the API gives them, and its first banner. A failed query
// leaves its answer out; the page then asks for it as usual.
import {
  PORTAL_BANNERS_URL,
  PORTAL_HOME_TESTS_QUERY,
  PORTAL_SKILL_TESTS_URL,
  firstAnswerKey,
} from '../../shared/pwa/first-answers.ts';
import { portalPlanQuery } from '../../shared/plans/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import { listBanners, listPortalPlans } from './service.ts';

export async function portalFirstPaint(db: DbOrTx) {
  const [banners, tests] = await Promise.all([
    listBanners(db).catch(() => null),
    listPortalPlans(db, portalPlanQuery.parse(PORTAL_HOME_TESTS_QUERY)).catch(() => null),
  ]);
  const answers: Record<string, unknown> = {};
  if (banners) answers[firstAnswerKey(PORTAL_BANNERS_URL)] = { data: banners };
  if (tests) answers[firstAnswerKey(PORTAL_SKILL_TESTS_URL, PORTAL_HOME_TESTS_QUERY)] = tests;
  return { banner: banners?.[0]?.image_url, answers };
}
