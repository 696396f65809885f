// Enrolments (报名): applying with the registration form and materials, editing and resubmitting,
// cancelling, the staff's lists and the college administrator's on-behalf enrolment (the review's
// decisions are in server/reviews).
//
// Seats: `exam_plans.enrolled_count` is taken by one conditional UPDATE (`... where enrolled_count <
// capacity and state = 'published' and the window is open`) as the LAST statement of the enrolment's
// transaction, so the row lock is held only until commit and a full plan rolls the insert back. The
// unique (learner_id, plan_id) index makes a second application by the same learner fail even when two
// arrive at once; a cancelled enrolment is reused when the learner applies again.
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, gt, ilike, inArray, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { ERROR_CODES } from '../../shared/api/errors.ts';
import { maskIdNumber } from '../../shared/api/masking.ts';
import { normalizeIdCard } from '../../shared/auth/id-card.ts';
import {
  ENROLLMENT_STATE_LABELS,
  FORM_FIELD_LABELS,
  MATERIAL_LABELS,
  type CollegeEnrollment,
  type EnrollmentDetail,
  type EnrollmentForm,
  type EnrollmentNextStep,
  type EnrollmentSummary,
  type EnrollmentState,
  type FormFieldKey,
  type MaterialKey,
  type collegeEnrollmentQuery,
  type enrollmentListQuery,
} from '../../shared/enrollments/schema.ts';
import { REGISTRATION_ERROR_CODES, skillLevelLabel, type PlanState } from '../../shared/plans/schema.ts';
import type { ReviewDetail, reviewQueueQuery } from '../../shared/reviews/schema.ts';
import type { UploadInfo } from '../../shared/uploads/schema.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import {
  enrollmentMaterials,
  enrollments,
  examPlans,
  examSessions,
  learners,
  occupations,
  orders,
  organizations,
  uploads,
} from '../db/schema/index.ts';
import { AppError, fieldError, forbidden, notFound, validationFailed } from '../errors.ts';
import { LOOKUP_TABLES } from '../lookups/service.ts';
import { assertProfileComplete, getProfile, loadLearner, type LearnerRow } from '../profile/service.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { iso } from '../lib/dates.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { organizationScope } from '../lib/plan-scope.ts';
import { uploadIdFromUrl, uploadInfo } from '../uploads/service.ts';

type PlanRow = typeof examPlans.$inferSelect;
export type EnrollmentRow = typeof enrollments.$inferSelect;
export type Materials = Partial<Record<MaterialKey, string>>;

const planFull = () => new AppError(409, '报名名额已满', REGISTRATION_ERROR_CODES.planFull);
export const illegalState = (message: string) =>
  new AppError(409, message, REGISTRATION_ERROR_CODES.illegalState);
const outsideWindow = (message: string) => forbidden(message, ERROR_CODES.outsideWindow);

/** 403003 unless the plan takes applications right now. */
export function assertRegistrationOpen(plan: PlanRow, now = new Date()) {
  if (plan.state === 'draft' || plan.state === 'archived') throw notFound('考试计划不存在');
  if (plan.state !== 'published') throw outsideWindow('该考试计划已截止报名');
  if (now < plan.registrationStartsAt) throw outsideWindow('报名尚未开始');
  if (now >= plan.registrationEndsAt) throw outsideWindow('报名已截止');
}

export async function loadPlan(db: DbOrTx, planId: number) {
  const [plan] = await db.select().from(examPlans).where(eq(examPlans.id, planId)).limit(1);
  if (!plan) throw notFound('考试计划不存在');
  return plan;
}

/** Takes one seat, or throws 名额已满 (also when registration closed in the meantime: 403003). */
async function takeSeat(tx: DbOrTx, planId: number, now = new Date()) {
  const [taken] = await tx
    .update(examPlans)
    .set({ enrolledCount: sql`${examPlans.enrolledCount} + 1` })
    .where(
      and(
        eq(examPlans.id, planId),
        lt(examPlans.enrolledCount, examPlans.capacity),
        eq(examPlans.state, 'published'),
        lte(examPlans.registrationStartsAt, now),
        gt(examPlans.registrationEndsAt, now),
      ),
    )
    .returning({ id: examPlans.id });
  if (taken) return;
  const plan = await loadPlan(tx, planId);
  assertRegistrationOpen(plan, now);
  throw planFull();
}

