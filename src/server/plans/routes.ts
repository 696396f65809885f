// Plan management (system 1), the occupation catalogue and the public skill-test portal.
import type { FastifyPluginAsync } from 'fastify';
import { idParams } from '../../shared/api/id.ts';
import {
  FORM_FIELD_KEYS,
  FORM_FIELD_LABELS,
  MATERIAL_KEYS,
  MATERIAL_LABELS,
} from '../../shared/enrollments/schema.ts';
import {
  PLAN_STATES,
  PLAN_STATE_LABELS,
  SKILL_LEVELS,
  planCreateOptionsSchema,
  planInputSchema,
  planListQuery,
  planTransitionSchema,
  portalPlanQuery,
  skillLevelLabel,
  planOptionsAnswer,
  portalPlanDetailAnswer,
} from '../../shared/plans/schema.ts';
import {
  bannerListAnswer,
  portalOccupationListAnswer,
  portalPlanListAnswer,
} from '../../shared/portal/schema.ts';
import { answer } from '../http/answer.ts';
import { sendHotRead } from '../cache/hot-read.ts';
import { parseInput } from '../http/validate.ts';
import { admin, adminPage, optionalPrincipal, requireAdmin } from '../plugins/auth.ts';
import { organizationScope } from '../lib/plan-scope.ts';
import {
  createPlan,
  getPlanDetail,
  getPortalPlan,
  listBanners,
  listColleges,
  listOccupations,
  listPlans,
  listPortalPlans,
  refuseRepeatedPlan,
  transitionPlan,
  updatePlan,
} from './service.ts';

/** How long a portal list that depends on the clock (open sign-up windows) is served before it is read again. */
const PORTAL_CLOCK_MS = 5_000;

const examPlanRoutes: FastifyPluginAsync = async (app) => {
  app.get('/v1/occupations', { preHandler: admin() }, async () => ({ data: await listOccupations(app.db) }));

  /** Everything the plan form needs in one call. */
  app.get('/v1/admin/plans/options', { preHandler: admin() }, async (request) => {
    const principal = requireAdmin(request);
    return answer(planOptionsAnswer, {
      occupations: await listOccupations(app.db),
      colleges: await listColleges(app.db, await organizationScope(app.db, principal)),
      levels: SKILL_LEVELS.map((level) => ({ level, name: skillLevelLabel(level) })),
      states: PLAN_STATES.map((state) => ({ state, name: PLAN_STATE_LABELS[state] })),
      materials: MATERIAL_KEYS.map((key) => ({ key, name: MATERIAL_LABELS[key] })),
      form_fields: FORM_FIELD_KEYS.map((key) => ({ key, name: FORM_FIELD_LABELS[key] })),
    });
  });

  // Read access for every administrator type (college: its own organisation only, enforced in the service).
  app.get(
    '/v1/admin/plans',
    {
      preHandler: adminPage(
        'ExamPlanManage',
        'ExamPlanStepExam',
        'ExamPlanStepTicket',
        'ExamPlanStepScoring',
        'ExamMaterialReview',
      ),
    },
    async (request) =>
      listPlans(app.db, requireAdmin(request), parseInput(planListQuery, request.query, 'query')),
  );

  app.get(
    '/v1/admin/plans/:id',
    {
      preHandler: adminPage(
        'ExamPlanManage',
        'ExamPlanStepExam',
        'ExamPlanStepTicket',
        'ExamPlanStepScoring',
        'ExamMaterialReview',
      ),
    },
    async (request) => {
      const { id } = parseInput(idParams, request.params, 'id');
      return getPlanDetail(app.db, requireAdmin(request), id);
    },
  );

  app.post('/v1/admin/plans', { preHandler: adminPage('ExamPlanManage') }, async (request, reply) => {
    const actor = requireAdmin(request);
    const values = parseInput(planInputSchema, request.body);
    const { confirm_duplicate } = parseInput(planCreateOptionsSchema, request.body);
    const plan = await app.db.transaction(async (tx) => {
      if (!confirm_duplicate) await refuseRepeatedPlan(tx, values);
      return createPlan(tx, actor, request, values);
    });
    return reply.status(201).send(await getPlanDetail(app.db, actor, plan.id));
  });

  app.put('/v1/admin/plans/:id', { preHandler: adminPage('ExamPlanManage') }, async (request) => {
    const actor = requireAdmin(request);
    const { id } = parseInput(idParams, request.params, 'id');
    const values = parseInput(planInputSchema, request.body);
    await app.db.transaction((tx) => updatePlan(tx, actor, request, id, values));
    return getPlanDetail(app.db, actor, id);
  });

  app.post('/v1/admin/plans/:id/transition', { preHandler: adminPage('ExamPlanManage') }, async (request) => {
    const actor = requireAdmin(request);
    const { id } = parseInput(idParams, request.params, 'id');
    const { action } = parseInput(planTransitionSchema, request.body);
    await app.db.transaction((tx) => transitionPlan(tx, actor, request, id, action));
    return getPlanDetail(app.db, actor, id);
  });

  // ---- public portal (spec §7)
  // The portal's lists, the same for every visitor: answered from the hot-read cache.
  app.get('/v1/skill-tests/banners/list', async (request, reply) =>
    sendHotRead(request, reply, async () => answer(bannerListAnswer, { data: await listBanners(app.db) }), {
      // A banner's schedule opens and closes with the clock.
      shared: true,
      maxAgeMs: PORTAL_CLOCK_MS,
    }),
  );

  app.get('/v1/skill-tests/occupations', async (request, reply) =>
    sendHotRead(
      request,
      reply,
      async () => answer(portalOccupationListAnswer, { data: await listOccupations(app.db) }),
      { shared: true },
    ),
  );

  app.get('/v1/skill-tests/skill-tests/list', async (request, reply) => {
    const query = parseInput(portalPlanQuery, request.query, 'query');
    return sendHotRead(
      request,
      reply,
      async () => answer(portalPlanListAnswer, await listPortalPlans(app.db, query)),
      // Which plans are open for sign-up also follows the clock.
      { shared: true, vary: query, maxAgeMs: PORTAL_CLOCK_MS },
    );
  });

  app.get('/v1/skill-tests/skill-tests/:id', async (request) => {
    const { id } = parseInput(idParams, request.params, 'id');
    const principal = await optionalPrincipal(request).catch(() => null);
    return answer(
      portalPlanDetailAnswer,
      await getPortalPlan(app.db, id, principal?.kind === 'learners' ? principal.id : null),
    );
  });
};

export default examPlanRoutes;
