// What the server knows of the portal home page's first paint (src/server/http/client-shell.ts): the
// answers of its three public GETs, exactly as the API gives them, the banners' one (which the page's first
// paint draws: client/app/first-paint/portal.tsx) and its first banner's image. A failed query leaves its
// answer out; the page then asks for it as usual.
import {
  PORTAL_BANNERS_URL,
  PORTAL_HOME_TESTS_QUERY,
  PORTAL_HOME_URL,
  PORTAL_SKILL_TESTS_URL,
  firstAnswerKey,
} from '../../shared/pwa/first-answers.ts';
import { portalPlanQuery } from '../../shared/plans/schema.ts';
import { bannerListAnswer, portalPlanListAnswer } from '../../shared/portal/schema.ts';
import { portalHomeAnswer } from '../../shared/portal-home/schema.ts';
import { answer } from '../http/answer.ts';
import type { DbOrTx } from '../db/client.ts';
import { publishedHome } from '../portal-home/service.ts';
import { listBanners, listPortalPlans } from './service.ts';

export async function portalFirstPaint(db: DbOrTx) {
  const [banners, tests, layout] = await Promise.all([
    listBanners(db).catch(() => null),
    listPortalPlans(db, portalPlanQuery.parse(PORTAL_HOME_TESTS_QUERY)).catch(() => null),
    publishedHome(db).catch(() => null),
  ]);
  const answers: Record<string, unknown> = {};
  // The same answers as the routes' (plans/routes.ts), through the same schemas.
  const bannerList = banners ? answer(bannerListAnswer, { data: banners }) : undefined;
  if (bannerList) answers[firstAnswerKey(PORTAL_BANNERS_URL)] = bannerList;
  if (tests)
    answers[firstAnswerKey(PORTAL_SKILL_TESTS_URL, PORTAL_HOME_TESTS_QUERY)] = answer(
      portalPlanListAnswer,
      tests,
    );
  if (layout) answers[firstAnswerKey(PORTAL_HOME_URL)] = answer(portalHomeAnswer, layout);
  return { banner: banners?.[0]?.image_url, banners: bannerList, answers };
}
