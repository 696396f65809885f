// Training in the back office (/manage/trainingManage/classes/...): programs (certification tracks, founder and
// manager write them, a college administrator reads them), projects (a college's belong to its administrator;
// platform-wide ones to founder and manager) and classes with their courses and sessions. A college
// administrator sees and makes only its college's classes (scope.ts). Every write is one transaction with its
// system-log row; a refused part (capacity below the enrolled count, a session with attendance) refuses all.
import { randomInt } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import { skillLevelLabel } from '../../shared/plans/schema.ts';
import {
  classJoinLink,
  classStateName,
  JOIN_CODE_ALPHABET,
  JOIN_CODE_LENGTH,
  batchClassNames,
  nextClassState,
  type ClassDetail,
  type ClassState,
  type ClassView,
  type ProgramView,
  type ProjectState,
  type ProjectView,
  type classBatchCreateSchema,
  type classBatchSetSchema,
  type classInputSchema,
  type classListQuery,
  type planOptionQuery,
  type programInputSchema,
  type programListQuery,
  type projectInputSchema,
  type projectListQuery,
} from '../../shared/training/schema.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import {
  classAttendance,
  classCourses,
  classMembers,
  classSessions,
  courses,
  examPlans,
  examStaff,
  occupations,
  organizations,
  programCourses,
  programPlans,
  programs,
  trainingClasses,
  trainingProjects,
} from '../db/schema/index.ts';
import { conflict, fieldError, forbidden, notFound } from '../errors.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { iso } from '../lib/dates.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { organizationScope } from '../lib/plan-scope.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { grantClassCourses } from './members.ts';
import { assertClassOrganizationInScope, classForAdmin, type ClassRow } from './scope.ts';

// Other areas take and free seats through this service (members.ts is the one seat taker).
export { CLASS_FULL_MESSAGE, freeSeat, grantClassCourses, takeSeat, type MemberSource } from './members.ts';
export { classForAdmin, type ClassRow } from './scope.ts';

type ProgramInput = z.output<typeof programInputSchema>;
type ProjectInput = z.output<typeof projectInputSchema>;
type ClassInput = z.output<typeof classInputSchema>;
type BatchCreateInput = z.output<typeof classBatchCreateSchema>;
type BatchSetInput = z.output<typeof classBatchSetSchema>;
type ProjectRow = typeof trainingProjects.$inferSelect;

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const isCollege = (admin: AdminPrincipal) => admin.administratorType === 'college';

// ---------------------------------------------------------------- programs

async function programViews(db: DbOrTx, rows: (typeof programs.$inferSelect)[]): Promise<ProgramView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [occupationRows, courseRows, planRows, projectCounts] = await Promise.all([
    db
      .select({ id: occupations.id, name: occupations.name })
      .from(occupations)
      .where(
        inArray(
          occupations.id,
          rows.map((r) => r.occupationId),
        ),
      ),
    db
      .select({ programId: programCourses.programId, id: courses.id, title: courses.title })
      .from(programCourses)
      .innerJoin(courses, eq(courses.id, programCourses.courseId))
      .where(inArray(programCourses.programId, ids))
      .orderBy(asc(programCourses.sort), asc(courses.id)),
    db
      .select({
        programId: programPlans.programId,
        id: examPlans.id,
        code: examPlans.code,
        title: examPlans.title,
      })
      .from(programPlans)
      .innerJoin(examPlans, eq(examPlans.id, programPlans.planId))
      .where(inArray(programPlans.programId, ids))
      .orderBy(asc(examPlans.id)),
    db
      .select({ programId: trainingProjects.programId, n: count() })
      .from(trainingProjects)
      .where(inArray(trainingProjects.programId, ids))
      .groupBy(trainingProjects.programId),
  ]);
  const occupationName = new Map(occupationRows.map((o) => [o.id, o.name]));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    occupation_id: row.occupationId,
    occupation_name: occupationName.get(row.occupationId) ?? '',
    level: row.level,
    level_name: skillLevelLabel(row.level),
    description: row.description,
    enabled: row.enabled,
    courses: courseRows.filter((c) => c.programId === row.id).map((c) => ({ id: c.id, title: c.title })),
    plans: planRows
      .filter((p) => p.programId === row.id)
      .map((p) => ({ id: p.id, code: p.code, title: p.title })),
    project_count: projectCounts.find((p) => p.programId === row.id)?.n ?? 0,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