/** Gives a seat back (a rejection or a cancellation). */
export async function freeSeat(tx: DbOrTx, planId: number) {
  await tx
    .update(examPlans)
    .set({ enrolledCount: sql`greatest(${examPlans.enrolledCount} - 1, 0)` })
    .where(eq(examPlans.id, planId));
}

// ---------------------------------------------------------------- form and materials

function formDefaults(learner: LearnerRow): EnrollmentForm {
  return {
    real_name: learner.realName || undefined,
    id_type: 'id_card',
    id_number: learner.idCard,
    sex: (learner.sex as EnrollmentForm['sex']) ?? undefined,
    ethnic_group_id: learner.ethnicGroupId ?? undefined,
    political_affiliation_id: learner.politicalAffiliationId ?? undefined,
    educational_background_id: learner.educationalBackgroundId ?? undefined,
    phone: learner.phone,
    user_source_id: learner.userSourceId ?? undefined,
    employer: learner.employer || undefined,
    address: learner.address || undefined,
    email: learner.email || undefined,
  };
}

const FORM_LOOKUPS = {
  ethnic_group_id: 'ethnicGroups',
  political_affiliation_id: 'politicalAffiliations',
  educational_background_id: 'educationalBackgrounds',
  user_source_id: 'userSources',
} as const;

/** The submitted answers over the profile's, checked against the plan's required fields. */
async function buildForm(
  db: DbOrTx,
  plan: PlanRow,
  learner: LearnerRow,
  submitted: EnrollmentForm,
  errors: Record<string, string[]>,
) {
  const form: Record<string, unknown> = { ...formDefaults(learner) };
  for (const [key, value] of Object.entries(submitted)) if (value !== undefined) form[key] = value;
  for (const key of plan.formFields as FormFieldKey[]) {
    const value = form[key];
    if (value === undefined || value === null || value === '')
      errors[`form.${key}`] = [`请填写${FORM_FIELD_LABELS[key] ?? key}`];
  }
  for (const [key, kind] of Object.entries(FORM_LOOKUPS)) {
    const id = form[key];
    if (typeof id !== 'number' || submitted[key as keyof EnrollmentForm] === undefined) continue;
    const table = LOOKUP_TABLES[kind];
    const [row] = await db.select({ enabled: table.enabled }).from(table).where(eq(table.id, id)).limit(1);
    if (!row?.enabled) errors[`form.${key}`] = [`${FORM_FIELD_LABELS[key as FormFieldKey]}不存在`];
  }
  if (
    form.id_type === 'id_card' &&
    typeof form.id_number === 'string' &&
    normalizeIdCard(form.id_number) !== learner.idCard.toUpperCase()
  ) {
    errors['form.id_number'] = ['证件号码须与账号实名登记的身份证号码一致'];
  }
  return form;
}

/**
 * Resolves the materials: every required key present (the profile's 2-inch photo stands in for
 * `photo`), each an upload of that kind owned by the learner (or by the college admin enrolling them).
 */
async function resolveMaterials(
  db: DbOrTx,
  plan: PlanRow,
  learner: LearnerRow,
  submitted: Materials,
  uploaderAdminId: number | null,
  errors: Record<string, string[]>,
  previous: Materials = {},
) {
  const materials: Materials = { ...previous, ...submitted };
  if (!materials.photo && (plan.requiredMaterials as string[]).includes('photo')) {
    const profilePhoto = uploadIdFromUrl(learner.photo);
    if (profilePhoto) materials.photo = profilePhoto;
  }
  for (const key of plan.requiredMaterials as MaterialKey[]) {
    if (!materials[key]) errors[`materials.${key}`] = [`请上传${MATERIAL_LABELS[key] ?? key}`];
  }
  const ids = Object.values(materials).filter((id): id is string => Boolean(id));
  const rows = ids.length ? await db.select().from(uploads).where(inArray(uploads.id, ids)) : [];
  for (const [key, id] of Object.entries(materials) as [MaterialKey, string][]) {
    if (!id) continue;
    const upload = rows.find((row) => row.id === id);
    const owned =
      upload &&
      (upload.ownerLearnerId === learner.id ||
        (uploaderAdminId !== null && upload.ownerAdminId === uploaderAdminId));
    if (!owned) errors[`materials.${key}`] = ['材料文件不存在，请重新上传'];
    else if (upload.kind !== key) errors[`materials.${key}`] = [`请上传${MATERIAL_LABELS[key]}`];
  }
  return materials;
}

