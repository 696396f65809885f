// Exam plans: the occupation catalogue, plan management (founder, manager; college read-only within its
// organisation), the plan state machine of PRODUCT.md §2 and the public portal lists. State changes are
// conditional UPDATEs (`where state in (from...)`), so two staff clicking at once cannot both win.
import type { FastifyRequest } from 'fastify';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import {
  PLAN_STATE_LABELS,
  PLAN_TRANSITIONS,
  REGISTRATION_ERROR_CODES,
  allowedPlanActions,
  skillLevelLabel,
  type PlanAction,
  type ExamSessionInfo,
  type PlanDetail,
  type PlanSummary,
  type PortalPlanDetail,
  type PlanState,
  type PlanValues,
} from '../../shared/plans/schema.ts';
import type { z } from 'zod';
import type { EnrollmentState, FormFieldKey, MaterialKey } from '../../shared/enrollments/schema.ts';
import type { planListQuery, portalPlanQuery } from '../../shared/plans/schema.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  banners,
  enrollments,
  examPlans,
  examSessions,
  occupations,
  organizations,
  planFeeHistory,
  registrationSequences,
} from '../db/schema/index.ts';
import { AppError, fieldError, notFound } from '../errors.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { chinaDayRange, iso } from '../lib/dates.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { assertPlanInScope, organizationScope } from '../lib/plan-scope.ts';

export type ExamPlanRow = typeof examPlans.$inferSelect;

// ---------------------------------------------------------------- occupations

export async function listOccupations(db: DbOrTx, { enabledOnly = true } = {}) {
  const rows = await db
    .select()
    .from(occupations)
    .where(enabledOnly ? eq(occupations.enabled, true) : undefined)
    .orderBy(asc(occupations.sort), asc(occupations.id));
  return rows.map((o) => ({
    id: o.id,
    code: o.code,
    name: o.name,
    category: o.category,
    levels: o.levels.map((level) => ({ level, name: skillLevelLabel(level) })),
    description: o.description,
    enabled: o.enabled,
  }));
}

export async function listColleges(db: DbOrTx, scope: number[] | null) {
  const rows = await db
    .select({ id: organizations.id, name: organizations.name, code: organizations.code })
    .from(organizations)
    .where(
      and(
        eq(organizations.kind, 'college'),
        scope ? inArray(organizations.id, scope.length ? scope : [-1]) : undefined,
      ),
    )
    .orderBy(asc(organizations.sort), asc(organizations.id));
  return rows;
}

// ---------------------------------------------------------------- serialisation

const planColumns = {
  plan: examPlans,
  occupationName: occupations.name,
  occupationCode: occupations.code,
  organizationName: organizations.name,
  examStartsAt: sql<
    Date | string | null
  >`(select min(${examSessions.startsAt}) from ${examSessions} where ${examSessions.planId} = ${examPlans.id})`,
};

type PlanJoinRow = {
  plan: ExamPlanRow;
  occupationName: string;
  occupationCode: string;
  organizationName: string;
  examStartsAt: Date | string | null;
};

const toDate = (value: Date | string | null) => (value === null ? null : new Date(value));

export function registrationOpen(plan: ExamPlanRow, now = new Date()) {
  return plan.state === 'published' && plan.registrationStartsAt <= now && now < plan.registrationEndsAt;
}

function planSummary(row: PlanJoinRow, now = new Date()): PlanSummary {
  const p = row.plan;
  return {
    id: p.id,
    code: p.code,
    title: p.title,
    occupation: { id: p.occupationId, code: row.occupationCode, name: row.occupationName },
    level: p.level,
    level_name: skillLevelLabel(p.level),
    organization: { id: p.organizationId, name: row.organizationName },
    registration_starts_at: p.registrationStartsAt.toISOString(),
    registration_ends_at: p.registrationEndsAt.toISOString(),
    exam_starts_at: iso(toDate(row.examStartsAt)),
    fee_fen: p.feeFen,
    capacity: p.capacity,
    enrolled_count: p.enrolledCount,
    seats_left: Math.max(0, p.capacity - p.enrolledCount),
    required_materials: p.requiredMaterials as MaterialKey[],
    state: p.state as PlanState,
    state_name: PLAN_STATE_LABELS[p.state as PlanState] ?? p.state,
    registration_open: registrationOpen(p, now),
  };
}