export async function listPrograms(db: DbOrTx, query: z.output<typeof programListQuery>) {
  const where = and(
    query.keyword ? ilike(programs.name, like(query.keyword)) : undefined,
    query.occupation_id ? eq(programs.occupationId, query.occupation_id) : undefined,
    query.level ? eq(programs.level, query.level) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(programs)
      .where(where)
      .orderBy(desc(programs.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(programs).where(where),
  ]);
  return listAnswer(await programViews(db, rows), total?.n ?? 0, query.page, query.limit);
}

export async function getProgram(db: DbOrTx, id: number): Promise<ProgramView> {
  const [row] = await db.select().from(programs).where(eq(programs.id, id)).limit(1);
  if (!row) throw notFound('培训方案不存在');
  return (await programViews(db, [row]))[0]!;
}

export async function programOptions(db: DbOrTx) {
  const rows = await db
    .select({ id: programs.id, name: programs.name, enabled: programs.enabled })
    .from(programs)
    .orderBy(desc(programs.enabled), asc(programs.name));
  return { data: rows };
}

/** Published courses, each once; `field` names the input for the 422. */
async function checkPublishedCourses(tx: DbOrTx, ids: readonly number[], field: string) {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: courses.id })
    .from(courses)
    .where(and(inArray(courses.id, [...ids]), eq(courses.state, 'published')));
  if (rows.length !== ids.length) throw fieldError(field, '只能选择已发布的课程');
}

async function checkProgramInput(tx: DbOrTx, input: ProgramInput) {
  const [occupation] = await tx.select().from(occupations).where(eq(occupations.id, input.occupation_id));
  if (!occupation) throw fieldError('occupation_id', '职业（工种）不存在');
  if (!occupation.levels.includes(input.level))
    throw fieldError('level', `${occupation.name}没有该等级（可选 ${occupation.levels.join('、')} 级）`);
  await checkPublishedCourses(tx, input.course_ids, 'course_ids');
  if (input.plan_ids.length > 0) {
    const plans = await tx
      .select({ id: examPlans.id })
      .from(examPlans)
      .where(
        and(
          inArray(examPlans.id, input.plan_ids),
          eq(examPlans.occupationId, input.occupation_id),
          eq(examPlans.level, input.level),
        ),
      );
    if (plans.length !== input.plan_ids.length)
      throw fieldError('plan_ids', '只能选择同一职业（工种）和等级的考试计划');
  }
  const [clash] = await tx
    .select({ id: programs.id })
    .from(programs)
    .where(eq(programs.name, input.name))
    .limit(1);
  return clash?.id ?? null;
}

async function writeProgramLinks(tx: Tx, programId: number, input: ProgramInput) {
  await tx.delete(programCourses).where(eq(programCourses.programId, programId));
  await tx.delete(programPlans).where(eq(programPlans.programId, programId));
  if (input.course_ids.length > 0)
    await tx
      .insert(programCourses)
      .values(input.course_ids.map((courseId, i) => ({ programId, courseId, sort: (i + 1) * 10 })));
  if (input.plan_ids.length > 0)
    await tx.insert(programPlans).values(input.plan_ids.map((planId) => ({ programId, planId })));
}

const programValues = (input: ProgramInput) => ({
  name: input.name,
  occupationId: input.occupation_id,
  level: input.level,
  description: input.description,
  enabled: input.enabled,
});

function assertProgramWriter(admin: AdminPrincipal) {
  if (isCollege(admin)) throw forbidden('培训方案由平台管理员维护');
}

export async function createProgram(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  input: ProgramInput,
) {
  assertProgramWriter(admin);
  if ((await checkProgramInput(tx, input)) !== null) throw fieldError('name', '方案名称已存在');
  let row: typeof programs.$inferSelect | undefined;
  try {
    [row] = await tx.insert(programs).values(programValues(input)).returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', '方案名称已存在');
    throw error;
  }
  await writeProgramLinks(tx, row!.id, input);
  await writeSystemLog(tx, admin, request, {
    action: 'program.create',
    targetType: 'program',
    targetId: row!.id,
    detail: { ...input },
  });
  return getProgram(tx, row!.id);
}