async function writeMaterials(
  tx: DbOrTx,
  enrollmentId: number,
  materials: Materials,
  { fresh = false } = {},
) {
  if (!fresh) await tx.delete(enrollmentMaterials).where(eq(enrollmentMaterials.enrollmentId, enrollmentId));
  const rows = (Object.entries(materials) as [MaterialKey, string | undefined][])
    .filter((entry): entry is [MaterialKey, string] => Boolean(entry[1]))
    .map(([materialKey, uploadId]) => ({ enrollmentId, materialKey, uploadId }));
  if (rows.length) await tx.insert(enrollmentMaterials).values(rows);
}

async function materialsOf(db: DbOrTx, enrollmentId: number) {
  const rows = await db
    .select({ key: enrollmentMaterials.materialKey, upload: uploads })
    .from(enrollmentMaterials)
    .innerJoin(uploads, eq(uploads.id, enrollmentMaterials.uploadId))
    .where(eq(enrollmentMaterials.enrollmentId, enrollmentId))
    .orderBy(asc(enrollmentMaterials.id));
  return rows.map((row) => ({
    key: row.key as MaterialKey,
    label: MATERIAL_LABELS[row.key as MaterialKey] ?? row.key,
    upload: uploadInfo(row.upload) as UploadInfo,
  }));
}

// ---------------------------------------------------------------- applying

export interface ApplyInput {
  learnerId: number;
  planId: number;
  form: EnrollmentForm;
  materials: Materials;
  /** A college administrator enrolling the learner on their behalf. */
  actor?: AdminPrincipal;
  request?: FastifyRequest | null;
  /** Demo data only: apply as of this moment (a plan whose window has passed). Never from a request. */
  now?: Date;
}

function duplicateMessage(existing: EnrollmentRow) {
  if (existing.state === 'rejected') return '您已报名该计划但审核未通过，请在报名详情中修改后重新提交';
  return `您已报名该计划（${ENROLLMENT_STATE_LABELS[existing.state as EnrollmentState] ?? existing.state}），请勿重复报名`;
}

