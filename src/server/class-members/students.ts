// The student list (/manage/trainingManage/student/index): every learner with their classes, programs,
// overall course progress and certificates; import of new learner accounts from Excel and export. A college
// administrator sees its own organisation's learners and the members of its classes; ID numbers are masked.
import type { FastifyRequest } from 'fastify';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNull,
  or,
  sql,
  type Column,
  type SQL,
} from 'drizzle-orm';
import { z } from '../../shared/api/zod.ts';
import type { ImportAnswer } from '../../shared/api/excel-import.ts';
import { maskIdNumber } from '../../shared/api/masking.ts';
import { idCardProblem, normalizeIdCard } from '../../shared/auth/id-card.ts';
import { validatePassword } from '../../shared/auth/password.ts';
import {
  studentImportRowSchema,
  type StudentFilterOptions,
  type StudentView,
  type studentListQuery,
} from '../../shared/class-members/schema.ts';
import { createLearner, replaceLearnerPassword } from '../accounts/service.ts';
import type { DbOrTx, Tx } from '../db/client.ts';
import {
  certificates,
  classMembers,
  courseLearners,
  learnerPrograms,
  learners,
  organizations,
  programs,
  trainingClasses,
} from '../db/schema/index.ts';
import { forbidden, notFound, validationFailed } from '../errors.ts';
import { checkRows, settleImport } from '../lib/excel/import-rows.ts';
import type { SheetRow } from '../lib/excel/read-sheet.ts';
import { rowsOf } from '../lib/db-queries.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { generatePassword } from '../lib/passwords.ts';
import { organizationScope, organizationSubtree } from '../lib/plan-scope.ts';
import { writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { likePattern } from './service.ts';

type StudentQuery = z.output<typeof studentListQuery>;

/** The learners a college administrator may see: its organisations' learners and its classes' members. */
function scopeCondition(scope: number[] | null): SQL | undefined {
  if (scope === null) return undefined;
  if (scope.length === 0) return sql`false`;
  return or(
    inArray(learners.organizationId, scope),
    sql`exists (select 1 from ${classMembers} m join ${trainingClasses} c on c.id = m.class_id
          where m.learner_id = ${learners.id} and ${inArray(sql`c.organization_id`, scope)})`,
  );
}

async function studentWhere(db: DbOrTx, scope: number[] | null, query: Partial<StudentQuery>) {
  const keyword = query.keyword?.trim();
  const organizationIds = query.organization_id ? await organizationSubtree(db, query.organization_id) : null;
  return and(
    scopeCondition(scope),
    keyword
      ? or(
          ilike(learners.realName, likePattern(keyword)),
          ilike(learners.phone, likePattern(keyword)),
          ilike(learners.username, likePattern(keyword)),
          sql`upper(${learners.idCard}) = ${normalizeIdCard(keyword)}`,
        )
      : undefined,
    query.class_id
      ? sql`exists (select 1 from ${classMembers} m where m.learner_id = ${learners.id} and m.class_id = ${query.class_id} and m.state = 'active')`
      : undefined,
    query.program_id
      ? sql`exists (select 1 from ${learnerPrograms} p where p.learner_id = ${learners.id} and p.program_id = ${query.program_id})`
      : undefined,
    organizationIds ? inArray(learners.organizationId, organizationIds) : undefined,
  );
}

const studentColumns = {
  id: learners.id,
  name: learners.realName,
  username: learners.username,
  idCard: learners.idCard,
  phone: learners.phone,
  organizationName: organizations.name,
  createdAt: learners.createdAt,
};

/** Classes, programs, course progress and certificates of the listed learners, a few queries for the page. */
async function studentViews(
  db: DbOrTx,
  rows: {
    id: number;
    name: string;
    username: string;
    idCard: string;
    phone: string;
    organizationName: string | null;
    createdAt: Date;
  }[],
): Promise<StudentView[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [classRows, programRows, progressRows, certificateRows] = await Promise.all([
    db
      .select({
        learnerId: classMembers.learnerId,
        id: trainingClasses.id,
        name: trainingClasses.name,
        state: trainingClasses.state,
      })
      .from(classMembers)
      .innerJoin(trainingClasses, eq(trainingClasses.id, classMembers.classId))
      .where(and(inArray(classMembers.learnerId, ids), eq(classMembers.state, 'active')))
      .orderBy(desc(classMembers.joinedAt)),
    db
      .select({ learnerId: learnerPrograms.learnerId, id: programs.id, name: programs.name })
      .from(learnerPrograms)
      .innerJoin(programs, eq(programs.id, learnerPrograms.programId))
      .where(inArray(learnerPrograms.learnerId, ids))
      .orderBy(asc(learnerPrograms.joinedAt)),
    db.execute(sql`
      select cl.learner_id, count(distinct cl.course_id)::int as courses,
        coalesce(sum(l.duration_seconds), 0)::float as total,
        coalesce(sum(l.duration_seconds) filter (where lp.completed_at is not null), 0)::float as done
      from ${courseLearners} cl
      left join course_lessons l on l.course_id = cl.course_id
      left join lesson_progress lp on lp.lesson_id = l.id and lp.learner_id = cl.learner_id
      where ${inArray(sql`cl.learner_id`, ids)}
      group by cl.learner_id`),
    db
      .select({
        learnerId: certificates.learnerId,
        number: certificates.number,
        occupation: certificates.occupation,
        level: certificates.level,
        issuedAt: certificates.issuedAt,
      })
      .from(certificates)
      .where(and(inArray(certificates.learnerId, ids), isNull(certificates.revokedAt)))
      .orderBy(desc(certificates.issuedAt)),
  ]);
  const progress = new Map(
    rowsOf<{ learner_id: number; courses: number; total: number; done: number }>(progressRows).map((r) => [
      Number(r.learner_id),
      r,
    ]),
  );
  return rows.map((r) => {
    const p = progress.get(r.id);
    const total = Number(p?.total ?? 0);
    const certs = certificateRows.filter((c) => c.learnerId === r.id);
    const latest = certs[0];
    return {
      id: r.id,
      name: r.name,
      username: r.username,
      id_number: maskIdNumber(r.idCard),
      phone: r.phone,
      organization_name: r.organizationName,
      classes: classRows
        .filter((c) => c.learnerId === r.id)
        .map((c) => ({ id: c.id, name: c.name, state: c.state })),
      programs: programRows.filter((c) => c.learnerId === r.id).map((c) => ({ id: c.id, name: c.name })),
      course_count: Number(p?.courses ?? 0),
      progress_percent: total > 0 ? Math.round((Number(p?.done ?? 0) / total) * 1000) / 10 : 0,
      certificate_count: certs.length,
      latest_certificate: latest
        ? {
            number: latest.number,
            occupation: latest.occupation,
            level: latest.level,
            issued_at: latest.issuedAt.toISOString(),
          }
        : null,
      created_at: r.createdAt.toISOString(),
    };
  });
}

const studentQuery = (db: DbOrTx) =>
  db
    .select(studentColumns)
    .from(learners)
    .leftJoin(organizations, eq(organizations.id, learners.organizationId));

export async function listStudents(db: DbOrTx, admin: AdminPrincipal, query: StudentQuery) {
  const scope = await organizationScope(db, admin);
  const where = await studentWhere(db, scope, query);
  const [rows, [total]] = await Promise.all([
    studentQuery(db)
      .where(where)
      .orderBy(desc(learners.createdAt), desc(learners.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(learners).where(where),
  ]);
  return listAnswer(await studentViews(db, rows), total?.n ?? 0, query.page, query.limit);
}

/** Every student the filters select, a page at a time (the export streams them). */
export async function* studentsForExport(
  db: DbOrTx,
  admin: AdminPrincipal,
  query: Partial<StudentQuery>,
): AsyncGenerator<StudentView> {
  const scope = await organizationScope(db, admin);
  const where = await studentWhere(db, scope, query);
  const pageSize = 500;
  for (let offset = 0; ; offset += pageSize) {
    const rows = await studentQuery(db)
      .where(where)
      .orderBy(desc(learners.createdAt), desc(learners.id))
      .limit(pageSize)
      .offset(offset);
    yield* await studentViews(db, rows);
    if (rows.length < pageSize) return;
  }
}

/** One learner, 404 when there is none, 403 when a college administrator may not see them. */
export async function studentDetail(db: DbOrTx, admin: AdminPrincipal, learnerId: number) {
  const [row] = await studentQuery(db).where(eq(learners.id, learnerId));
  if (!row) throw notFound('学员不存在');
  const scope = await organizationScope(db, admin);
  if (scope) {
    const [visible] = await db
      .select({ id: learners.id })
      .from(learners)
      .where(and(eq(learners.id, learnerId), scopeCondition(scope)));
    if (!visible) throw forbidden('只能查看本院校的学员');
  }
  return (await studentViews(db, [row]))[0]!;
}

/**
 * A new generated password for a learner (an imported account, or one who lost theirs), answered this once.
 * The learner's sessions end; a college administrator may reset only its own college's learners.
 */
export async function resetStudentPassword(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  learnerId: number,
): Promise<{ password: string }> {
  const student = await studentDetail(tx, admin, learnerId);
  const password = await replaceLearnerPassword(tx, learnerId);
  await writeSystemLog(tx, admin, request, {
    action: 'student.reset-password',
    targetType: 'learner',
    targetId: learnerId,
    detail: { name: student.name },
  });
  return { password };
}

export async function studentFilterOptions(db: DbOrTx, admin: AdminPrincipal): Promise<StudentFilterOptions> {
  const scope = await organizationScope(db, admin);
  const inScope = (column: Column) =>
    scope === null ? undefined : scope.length ? inArray(column, scope) : sql`false`;
  const [classes, programRows, colleges] = await Promise.all([
    db
      .select({ id: trainingClasses.id, name: trainingClasses.name })
      .from(trainingClasses)
      .where(and(inScope(trainingClasses.organizationId), sql`${trainingClasses.state} <> 'archived'`))
      .orderBy(desc(trainingClasses.id))
      .limit(500),
    db
      .select({ id: programs.id, name: programs.name })
      .from(programs)
      .where(eq(programs.enabled, true))
      .orderBy(asc(programs.name)),
    db
      .select({ id: organizations.id, name: organizations.name })
      .from(organizations)
      .where(and(inScope(organizations.id), eq(organizations.enabled, true)))
      .orderBy(asc(organizations.sort), asc(organizations.id)),
  ]);
  return { classes, programs: programRows, colleges };
}

// ---------------------------------------------------------------- import

export type StudentImportColumn = 'name' | 'id_number' | 'phone' | 'college' | 'password';

/** The username an imported account gets: `u` and the phone number (phone numbers are unique). */
export const importedUsername = (phone: string) => `u${phone}`;

const importRow = studentImportRowSchema.extend({
  organization_id: z.number().int().positive().nullable(),
  password: z.string(),
});

/**
 * Creates learner accounts from the sheet, under the registration rules (a valid ID number and phone, each
 * unused by another account, and not twice in the file). The college is named by its name or code; a
 * college administrator imports into its own organisations only (blank: its own). Without a password in
 * the row, the account gets a strong random one, which staff replace with a password shown once
 * (`resetStudentPassword`) and hand to the learner.
 */
export async function importStudents(
  tx: Tx,
  admin: AdminPrincipal,
  request: FastifyRequest,
  rows: readonly SheetRow<StudentImportColumn>[],
  { fileName, acceptValid }: { fileName: string; acceptValid: boolean },
): Promise<ImportAnswer> {
  if (!rows.length) throw validationFailed({ file: ['文件中没有学员数据'] });
  const scope = await organizationScope(tx, admin);
  const orgRows = await tx
    .select({ id: organizations.id, name: organizations.name, code: organizations.code })
    .from(organizations)
    .where(eq(organizations.enabled, true));
  const orgByLabel = new Map<string, number>();
  for (const o of orgRows) {
    orgByLabel.set(o.name, o.id);
    orgByLabel.set(o.code.toLowerCase(), o.id);
  }
  const phones = [...new Set(rows.map((r) => r.cells.phone).filter(Boolean))];
  const idCards = [...new Set(rows.map((r) => normalizeIdCard(r.cells.id_number)).filter(Boolean))];
  const usernames = phones.map(importedUsername).map((u) => u.toLowerCase());
  const taken = await tx
    .select({ phone: learners.phone, idCard: learners.idCard, username: learners.username })
    .from(learners)
    .where(
      or(
        phones.length ? inArray(learners.phone, phones) : sql`false`,
        idCards.length ? inArray(sql`upper(${learners.idCard})`, idCards) : sql`false`,
        usernames.length ? inArray(sql`lower(${learners.username})`, usernames) : sql`false`,
      ),
    );
  const takenPhones = new Set(taken.map((t) => t.phone));
  const takenIds = new Set(taken.map((t) => t.idCard.toUpperCase()));
  const takenNames = new Set(taken.map((t) => t.username.toLowerCase()));
  const seenPhone = new Map<string, number>();
  const seenId = new Map<string, number>();

  const checked = checkRows(rows, {
    schema: importRow,
    toInput: (cells, refuse, row) => {
      const idCard = normalizeIdCard(cells.id_number);
      if (idCard) {
        const problem = idCardProblem(idCard);
        if (problem) refuse('id_number', problem);
        else if (takenIds.has(idCard)) refuse('id_number', '该身份证号码已被注册');
        else if (seenId.has(idCard)) refuse('id_number', `身份证号与第 ${seenId.get(idCard)} 行重复`);
        if (!seenId.has(idCard)) seenId.set(idCard, row);
      }
      const phone = cells.phone;
      if (phone) {
        if (takenPhones.has(phone)) refuse('phone', '该手机号已被注册');
        else if (takenNames.has(importedUsername(phone).toLowerCase()))
          refuse('phone', `用户名 ${importedUsername(phone)} 已被使用`);
        else if (seenPhone.has(phone)) refuse('phone', `手机号与第 ${seenPhone.get(phone)} 行重复`);
        if (!seenPhone.has(phone)) seenPhone.set(phone, row);
      }
      let organizationId: number | null = null;
      if (cells.college) {
        const found = orgByLabel.get(cells.college) ?? orgByLabel.get(cells.college.toLowerCase());
        if (!found) refuse('college', `院校“${cells.college}”不存在`);
        else if (scope && !scope.includes(found)) refuse('college', '只能导入本院校的学员');
        else organizationId = found;
      } else if (scope) {
        organizationId = admin.organizationId;
      }
      if (cells.password) {
        const problem = validatePassword(cells.password, importedUsername(phone));
        if (problem) refuse('password', problem);
      }
      return {
        name: cells.name,
        id_number: idCard,
        phone,
        organization_id: organizationId,
        password: cells.password,
      };
    },
  });

  return settleImport({
    checked,
    acceptValid,
    subject: '学员',
    write: async (valid) => {
      for (const { value } of valid) {
        await createLearner(tx, {
          username: importedUsername(value.phone),
          password: value.password || generatePassword(),
          phone: value.phone,
          idCard: value.id_number,
          realName: value.name,
          organizationId: value.organization_id,
        });
      }
      await writeSystemLog(tx, admin, request, {
        action: 'student.import',
        targetType: 'learner',
        detail: {
          file: fileName,
          imported: valid.length,
          refused: [...new Set(checked.refused.map((r) => r.row))].length,
        },
      });
      return valid.length;
    },
  });
}