export async function updateProgram(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: ProgramInput,
) {
  assertProgramWriter(admin);
  const [current] = await tx.select().from(programs).where(eq(programs.id, id)).for('update');
  if (!current) throw notFound('培训方案不存在');
  const before = await getProgram(tx, id);
  const clash = await checkProgramInput(tx, input);
  if (clash !== null && clash !== id) throw fieldError('name', '方案名称已存在');
  try {
    await tx
      .update(programs)
      .set({ ...programValues(input), updatedAt: new Date() })
      .where(eq(programs.id, id));
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('name', '方案名称已存在');
    throw error;
  }
  await writeProgramLinks(tx, id, input);
  await writeSystemLog(tx, admin, request, {
    action: 'program.update',
    targetType: 'program',
    targetId: id,
    detail: changedFields(
      {
        name: before.name,
        occupationId: before.occupation_id,
        level: before.level,
        description: before.description,
        enabled: before.enabled,
        course_ids: before.courses.map((c) => c.id),
        plan_ids: before.plans.map((p) => p.id),
      },
      {
        ...programValues(input),
        course_ids: input.course_ids,
        plan_ids: input.plan_ids,
      },
    ),
  });
  return getProgram(tx, id);
}

/** Exam plans of an occupation and level (the program form's choice). */
export async function planOptions(db: DbOrTx, query: z.output<typeof planOptionQuery>) {
  const rows = await db
    .select({ id: examPlans.id, code: examPlans.code, title: examPlans.title, state: examPlans.state })
    .from(examPlans)
    .where(and(eq(examPlans.occupationId, query.occupation_id), eq(examPlans.level, query.level)))
    .orderBy(desc(examPlans.id))
    .limit(200);
  return { data: rows };
}

/** Published courses (the class and program forms' choice). */
export async function courseOptions(db: DbOrTx) {
  const rows = await db
    .select({
      id: courses.id,
      title: courses.title,
      occupation_id: courses.occupationId,
      level: courses.level,
    })
    .from(courses)
    .where(eq(courses.state, 'published'))
    .orderBy(asc(courses.title), asc(courses.id))
    .limit(1000);
  return { data: rows };
}

// ---------------------------------------------------------------- projects

/** Projects an administrator sees: a college administrator its colleges' and the platform-wide ones. */
async function projectScopeWhere(db: DbOrTx, admin: AdminPrincipal): Promise<SQL | undefined> {
  const scope = await organizationScope(db, admin);
  if (!scope) return undefined;
  return scope.length > 0
    ? or(isNull(trainingProjects.organizationId), inArray(trainingProjects.organizationId, scope))
    : isNull(trainingProjects.organizationId);
}