/** POST /v1/enrollments (and the college's on-behalf enrolment). Takes a `Db`: it runs its own transaction. */
export async function applyForPlan(db: Db, input: ApplyInput): Promise<EnrollmentRow> {
  const plan = await loadPlan(db, input.planId);
  const asOf = input.now ?? new Date();
  assertRegistrationOpen(plan, asOf);
  const [existing] = await db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.learnerId, input.learnerId), eq(enrollments.planId, plan.id)))
    .limit(1);
  if (existing && existing.state !== 'cancelled')
    throw new AppError(409, duplicateMessage(existing), REGISTRATION_ERROR_CODES.duplicateEnrollment);
  // Cheap early answer for a plan that is already full; takeSeat below is the real guarantee.
  if (plan.enrolledCount >= plan.capacity) throw planFull();
  const learner = await loadLearner(db, input.learnerId);
  assertProfileComplete(learner);
  const errors: Record<string, string[]> = {};
  const form = await buildForm(db, plan, learner, input.form, errors);
  const materials = await resolveMaterials(
    db,
    plan,
    learner,
    input.materials,
    input.actor?.id ?? null,
    errors,
  );
  if (Object.keys(errors).length) throw validationFailed(errors);

  try {
    return await db.transaction(async (tx) => {
      const now = asOf;
      let row: EnrollmentRow | undefined;
      if (existing) {
        [row] = await tx
          .update(enrollments)
          .set({
            state: 'submitted',
            form,
            reviewReason: '',
            reviewedBy: null,
            reviewedAt: null,
            submittedAt: now,
            cancelledAt: null,
            createdByAdminId: input.actor?.id ?? null,
            updatedAt: now,
          })
          .where(and(eq(enrollments.id, existing.id), eq(enrollments.state, 'cancelled')))
          .returning();
        if (!row)
          throw new AppError(
            409,
            '您已报名该计划，请勿重复报名',
            REGISTRATION_ERROR_CODES.duplicateEnrollment,
          );
      } else {
        [row] = await tx
          .insert(enrollments)
          .values({
            learnerId: learner.id,
            planId: plan.id,
            state: 'submitted',
            form,
            submittedAt: now,
            createdByAdminId: input.actor?.id ?? null,
          })
          .returning();
      }
      await writeMaterials(tx, row!.id, materials, { fresh: !existing });
      if (input.actor) {
        await writeSystemLog(tx, input.actor, input.request ?? null, {
          action: 'enrollment.create_on_behalf',
          targetType: 'enrollment',
          targetId: row!.id,
          detail: { plan_id: plan.id, learner_id: learner.id },
        });
      }
      await takeSeat(tx, plan.id, now);
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(409, '您已报名该计划，请勿重复报名', REGISTRATION_ERROR_CODES.duplicateEnrollment);
    throw error;
  }
}

/** PUT /v1/enrollments/:id: edit while awaiting review, or resubmit after rejection (takes a seat again). */
export async function updateEnrollment(
  db: Db,
  learnerId: number,
  id: number,
  input: { form: EnrollmentForm; materials: Materials },
) {
  const enrollment = await findOwnEnrollment(db, learnerId, id);
  if (enrollment.state !== 'submitted' && enrollment.state !== 'rejected') {
    throw illegalState(
      `报名当前状态为「${ENROLLMENT_STATE_LABELS[enrollment.state as EnrollmentState]}」，不能修改`,
    );
  }
  const plan = await loadPlan(db, enrollment.planId);
  assertRegistrationOpen(plan);
  const learner = await loadLearner(db, learnerId);
  assertProfileComplete(learner);
  const previousRows = await db
    .select({ key: enrollmentMaterials.materialKey, uploadId: enrollmentMaterials.uploadId })
    .from(enrollmentMaterials)
    .where(eq(enrollmentMaterials.enrollmentId, id));
  const previous = Object.fromEntries(previousRows.map((r) => [r.key, r.uploadId])) as Materials;
  const errors: Record<string, string[]> = {};
  const form = await buildForm(
    db,
    plan,
    learner,
    { ...(enrollment.form as EnrollmentForm), ...input.form },
    errors,
  );
  const materials = await resolveMaterials(
    db,
    plan,
    learner,
    input.materials,
    enrollment.createdByAdminId,
    errors,
    previous,
  );
  if (Object.keys(errors).length) throw validationFailed(errors);

  return db.transaction(async (tx) => {
    const now = new Date();
    const [row] = await tx
      .update(enrollments)
      .set({ state: 'submitted', form, submittedAt: now, updatedAt: now })
      .where(and(eq(enrollments.id, id), eq(enrollments.state, enrollment.state)))
      .returning();
    if (!row) throw illegalState('报名状态已变化，请刷新后重试');
    await writeMaterials(tx, id, materials);
    if (enrollment.state === 'rejected') await takeSeat(tx, plan.id, now);
    return row;
  });
}

/** DELETE /v1/enrollments/:id: withdraw an application not yet approved; frees its seat. */
export async function cancelEnrollment(db: Db, learnerId: number, id: number) {
  const enrollment = await findOwnEnrollment(db, learnerId, id);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(enrollments)
      .set({ state: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
      .where(and(eq(enrollments.id, id), inArray(enrollments.state, ['submitted', 'rejected'])))
      .returning();
    if (!row) {
      throw illegalState(
        `报名当前状态为「${ENROLLMENT_STATE_LABELS[enrollment.state as EnrollmentState]}」，不能取消；如需退费请联系考务人员`,
      );
    }
    if (enrollment.state === 'submitted') await freeSeat(tx, enrollment.planId);
    return row;
  });
}

// ---------------------------------------------------------------- reading

/** The learner's own enrolment; another learner's is answered 404 (its existence is not revealed). */
export async function findOwnEnrollment(db: DbOrTx, learnerId: number, id: number) {
  const [row] = await db
    .select()
    .from(enrollments)
    .where(and(eq(enrollments.id, id), eq(enrollments.learnerId, learnerId)))
    .limit(1);
  if (!row) throw notFound('报名记录不存在');
  return row;
}

const NEXT_STEP: Record<EnrollmentState, EnrollmentNextStep> = {
  submitted: 'wait_review',
  approved: 'pay',
  rejected: 'resubmit',
  paid: 'wait_ticket',
  ticket_issued: 'download_ticket',
  sat: 'wait_score',
  passed: 'view_score',
  failed: 'view_score',
  cancelled: 'none',
};

const listColumns = {
  enrollment: enrollments,
  plan: {
    id: examPlans.id,
    code: examPlans.code,
    title: examPlans.title,
    level: examPlans.level,
    feeFen: examPlans.feeFen,
    state: examPlans.state,
    registrationEndsAt: examPlans.registrationEndsAt,
    organizationId: examPlans.organizationId,
  },
  occupationName: occupations.name,
  organizationName: organizations.name,
  learnerName: learners.realName,
  learnerUsername: learners.username,
  learnerIdCard: learners.idCard,
  learnerPhone: learners.phone,
  examStartsAt: sql<
    Date | string | null
  >`(select min(${examSessions.startsAt}) from ${examSessions} where ${examSessions.planId} = ${examPlans.id})`,
  orderNo: sql<
    string | null
  >`(select ${orders.orderNo} from ${orders} where ${orders.itemType} = 'enrollment' and ${orders.itemId} = ${enrollments.id} and ${orders.state} in ('pending', 'paid') order by ${orders.id} desc limit 1)`,
  orderState: sql<
    string | null
  >`(select ${orders.state} from ${orders} where ${orders.itemType} = 'enrollment' and ${orders.itemId} = ${enrollments.id} and ${orders.state} in ('pending', 'paid') order by ${orders.id} desc limit 1)`,
};

type ListRow = {
  enrollment: EnrollmentRow;
  plan: {
    id: number;
    code: string;
    title: string;
    level: number;
    feeFen: number;
    state: string;
    registrationEndsAt: Date;
    organizationId: number;
  };
  occupationName: string;
  organizationName: string;
  learnerName: string;
  learnerUsername: string;
  learnerIdCard: string;
  learnerPhone: string;
  examStartsAt: Date | string | null;
  orderNo: string | null;
  orderState: string | null;
};

function enrollmentSummary(row: ListRow): EnrollmentSummary {
  const e = row.enrollment;
  const state = e.state as EnrollmentState;
  return {
    id: e.id,
    state,
    state_name: ENROLLMENT_STATE_LABELS[state] ?? e.state,
    next_step: NEXT_STEP[state] ?? 'none',
    review_reason: e.reviewReason,
    submitted_at: e.submittedAt.toISOString(),
    reviewed_at: iso(e.reviewedAt),
    paid_at: iso(e.paidAt),
    created_at: e.createdAt.toISOString(),
    on_behalf: e.createdByAdminId !== null,
    plan: {
      id: row.plan.id,
      code: row.plan.code,
      title: row.plan.title,
      occupation_name: row.occupationName,
      level: row.plan.level,
      level_name: skillLevelLabel(row.plan.level),
      organization_id: row.plan.organizationId,
      organization_name: row.organizationName,
      fee_fen: row.plan.feeFen,
      state: row.plan.state as PlanState,
      registration_ends_at: row.plan.registrationEndsAt.toISOString(),
      exam_starts_at: row.examStartsAt === null ? null : new Date(row.examStartsAt).toISOString(),
    },
    order: row.orderNo ? { order_no: row.orderNo, state: row.orderState } : null,
  };
}

/** The summary as staff lists show it: with its learner, the ID number masked. */
function staffEnrollmentSummary(row: ListRow): CollegeEnrollment {
  return {
    ...enrollmentSummary(row),
    learner: {
      id: row.enrollment.learnerId,
      real_name: row.learnerName,
      username: row.learnerUsername,
      id_card: maskIdNumber(row.learnerIdCard),
      phone: row.learnerPhone,
    },
  };
}

function baseListQuery(db: DbOrTx) {
  return db
    .select(listColumns)
    .from(enrollments)
    .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
    .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
    .innerJoin(organizations, eq(organizations.id, examPlans.organizationId))
    .innerJoin(learners, eq(learners.id, enrollments.learnerId));
}

async function pagedEnrollments<Item>(
  db: DbOrTx,
  where: SQL | undefined,
  page: number,
  limit: number,
  itemOf: (row: ListRow) => Item,
  { oldestFirst = false } = {},
) {
  const [total] = await db
    .select({ n: count() })
    .from(enrollments)
    .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
    .innerJoin(learners, eq(learners.id, enrollments.learnerId))
    .where(where);
  const rows = await baseListQuery(db)
    .where(where)
    .orderBy(oldestFirst ? asc(enrollments.submittedAt) : desc(enrollments.submittedAt), asc(enrollments.id))
    .limit(limit)
    .offset(offsetOf(page, limit));
  return listAnswer(rows.map(itemOf), total?.n ?? 0, page, limit);
}

export async function listMyEnrollments(
  db: DbOrTx,
  learnerId: number,
  query: z.output<typeof enrollmentListQuery>,
) {
  const where = and(
    eq(enrollments.learnerId, learnerId),
    query.state ? eq(enrollments.state, query.state) : undefined,
    query.plan_id ? eq(enrollments.planId, query.plan_id) : undefined,
  );
  return pagedEnrollments(db, where, query.page, query.limit, enrollmentSummary);
}

/** The answers with the names of the lookup ids (`ethnic_group_name`, ...), resolved in one query. */
async function namedForm(db: DbOrTx, form: Record<string, unknown>) {
  const columns: Record<string, SQL<string | null>> = {};
  for (const [key, kind] of Object.entries(FORM_LOOKUPS)) {
    const id = form[key];
    if (typeof id !== 'number') continue;
    const table = LOOKUP_TABLES[kind];
    columns[key.replace(/_id$/, '_name')] = sql<
      string | null
    >`(select ${table.name} from ${table} where ${table.id} = ${id})`;
  }
  if (!Object.keys(columns).length) return form;
  const result = (await db.execute(
    sql`select ${sql.join(
      Object.entries(columns).map(([alias, expr]) => sql`${expr} as ${sql.identifier(alias)}`),
      sql`, `,
    )}`,
  )) as unknown as { rows: Record<string, string | null>[] };
  const names = Object.fromEntries(Object.entries(result.rows[0] ?? {}).filter(([, name]) => name !== null));
  return { ...form, ...names };
}

/** One enrolment with its form and materials, its summary as `summaryOf` (the learner's or the staff's) builds it. */
async function enrollmentDetail<Summary extends EnrollmentSummary>(
  db: DbOrTx,
  id: number,
  summaryOf: (row: ListRow) => Summary,
) {
  const [row] = await baseListQuery(db).where(eq(enrollments.id, id)).limit(1);
  if (!row) throw notFound('报名记录不存在');
  const [plan] = await db
    .select({ requiredMaterials: examPlans.requiredMaterials, formFields: examPlans.formFields })
    .from(examPlans)
    .where(eq(examPlans.id, row.enrollment.planId));
  return {
    ...summaryOf(row),
    form: await namedForm(db, row.enrollment.form),
    form_fields: (plan?.formFields ?? []) as FormFieldKey[],
    required_materials: (plan?.requiredMaterials ?? []) as MaterialKey[],
    materials: await materialsOf(db, id),
  };
}

export async function getMyEnrollment(db: DbOrTx, learnerId: number, id: number): Promise<EnrollmentDetail> {
  await findOwnEnrollment(db, learnerId, id);
  return enrollmentDetail(db, id, enrollmentSummary);
}

// ---------------------------------------------------------------- staff: review and college

async function assertEnrollmentInScope(db: DbOrTx, admin: AdminPrincipal, enrollmentId: number) {
  const [row] = await db
    .select({ organizationId: examPlans.organizationId })
    .from(enrollments)
    .innerJoin(examPlans, eq(examPlans.id, enrollments.planId))
    .where(eq(enrollments.id, enrollmentId))
    .limit(1);
  if (!row) throw notFound('报名记录不存在');
  const scope = await organizationScope(db, admin);
  if (scope && !scope.includes(row.organizationId)) throw forbidden('只能查看本院校考生的报名');
}

/** GET /v1/admin/enrollments/:id: the form, materials and the candidate's profile side by side. */
export async function getEnrollmentForStaff(
  db: DbOrTx,
  admin: AdminPrincipal,
  id: number,
): Promise<ReviewDetail> {
  await assertEnrollmentInScope(db, admin, id);
  const detail = await enrollmentDetail(db, id, staffEnrollmentSummary);
  const [e] = await db
    .select({ learnerId: enrollments.learnerId })
    .from(enrollments)
    .where(eq(enrollments.id, id));
  const profile = await getProfile(db, e!.learnerId);
  return { ...detail, learner_profile: profile };
}

function keywordCondition(keyword: string | undefined) {
  if (!keyword) return undefined;
  const like = `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(
    ilike(learners.realName, like),
    ilike(learners.username, like),
    ilike(learners.phone, like),
    ilike(learners.idCard, like),
  );
}

export async function listReviewQueue(db: DbOrTx, query: z.output<typeof reviewQueueQuery>) {
  const where = and(
    eq(enrollments.state, query.state),
    query.plan_id ? eq(enrollments.planId, query.plan_id) : undefined,
    keywordCondition(query.keyword),
  );
  return pagedEnrollments(db, where, query.page, query.limit, staffEnrollmentSummary, {
    oldestFirst: query.state === 'submitted',
  });
}

export async function listCollegeEnrollments(
  db: DbOrTx,
  admin: AdminPrincipal,
  query: z.output<typeof collegeEnrollmentQuery>,
) {
  const scope = (await organizationScope(db, admin)) ?? null;
  if (query.plan_id) {
    const plan = await loadPlan(db, query.plan_id);
    if (scope && !scope.includes(plan.organizationId)) throw forbidden('只能查看本院校的考试计划');
  }
  const where = and(
    scope ? inArray(examPlans.organizationId, scope.length ? scope : [-1]) : undefined,
    query.plan_id ? eq(enrollments.planId, query.plan_id) : undefined,
    query.state ? eq(enrollments.state, query.state) : undefined,
    keywordCondition(query.keyword),
  );
  return pagedEnrollments(db, where, query.page, query.limit, staffEnrollmentSummary);
}

/** The one answer for a learner who cannot be enrolled on behalf, whether or not the account exists. */
export const NO_ELIGIBLE_LEARNER = '未找到可代报名的考生：考生须已注册并属于本院校，或曾自行报名本院校的考试';

/**
 * Learners a college may enrol: those of its own organisation (learners.organization_id), and those who
 * chose the college themselves by applying to one of its plans (an enrolment they submitted, not one
 * made on their behalf). Founder and manager (scope null) may enrol anyone.
 */
function enrollableBy(scope: number[] | null): SQL | undefined {
  if (!scope) return undefined;
  const ids = scope.length ? scope : [-1];
  return or(
    inArray(learners.organizationId, ids),
    sql`exists (select 1 from ${enrollments} join ${examPlans} on ${examPlans.id} = ${enrollments.planId}
      where ${enrollments.learnerId} = ${learners.id} and ${enrollments.createdByAdminId} is null
      and ${inArray(examPlans.organizationId, ids)})`,
  );
}

/**
 * POST /v1/college/enrollments: enrol an existing learner (by username, phone or ID card) in one of the
 * college's plans. An unknown learner and one the college may not enrol get the same answer, so the
 * form cannot be used to find out who has an account.
 */
export async function enrollOnBehalf(
  db: Db,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  input: { learner: string; plan_id: number; form: EnrollmentForm; materials: Materials },
) {
  const plan = await loadPlan(db, input.plan_id);
  const scope = await organizationScope(db, actor);
  if (scope && !scope.includes(plan.organizationId)) throw forbidden('只能为本院校的考试计划报名');
  const key = input.learner.trim();
  const [learner] = await db
    .select({ id: learners.id })
    .from(learners)
    .where(
      and(
        or(
          sql`lower(${learners.username}) = ${key.toLowerCase()}`,
          eq(learners.phone, key),
          sql`upper(${learners.idCard}) = ${key.toUpperCase()}`,
        ),
        enrollableBy(scope),
      ),
    )
    .limit(1);
  if (!learner) throw fieldError('learner', NO_ELIGIBLE_LEARNER);
  return applyForPlan(db, {
    learnerId: learner.id,
    planId: plan.id,
    form: input.form,
    materials: input.materials,
    actor,
    request,
  });
}
