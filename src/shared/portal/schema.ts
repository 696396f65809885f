// Answers of the public portal (spec §7, no login): banners, the occupation list and the skill tests (exam
// plans) open for registration. The portal's pages take only these types, so its first-load JS carries no
// zod; the API tests check the answers against the schemas.
import { z } from '../api/zod.ts';
import { listOf } from '../api/answers.ts';
import { occupationAnswer, planSummaryAnswer } from '../plans/schema.ts';

/** One portal banner (GET /v1/skill-tests/banners/list), enabled ones only, by sort. */
export const bannerAnswer = z.object({
  id: z.number().int(),
  title: z.string(),
  image_url: z.string(),
  link: z.string(),
  sort: z.number().int(),
});
export type Banner = z.infer<typeof bannerAnswer>;
export const bannerListAnswer = z.object({ data: z.array(bannerAnswer) });

/** GET /v1/skill-tests/occupations: the enabled occupations. */
export const portalOccupationListAnswer = z.object({ data: z.array(occupationAnswer) });

/** GET /v1/skill-tests/skill-tests/list */
export const portalPlanListAnswer = listOf(planSummaryAnswer);