const projectView = (
  row: ProjectRow,
  organizationName: string | null,
  programName: string | null,
  classCount: number,
): ProjectView => ({
  id: row.id,
  name: row.name,
  organization_id: row.organizationId,
  organization_name: organizationName,
  program_id: row.programId,
  program_name: programName,
  description: row.description,
  state: row.state as ProjectState,
  class_count: classCount,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

const projectClassCount = sql<number>`(select count(*)::int from ${trainingClasses} where ${trainingClasses.projectId} = ${trainingProjects.id})`;

export async function listProjects(
  db: DbOrTx,
  admin: AdminPrincipal,
  query: z.output<typeof projectListQuery>,
) {
  const where = and(
    await projectScopeWhere(db, admin),
    query.keyword ? ilike(trainingProjects.name, like(query.keyword)) : undefined,
    query.organization_id ? eq(trainingProjects.organizationId, query.organization_id) : undefined,
    query.program_id ? eq(trainingProjects.programId, query.program_id) : undefined,
    query.state ? eq(trainingProjects.state, query.state) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        project: trainingProjects,
        organizationName: organizations.name,
        programName: programs.name,
        classCount: projectClassCount,
      })
      .from(trainingProjects)
      .leftJoin(organizations, eq(organizations.id, trainingProjects.organizationId))
      .leftJoin(programs, eq(programs.id, trainingProjects.programId))
      .where(where)
      .orderBy(asc(trainingProjects.state), desc(trainingProjects.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(trainingProjects).where(where),
  ]);
  return listAnswer(
    rows.map((r) => projectView(r.project, r.organizationName, r.programName, Number(r.classCount))),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

async function projectViewById(db: DbOrTx, id: number): Promise<ProjectView> {
  const [r] = await db
    .select({
      project: trainingProjects,
      organizationName: organizations.name,
      programName: programs.name,
      classCount: projectClassCount,
    })
    .from(trainingProjects)
    .leftJoin(organizations, eq(organizations.id, trainingProjects.organizationId))
    .leftJoin(programs, eq(programs.id, trainingProjects.programId))
    .where(eq(trainingProjects.id, id));
  if (!r) throw notFound('培训项目不存在');
  return projectView(r.project, r.organizationName, r.programName, Number(r.classCount));
}

export async function projectOptions(db: DbOrTx, admin: AdminPrincipal) {
  const rows = await db
    .select({
      id: trainingProjects.id,
      name: trainingProjects.name,
      organization_id: trainingProjects.organizationId,
      state: trainingProjects.state,
    })
    .from(trainingProjects)
    .where(await projectScopeWhere(db, admin))
    .orderBy(asc(trainingProjects.state), desc(trainingProjects.id))
    .limit(1000);
  return { data: rows.map((r) => ({ ...r, state: r.state as ProjectState })) };
}

/** The project's college: a college administrator's own (fixed); founder and manager any, or none. */
async function projectOrganization(tx: DbOrTx, admin: AdminPrincipal, organizationId: number | null) {
  if (isCollege(admin)) {
    if (organizationId === null) {
      if (admin.organizationId === null) throw forbidden('账号未关联院校');
      return admin.organizationId;
    }
    await assertClassOrganizationInScope(tx, admin, organizationId);
  }
  if (organizationId !== null) {
    const [org] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    if (!org) throw fieldError('organization_id', '所属院校不存在');
  }
  return organizationId;
}

async function checkProgramExists(tx: DbOrTx, programId: number | null) {
  if (programId === null) return;
  const [row] = await tx.select({ id: programs.id }).from(programs).where(eq(programs.id, programId));
  if (!row) throw fieldError('program_id', '培训方案不存在');
}

/** The project for a write: 404, or 403 when it is platform-wide or another college's for a college admin. */
async function projectForWrite(tx: DbOrTx, admin: AdminPrincipal, id: number) {
  const [row] = await tx.select().from(trainingProjects).where(eq(trainingProjects.id, id)).for('update');
  if (!row) throw notFound('培训项目不存在');
  if (isCollege(admin)) {
    if (row.organizationId === null) throw forbidden('平台项目由平台管理员维护');
    await assertClassOrganizationInScope(tx, admin, row.organizationId);
  }
  return row;
}

export async function createProject(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  input: ProjectInput,
) {
  const organizationId = await projectOrganization(tx, admin, input.organization_id);
  await checkProgramExists(tx, input.program_id);
  const [row] = await tx
    .insert(trainingProjects)
    .values({
      name: input.name,
      organizationId,
      programId: input.program_id,
      description: input.description,
      createdBy: admin.id,
    })
    .returning();
  await writeSystemLog(tx, admin, request, {
    action: 'project.create',
    targetType: 'training_project',
    targetId: row!.id,
    detail: { ...input, organization_id: organizationId },
  });
  return projectViewById(tx, row!.id);
}

export async function updateProject(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: ProjectInput,
) {
  const current = await projectForWrite(tx, admin, id);
  const organizationId = await projectOrganization(tx, admin, input.organization_id);
  await checkProgramExists(tx, input.program_id);
  const values = {
    name: input.name,
    organizationId,
    programId: input.program_id,
    description: input.description,
  };
  await tx
    .update(trainingProjects)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(trainingProjects.id, id));
  await writeSystemLog(tx, admin, request, {
    action: 'project.update',
    targetType: 'training_project',
    targetId: id,
    detail: changedFields(current, values),
  });
  return projectViewById(tx, id);
}

export async function setProjectState(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  state: ProjectState,
) {
  const current = await projectForWrite(tx, admin, id);
  if (current.state !== state)
    await tx
      .update(trainingProjects)
      .set({ state, updatedAt: new Date() })
      .where(eq(trainingProjects.id, id));
  await writeSystemLog(tx, admin, request, {
    action: state === 'archived' ? 'project.archive' : 'project.restore',
    targetType: 'training_project',
    targetId: id,
    detail: changedFields(current, { state }),
  });
  return projectViewById(tx, id);
}

// ---------------------------------------------------------------- teachers

/** Enabled exam staff of role teacher: a college administrator's colleges' and those of no college. */
export async function teacherOptions(db: DbOrTx, admin: AdminPrincipal) {
  const scope = await organizationScope(db, admin);
  const rows = await db
    .select({
      id: examStaff.id,
      name: examStaff.name,
      phone: examStaff.phone,
      organization_id: examStaff.organizationId,
    })
    .from(examStaff)
    .where(
      and(
        eq(examStaff.role, 'teacher'),
        eq(examStaff.enabled, true),
        scope
          ? or(
              isNull(examStaff.organizationId),
              scope.length > 0 ? inArray(examStaff.organizationId, scope) : undefined,
            )
          : undefined,
      ),
    )
    .orderBy(asc(examStaff.name), asc(examStaff.id));
  return { data: rows };
}

async function checkTeacher(tx: DbOrTx, admin: AdminPrincipal, teacherId: number | null, field: string) {
  if (teacherId === null) return;
  const { data } = await teacherOptions(tx, admin);
  if (!data.some((t) => t.id === teacherId)) throw fieldError(field, '班主任须为启用的讲师');
}

// ---------------------------------------------------------------- classes

const courseCount = sql<number>`(select count(*)::int from ${classCourses} where ${classCourses.classId} = ${trainingClasses.id})`;
const sessionCount = sql<number>`(select count(*)::int from ${classSessions} where ${classSessions.classId} = ${trainingClasses.id})`;

function classSelect(db: DbOrTx) {
  return db
    .select({
      klass: trainingClasses,
      projectName: trainingProjects.name,
      organizationName: organizations.name,
      teacherName: examStaff.name,
      teacherPhone: examStaff.phone,
      courseCount,
      sessionCount,
    })
    .from(trainingClasses)
    .innerJoin(trainingProjects, eq(trainingProjects.id, trainingClasses.projectId))
    .innerJoin(organizations, eq(organizations.id, trainingClasses.organizationId))
    .leftJoin(examStaff, eq(examStaff.id, trainingClasses.headTeacherId));
}

type ClassSelectRow = Awaited<ReturnType<ReturnType<typeof classSelect>['where']>>[number];

function classView(r: ClassSelectRow): ClassView {
  const k = r.klass;
  const state = k.state as ClassState;
  return {
    id: k.id,
    name: k.name,
    project_id: k.projectId,
    project_name: r.projectName,
    organization_id: k.organizationId,
    organization_name: r.organizationName,
    head_teacher_id: k.headTeacherId,
    head_teacher_name: r.teacherName,
    head_teacher_phone: r.teacherPhone,
    join_code: k.joinCode,
    join_link: classJoinLink(k.joinCode),
    starts_on: k.startsOn,
    ends_on: k.endsOn,
    capacity: k.capacity,
    enrolled_count: k.enrolledCount,
    fee_fen: k.feeFen,
    enrol_opens_at: iso(k.enrolOpensAt),
    enrol_closes_at: iso(k.enrolClosesAt),
    rule_progress_percent: k.ruleProgressPercent,
    rule_attendance_percent: k.ruleAttendancePercent,
    rule_test_pass_score: k.ruleTestPassScore,
    state,
    state_name: classStateName(state),
    next_state: nextClassState(state),
    description: k.description,
    course_count: Number(r.courseCount),
    session_count: Number(r.sessionCount),
    created_at: k.createdAt.toISOString(),
    updated_at: k.updatedAt.toISOString(),
  };
}

export async function listClasses(db: DbOrTx, admin: AdminPrincipal, query: z.output<typeof classListQuery>) {
  const scope = await organizationScope(db, admin);
  const ids = query.ids ? query.ids.split(',').map(Number) : null;
  const where = and(
    scope ? (scope.length > 0 ? inArray(trainingClasses.organizationId, scope) : sql`false`) : undefined,
    ids ? inArray(trainingClasses.id, ids) : undefined,
    query.keyword
      ? or(
          ilike(trainingClasses.name, like(query.keyword)),
          eq(trainingClasses.joinCode, query.keyword.toUpperCase()),
        )
      : undefined,
    query.project_id ? eq(trainingClasses.projectId, query.project_id) : undefined,
    query.organization_id ? eq(trainingClasses.organizationId, query.organization_id) : undefined,
    query.state ? eq(trainingClasses.state, query.state) : undefined,
    query.date_from ? gte(trainingClasses.endsOn, query.date_from) : undefined,
    query.date_to ? lte(trainingClasses.startsOn, query.date_to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    classSelect(db)
      .where(where)
      .orderBy(desc(trainingClasses.startsOn), desc(trainingClasses.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(trainingClasses).where(where),
  ]);
  return listAnswer(rows.map(classView), total?.n ?? 0, query.page, query.limit);
}

async function classDetail(db: DbOrTx, id: number): Promise<ClassDetail> {
  const [row] = await classSelect(db).where(eq(trainingClasses.id, id));
  if (!row) throw notFound('班级不存在');
  const [courseRows, sessionRows] = await Promise.all([
    db
      .select({ id: courses.id, title: courses.title, state: courses.state })
      .from(classCourses)
      .innerJoin(courses, eq(courses.id, classCourses.courseId))
      .where(eq(classCourses.classId, id))
      .orderBy(asc(classCourses.sort), asc(courses.id)),
    db
      .select({
        session: classSessions,
        attendance: sql<number>`(select count(*)::int from ${classAttendance} where ${classAttendance.sessionId} = ${classSessions.id})`,
      })
      .from(classSessions)
      .where(eq(classSessions.classId, id))
      .orderBy(asc(classSessions.startsAt), asc(classSessions.id)),
  ]);
  return {
    ...classView(row),
    courses: courseRows,
    sessions: sessionRows.map(({ session, attendance }) => ({
      id: session.id,
      title: session.title,
      place: session.place,
      starts_at: session.startsAt.toISOString(),
      ends_at: session.endsAt.toISOString(),
      attendance_count: Number(attendance),
    })),
  };
}

/** GET /v1/admin/classes/:id after the scope check. */
export async function getClass(db: DbOrTx, admin: AdminPrincipal, id: number): Promise<ClassDetail> {
  await classForAdmin(db, admin, id);
  return classDetail(db, id);
}

/** The project and the college of a class being made or moved: the project's college when it has one. */
async function classPlacement(
  tx: DbOrTx,
  admin: AdminPrincipal,
  projectId: number,
  organizationId: number | null,
): Promise<{ project: ProjectRow; organizationId: number }> {
  const [project] = await tx.select().from(trainingProjects).where(eq(trainingProjects.id, projectId));
  if (!project) throw fieldError('project_id', '培训项目不存在');
  if (project.state !== 'active') throw fieldError('project_id', '培训项目已归档');
  let orgId = project.organizationId ?? organizationId;
  if (orgId === null && isCollege(admin)) orgId = admin.organizationId;
  if (orgId === null) throw fieldError('organization_id', '请选择所属院校');
  const [org] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, orgId));
  if (!org) throw fieldError('organization_id', '所属院校不存在');
  await assertClassOrganizationInScope(tx, admin, orgId);
  return { project, organizationId: orgId };
}

function newJoinCode() {
  let code = '';
  for (let i = 0; i < JOIN_CODE_LENGTH; i++) code += JOIN_CODE_ALPHABET[randomInt(JOIN_CODE_ALPHABET.length)];
  return code;
}

type ClassSettings = Omit<ClassInput, 'name'>;

const classColumns = (input: ClassSettings, organizationId: number) => ({
  projectId: input.project_id,
  organizationId,
  headTeacherId: input.head_teacher_id,
  startsOn: input.starts_on,
  endsOn: input.ends_on,
  capacity: input.capacity,
  feeFen: input.fee_fen,
  enrolOpensAt: input.enrol_opens_at,
  enrolClosesAt: input.enrol_closes_at,
  ruleProgressPercent: input.rule_progress_percent,
  ruleAttendancePercent: input.rule_attendance_percent,
  ruleTestPassScore: input.rule_test_pass_score,
  description: input.description,
});

/** Checks shared by create, update and the batch: the placement, the teacher and the courses. */
async function checkClassSettings(tx: DbOrTx, admin: AdminPrincipal, input: ClassSettings) {
  const placement = await classPlacement(tx, admin, input.project_id, input.organization_id);
  await checkTeacher(tx, admin, input.head_teacher_id, 'head_teacher_id');
  await checkPublishedCourses(tx, input.course_ids, 'course_ids');
  return placement;
}

async function insertClass(
  tx: Tx,
  admin: AdminPrincipal,
  name: string,
  input: ClassSettings,
  organizationId: number,
) {
  for (let attempt = 0; attempt < 8; attempt++) {
    const [row] = await tx
      .insert(trainingClasses)
      .values({ ...classColumns(input, organizationId), name, joinCode: newJoinCode(), createdBy: admin.id })
      .onConflictDoNothing({ target: trainingClasses.joinCode })
      .returning();
    if (!row) continue;
    if (input.course_ids.length > 0)
      await tx
        .insert(classCourses)
        .values(input.course_ids.map((courseId, i) => ({ classId: row.id, courseId, sort: (i + 1) * 10 })));
    if (input.sessions.length > 0)
      await tx.insert(classSessions).values(
        input.sessions.map((s) => ({
          classId: row.id,
          title: s.title,
          place: s.place,
          startsAt: s.starts_at,
          endsAt: s.ends_at,
        })),
      );
    return row;
  }
  throw conflict('班级邀请码生成失败，请重试');
}

/** The class fields a log summary compares. */
const classSummary = (row: ClassRow) => ({
  name: row.name,
  projectId: row.projectId,
  organizationId: row.organizationId,
  headTeacherId: row.headTeacherId,
  startsOn: row.startsOn,
  endsOn: row.endsOn,
  capacity: row.capacity,
  feeFen: row.feeFen,
  enrolOpensAt: row.enrolOpensAt,
  enrolClosesAt: row.enrolClosesAt,
  ruleProgressPercent: row.ruleProgressPercent,
  ruleAttendancePercent: row.ruleAttendancePercent,
  ruleTestPassScore: row.ruleTestPassScore,
  description: row.description,
});

export async function createClass(tx: Tx, admin: AdminPrincipal, request: FastifyRequest, input: ClassInput) {
  const { organizationId } = await checkClassSettings(tx, admin, input);
  const row = await insertClass(tx, admin, input.name, input, organizationId);
  await writeSystemLog(tx, admin, request, {
    action: 'class.create',
    targetType: 'training_class',
    targetId: row.id,
    detail: changedFields(
      {},
      { ...classSummary(row), courseIds: input.course_ids, sessions: input.sessions.length },
    ),
  });
  return classDetail(tx, row.id);
}

function assertCapacity(klass: ClassRow, capacity: number, named: boolean) {
  if (capacity < klass.enrolledCount)
    throw fieldError(
      'capacity',
      named
        ? `班级「${klass.name}」已有 ${klass.enrolledCount} 名学员，容量不能低于该人数`
        : `已有 ${klass.enrolledCount} 名学员，班级容量不能低于该人数`,
    );
}

/** Keeps, changes, adds and removes the class's sessions as the form's rows say. */
async function writeSessions(tx: Tx, classId: number, rows: ClassInput['sessions']) {
  // Locked, so a check-in (which reads the session's key) waits for this write, and a session is never
  // removed under a check-in being recorded.
  const existing = await tx
    .select({ id: classSessions.id, title: classSessions.title })
    .from(classSessions)
    .where(eq(classSessions.classId, classId))
    .for('update');
  const byId = new Map(existing.map((s) => [s.id, s]));
  rows.forEach((row, index) => {
    if (row.id !== undefined && !byId.has(row.id))
      throw fieldError(`sessions.${index}.id`, '课次不属于该班级');
  });
  const kept = new Set(rows.map((r) => r.id).filter((id): id is number => id !== undefined));
  const removed = existing.filter((s) => !kept.has(s.id));
  if (removed.length > 0) {
    const [checked] = await tx
      .select({ sessionId: classAttendance.sessionId })
      .from(classAttendance)
      .where(
        inArray(
          classAttendance.sessionId,
          removed.map((s) => s.id),
        ),
      )
      .limit(1);
    const withAttendance = checked && removed.find((s) => s.id === checked.sessionId);
    if (withAttendance) throw conflict(`课次「${withAttendance.title}」已有考勤记录，不能删除`);
  }
  if (removed.length > 0)
    await tx.delete(classSessions).where(
      inArray(
        classSessions.id,
        removed.map((s) => s.id),
      ),
    );
  for (const row of rows) {
    const values = { title: row.title, place: row.place, startsAt: row.starts_at, endsAt: row.ends_at };
    if (row.id === undefined) await tx.insert(classSessions).values({ classId, ...values });
    else
      await tx
        .update(classSessions)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(classSessions.id, row.id), eq(classSessions.classId, classId)));
  }
  return { added: rows.filter((r) => r.id === undefined).length, removed: removed.length };
}