async function sessionsOf(db: DbOrTx, planId: number) {
  const rows = await db
    .select()
    .from(examSessions)
    .where(eq(examSessions.planId, planId))
    .orderBy(asc(examSessions.startsAt), asc(examSessions.id));
  return rows.map((s) => ({
    id: s.id,
    kind: s.kind as ExamSessionInfo['kind'],
    name: s.name,
    starts_at: s.startsAt.toISOString(),
    ends_at: s.endsAt.toISOString(),
  }));
}

// ---------------------------------------------------------------- plan management

export type PlanListQuery = z.output<typeof planListQuery>;

export async function listPlans(db: DbOrTx, admin: AdminPrincipal, query: PlanListQuery) {
  const scope = await organizationScope(db, admin);
  const conditions: (SQL | undefined)[] = [];
  if (scope) conditions.push(inArray(examPlans.organizationId, scope.length ? scope : [-1]));
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(examPlans.title, like), ilike(examPlans.code, like), ilike(occupations.name, like)),
    );
  }
  if (query.occupation_id) conditions.push(eq(examPlans.occupationId, query.occupation_id));
  if (query.level) conditions.push(eq(examPlans.level, query.level));
  if (query.organization_id) conditions.push(eq(examPlans.organizationId, query.organization_id));
  if (query.state) conditions.push(eq(examPlans.state, query.state));
  if (query.date_from)
    conditions.push(gte(examPlans.registrationEndsAt, chinaDayRange(query.date_from).start));
  if (query.date_to) conditions.push(lt(examPlans.registrationStartsAt, chinaDayRange(query.date_to).end));
  const where = and(...conditions);

  const [total] = await db
    .select({ n: count() })
    .from(examPlans)
    .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
    .where(where);
  const rows = await db
    .select(planColumns)
    .from(examPlans)
    .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
    .innerJoin(organizations, eq(organizations.id, examPlans.organizationId))
    .where(where)
    .orderBy(desc(examPlans.registrationStartsAt), desc(examPlans.id))
    .limit(query.limit)
    .offset(offsetOf(query.page, query.limit));
  const now = new Date();
  return listAnswer(
    rows.map((row) => ({
      ...planSummary(row, now),
      allowed_actions: allowedPlanActions(row.plan.state as PlanState),
    })),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

async function loadPlanJoin(db: DbOrTx, id: number) {
  const [row] = await db
    .select(planColumns)
    .from(examPlans)
    .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
    .innerJoin(organizations, eq(organizations.id, examPlans.organizationId))
    .where(eq(examPlans.id, id))
    .limit(1);
  return row;
}

/** Throws 403 when a college administrator reaches for another organisation's plan. */
export async function enrollmentCountsByState(db: DbOrTx, planId: number) {
  const rows = await db
    .select({ state: enrollments.state, n: count() })
    .from(enrollments)
    .where(eq(enrollments.planId, planId))
    .groupBy(enrollments.state);
  return Object.fromEntries(rows.map((r) => [r.state, r.n])) as Record<string, number>;
}

export async function getPlanDetail(db: DbOrTx, admin: AdminPrincipal, id: number): Promise<PlanDetail> {
  const row = await loadPlanJoin(db, id);
  if (!row) throw notFound('考试计划不存在');
  await assertPlanInScope(db, admin, row.plan.organizationId);
  const p = row.plan;
  return {
    ...planSummary(row),
    pass_theory: p.passTheory,
    pass_practical: p.passPractical,
    form_fields: p.formFields as FormFieldKey[],
    description: p.description,
    published_at: iso(p.publishedAt),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
    allowed_actions: allowedPlanActions(p.state as PlanState),
    sessions: await sessionsOf(db, id),
    enrollment_counts: await enrollmentCountsByState(db, id),
  };
}

async function nextPlanCode(tx: DbOrTx, year: number) {
  const key = `plan-${year}`;
  const [row] = await tx
    .insert(registrationSequences)
    .values({ key, value: 1 })
    .onConflictDoUpdate({
      target: registrationSequences.key,
      set: { value: sql`${registrationSequences.value} + 1` },
    })
    .returning({ value: registrationSequences.value });
  return `${year}-${String(row!.value).padStart(4, '0')}`;
}

async function checkPlanReferences(tx: DbOrTx, values: PlanValues) {
  const [occupation] = await tx
    .select()
    .from(occupations)
    .where(eq(occupations.id, values.occupation_id))
    .limit(1);
  if (!occupation || !occupation.enabled) throw fieldError('occupation_id', '职业不存在或已停用');
  if (!occupation.levels.includes(values.level)) {
    throw fieldError('level', `「${occupation.name}」不设${skillLevelLabel(values.level)}`);
  }
  const [organization] = await tx
    .select({ id: organizations.id, kind: organizations.kind })
    .from(organizations)
    .where(eq(organizations.id, values.organization_id))
    .limit(1);
  if (!organization || organization.kind !== 'college') throw fieldError('organization_id', '承办院校不存在');
  return occupation;
}

function planColumnsFrom(values: PlanValues) {
  return {
    title: values.title,
    occupationId: values.occupation_id,
    level: values.level,
    organizationId: values.organization_id,
    registrationStartsAt: values.registration_starts_at,
    registrationEndsAt: values.registration_ends_at,
    feeFen: values.fee_fen,
    capacity: values.capacity,
    passTheory: values.pass_theory,
    passPractical: values.pass_practical,
    requiredMaterials: values.required_materials,
    formFields: values.form_fields,
    description: values.description,
  };
}

async function replaceSessions(tx: DbOrTx, planId: number, sessions: PlanValues['sessions']) {
  await tx.delete(examSessions).where(eq(examSessions.planId, planId));
  if (sessions.length) {
    await tx.insert(examSessions).values(
      sessions.map((s) => ({
        planId,
        kind: s.kind,
        name: s.name,
        startsAt: s.starts_at,
        endsAt: s.ends_at,
      })),
    );
  }
}

export async function createPlan(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  values: PlanValues,
) {
  await checkPlanReferences(tx, values);
  const code = await nextPlanCode(tx, values.registration_starts_at.getUTCFullYear());
  const [plan] = await tx
    .insert(examPlans)
    .values({ ...planColumnsFrom(values), code, state: 'draft', createdBy: actor.id })
    .returning();
  await replaceSessions(tx, plan!.id, values.sessions);
  await tx.insert(planFeeHistory).values({
    planId: plan!.id,
    feeFen: values.fee_fen,
    previousFeeFen: null,
    changedBy: actor.id,
    changedByName: actor.realName,
    reason: '创建计划',
  });
  await writeSystemLog(tx, actor, request, {
    action: 'exam_plan.create',
    targetType: 'exam_plan',
    targetId: plan!.id,
    detail: { code, title: values.title },
  });
  return plan!;
}

/**
 * Refuses (409004) a new plan that repeats one already there: the same occupation, level and college,
 * not archived, with a registration window that overlaps the new one's. Candidates would meet two open
 * plans for the same certificate at once, which is almost always a plan entered twice; when it is meant
 * (a second batch), the administrator confirms and the plan is created with `confirm_duplicate`.
 */
export async function refuseRepeatedPlan(tx: DbOrTx, values: PlanValues): Promise<void> {
  const [repeated] = await tx
    .select({ code: examPlans.code, title: examPlans.title })
    .from(examPlans)
    .where(
      and(
        eq(examPlans.occupationId, values.occupation_id),
        eq(examPlans.level, values.level),
        eq(examPlans.organizationId, values.organization_id),
        ne(examPlans.state, 'archived'),
        lt(examPlans.registrationStartsAt, values.registration_ends_at),
        gt(examPlans.registrationEndsAt, values.registration_starts_at),
      ),
    )
    .orderBy(desc(examPlans.id))
    .limit(1);
  if (repeated) {
    throw new AppError(
      409,
      `已有相同职业、等级和承办院校且报名时间重叠的考试计划「${repeated.title}」（${repeated.code}）`,
      REGISTRATION_ERROR_CODES.duplicatePlan,
    );
  }
}

const EDITABLE_STATES: readonly PlanState[] = ['draft', 'published', 'registration_closed'];

export async function updatePlan(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
  values: PlanValues,
) {
  const [current] = await tx.select().from(examPlans).where(eq(examPlans.id, id)).for('update').limit(1);
  if (!current) throw notFound('考试计划不存在');
  const state = current.state as PlanState;
  if (!EDITABLE_STATES.includes(state)) {
    throw new AppError(
      409,
      `计划当前状态为「${PLAN_STATE_LABELS[state]}」，不能再编辑`,
      REGISTRATION_ERROR_CODES.illegalState,
    );
  }
  await checkPlanReferences(tx, values);
  const [anyEnrollment] = await tx
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(eq(enrollments.planId, id))
    .limit(1);
  if (anyEnrollment) {
    if (values.occupation_id !== current.occupationId)
      throw fieldError('occupation_id', '已有考生报名，不能更改职业');
    if (values.level !== current.level) throw fieldError('level', '已有考生报名，不能更改等级');
    if (values.organization_id !== current.organizationId)
      throw fieldError('organization_id', '已有考生报名，不能更改承办院校');
  }
  // The row is locked, so enrolled_count cannot grow between this check and the update.
  if (values.capacity < current.enrolledCount) {
    throw fieldError(
      'capacity',
      `已有 ${current.enrolledCount} 人占用名额，名额不能少于 ${current.enrolledCount}`,
    );
  }
  const [plan] = await tx
    .update(examPlans)
    .set({ ...planColumnsFrom(values), updatedAt: new Date() })
    .where(eq(examPlans.id, id))
    .returning();
  await replaceSessions(tx, id, values.sessions);
  if (values.fee_fen !== current.feeFen) {
    await tx.insert(planFeeHistory).values({
      planId: id,
      feeFen: values.fee_fen,
      previousFeeFen: current.feeFen,
      changedBy: actor.id,
      changedByName: actor.realName,
      reason: '编辑计划',
    });
  }
  await writeSystemLog(tx, actor, request, {
    action: 'exam_plan.update',
    targetType: 'exam_plan',
    targetId: id,
    detail: { code: current.code, ...changedFields(current, plan!) },
  });
  return plan!;
}

function illegalTransition(state: PlanState, action: PlanAction) {
  return new AppError(
    409,
    `计划当前状态为「${PLAN_STATE_LABELS[state] ?? state}」，不能执行「${PLAN_TRANSITIONS[action].label}」`,
    REGISTRATION_ERROR_CODES.illegalState,
  );
}

/**
 * Moves a plan along its state machine. Exported for the ticket, exam and score steps, which call it
 * inside their own transactions (e.g. issue_tickets after the tickets are written).
 */
export async function transitionPlan(
  tx: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  id: number,
  action: PlanAction,
  now = new Date(),
) {
  const rule = PLAN_TRANSITIONS[action];
  const [current] = await tx.select().from(examPlans).where(eq(examPlans.id, id)).for('update').limit(1);
  if (!current) throw notFound('考试计划不存在');
  const state = current.state as PlanState;
  if (!(rule.from as readonly PlanState[]).includes(state)) throw illegalTransition(state, action);

  if (action === 'publish') {
    const [session] = await tx
      .select({ id: examSessions.id })
      .from(examSessions)
      .where(eq(examSessions.planId, id))
      .limit(1);
    if (!session)
      throw new AppError(409, '请先安排至少一个考试场次再发布', REGISTRATION_ERROR_CODES.illegalState);
    if (current.registrationEndsAt <= now) {
      throw new AppError(
        409,
        '报名截止时间已过，请先修改报名时间再发布',
        REGISTRATION_ERROR_CODES.illegalState,
      );
    }
  }
  if (action === 'reopen_registration' && current.registrationEndsAt <= now) {
    throw new AppError(
      409,
      '报名截止时间已过，请先修改报名时间再重新开放',
      REGISTRATION_ERROR_CODES.illegalState,
    );
  }
  if (action === 'unpublish') {
    const [anyEnrollment] = await tx
      .select({ id: enrollments.id })
      .from(enrollments)
      .where(eq(enrollments.planId, id))
      .limit(1);
    if (anyEnrollment)
      throw new AppError(409, '已有考生报名，不能撤回发布', REGISTRATION_ERROR_CODES.illegalState);
  }

  const [plan] = await tx
    .update(examPlans)
    .set({
      state: rule.to,
      updatedAt: now,
      ...(action === 'publish' && !current.publishedAt ? { publishedAt: now } : {}),
    })
    .where(and(eq(examPlans.id, id), inArray(examPlans.state, [...rule.from])))
    .returning();
  if (!plan) throw illegalTransition(state, action);
  await writeSystemLog(tx, actor, request, {
    action: `exam_plan.${action}`,
    targetType: 'exam_plan',
    targetId: id,
    detail: { code: current.code, from: state, to: rule.to },
  });
  return plan;
}

// ---------------------------------------------------------------- portal

export type PortalPlanQuery = z.output<typeof portalPlanQuery>;

export async function listPortalPlans(db: DbOrTx, query: PortalPlanQuery) {
  const now = new Date();
  const conditions: (SQL | undefined)[] = [
    eq(examPlans.state, 'published'),
    gt(examPlans.registrationEndsAt, now),
  ];
  if (query.scope === 'open') conditions.push(lte(examPlans.registrationStartsAt, now));
  if (query.keyword) {
    const like = `%${query.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(ilike(examPlans.title, like), ilike(occupations.name, like), ilike(occupations.code, like)),
    );
  }
  if (query.occupation_id) conditions.push(eq(examPlans.occupationId, query.occupation_id));
  if (query.level) conditions.push(eq(examPlans.level, query.level));
  if (query.organization_id) conditions.push(eq(examPlans.organizationId, query.organization_id));
  const where = and(...conditions);
  const [total] = await db
    .select({ n: count() })
    .from(examPlans)
    .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
    .where(where);
  const rows = await db
    .select(planColumns)
    .from(examPlans)
    .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
    .innerJoin(organizations, eq(organizations.id, examPlans.organizationId))
    .where(where)
    .orderBy(asc(examPlans.registrationEndsAt), asc(examPlans.id))
    .limit(query.limit)
    .offset(offsetOf(query.page, query.limit));
  return listAnswer(
    rows.map((row) => planSummary(row, now)),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

/** Public detail of a plan that has been published (drafts stay invisible). */
export async function getPortalPlan(
  db: DbOrTx,
  id: number,
  learnerId: number | null,
): Promise<PortalPlanDetail> {
  const row = await loadPlanJoin(db, id);
  if (!row || row.plan.state === 'draft') throw notFound('考试计划不存在');
  const p = row.plan;
  let myEnrollment: PortalPlanDetail['my_enrollment'] = null;
  if (learnerId !== null) {
    const [mine] = await db
      .select({ id: enrollments.id, state: enrollments.state })
      .from(enrollments)
      .where(and(eq(enrollments.planId, id), eq(enrollments.learnerId, learnerId)))
      .limit(1);
    myEnrollment = mine ? { id: mine.id, state: mine.state as EnrollmentState } : null;
  }
  return {
    ...planSummary(row),
    pass_theory: p.passTheory,
    pass_practical: p.passPractical,
    form_fields: p.formFields as FormFieldKey[],
    description: p.description,
    sessions: await sessionsOf(db, id),
    my_enrollment: myEnrollment,
  };
}

/** The banners the portal shows at `now`: enabled and inside their schedule (content management's). */
export async function listBanners(db: DbOrTx, now = new Date()) {
  const rows = await db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.enabled, true),
        or(isNull(banners.showsFrom), lte(banners.showsFrom, now)),
        or(isNull(banners.showsUntil), gt(banners.showsUntil, now)),
      ),
    )
    .orderBy(asc(banners.sort), asc(banners.id));
  return rows.map((b) => ({ id: b.id, title: b.title, image_url: b.imageUrl, link: b.link, sort: b.sort }));
}

export async function createBanner(
  tx: DbOrTx,
  input: { title: string; imageUrl: string; link?: string; sort?: number; enabled?: boolean },
) {
  const [row] = await tx
    .insert(banners)
    .values({
      title: input.title,
      imageUrl: input.imageUrl,
      link: input.link ?? '',
      sort: input.sort ?? 0,
      enabled: input.enabled ?? true,
    })
    .returning();
  return row!;
}