/** Replaces the class's courses in the form's order; members who hold their seat get the added ones. */
async function writeCourses(tx: Tx, classId: number, courseIds: readonly number[]) {
  const before = await tx
    .select({ courseId: classCourses.courseId })
    .from(classCourses)
    .where(eq(classCourses.classId, classId))
    .orderBy(asc(classCourses.sort));
  const beforeIds = before.map((c) => c.courseId);
  await tx.delete(classCourses).where(eq(classCourses.classId, classId));
  if (courseIds.length > 0)
    await tx
      .insert(classCourses)
      .values(courseIds.map((courseId, i) => ({ classId, courseId, sort: (i + 1) * 10 })));
  const added = courseIds.filter((id) => !beforeIds.includes(id));
  if (added.length > 0) {
    const members = await tx
      .select({ learnerId: classMembers.learnerId })
      .from(classMembers)
      .where(
        and(
          eq(classMembers.classId, classId),
          eq(classMembers.state, 'active'),
          ne(classMembers.feeState, 'unpaid'),
        ),
      );
    await grantClassCourses(
      tx,
      classId,
      members.map((m) => m.learnerId),
    );
  }
  return beforeIds;
}

export async function updateClass(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: ClassInput,
) {
  const current = await classForAdmin(tx, admin, id, true);
  const { organizationId } = await checkClassSettings(tx, admin, input);
  assertCapacity(current, input.capacity, false);
  const [row] = await tx
    .update(trainingClasses)
    .set({ ...classColumns(input, organizationId), name: input.name, updatedAt: new Date() })
    .where(eq(trainingClasses.id, id))
    .returning();
  const beforeCourses = await writeCourses(tx, id, input.course_ids);
  const sessions = await writeSessions(tx, id, input.sessions);
  const summary = changedFields(classSummary(current), classSummary(row!));
  if (JSON.stringify(beforeCourses) !== JSON.stringify(input.course_ids)) {
    summary.before.courseIds = beforeCourses;
    summary.after.courseIds = input.course_ids;
  }
  await writeSystemLog(tx, admin, request, {
    action: 'class.update',
    targetType: 'training_class',
    targetId: id,
    detail: { ...summary, sessions: { rows: input.sessions.length, ...sessions } },
  });
  return classDetail(tx, id);
}

function assertNextState(klass: ClassRow, state: ClassState, named: boolean) {
  const next = nextClassState(klass.state as ClassState);
  if (next !== state)
    throw conflict(
      `${named ? `班级「${klass.name}」` : '班级'}当前为${classStateName(klass.state as ClassState)}，` +
        (next ? `只能改为${classStateName(next)}` : '不能再变更状态'),
    );
}

export async function setClassState(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  state: ClassState,
) {
  const current = await classForAdmin(tx, admin, id, true);
  assertNextState(current, state, false);
  await tx.update(trainingClasses).set({ state, updatedAt: new Date() }).where(eq(trainingClasses.id, id));
  await writeSystemLog(tx, admin, request, {
    action: 'class.state',
    targetType: 'training_class',
    targetId: id,
    detail: { before: { state: current.state }, after: { state } },
  });
  return classDetail(tx, id);
}

export async function batchCreateClasses(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  input: BatchCreateInput,
) {
  const { organizationId } = await checkClassSettings(tx, admin, input);
  const made: { id: number; name: string }[] = [];
  for (const name of batchClassNames(input.name_pattern, input.count)) {
    const row = await insertClass(tx, admin, name, input, organizationId);
    made.push({ id: row.id, name: row.name });
  }
  await writeSystemLog(tx, admin, request, {
    action: 'class.batchCreate',
    targetType: 'training_class',
    targetId: made.map((m) => m.id).join(','),
    detail: {
      after: {
        names: made.map((m) => m.name),
        projectId: input.project_id,
        organizationId,
        courseIds: input.course_ids,
        sessions: input.sessions.length,
      },
    },
  });
  return { data: made };
}

export async function batchSetClasses(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  input: BatchSetInput,
) {
  if (input.head_teacher_id !== undefined)
    await checkTeacher(tx, admin, input.head_teacher_id, 'head_teacher_id');
  const changes: Partial<typeof trainingClasses.$inferInsert> = {};
  if (input.head_teacher_id !== undefined) changes.headTeacherId = input.head_teacher_id;
  if (input.capacity !== undefined) changes.capacity = input.capacity;
  if (input.fee_fen !== undefined) changes.feeFen = input.fee_fen;
  if (input.enrolment) {
    changes.enrolOpensAt = input.enrolment.enrol_opens_at;
    changes.enrolClosesAt = input.enrolment.enrol_closes_at;
  }
  if (input.rule) {
    changes.ruleProgressPercent = input.rule.rule_progress_percent;
    changes.ruleAttendancePercent = input.rule.rule_attendance_percent;
    changes.ruleTestPassScore = input.rule.rule_test_pass_score;
  }
  if (input.state !== undefined) changes.state = input.state;
  const changed: { id: number; name: string }[] = [];
  const summaries: Record<string, unknown>[] = [];
  // In id order, so two batches over the same classes lock them one after the other.
  for (const id of [...input.ids].sort((a, b) => a - b)) {
    const klass = await classForAdmin(tx, admin, id, true);
    if (input.capacity !== undefined) assertCapacity(klass, input.capacity, true);
    if (input.state !== undefined) assertNextState(klass, input.state, true);
    const [row] = await tx
      .update(trainingClasses)
      .set({ ...changes, updatedAt: new Date() })
      .where(eq(trainingClasses.id, id))
      .returning();
    changed.push({ id, name: klass.name });
    const summary = changedFields(
      { ...classSummary(klass), state: klass.state },
      { ...classSummary(row!), state: row!.state },
    );
    summaries.push({ id, ...summary });
  }
  await writeSystemLog(tx, admin, request, {
    action: 'class.batchSet',
    targetType: 'training_class',
    targetId: input.ids.join(','),
    detail: { classes: summaries },
  });
  return { data: changed.sort((a, b) => input.ids.indexOf(a.id) - input.ids.indexOf(b.id)) };
}
