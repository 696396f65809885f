// Certificates and appraisal institutions. A number is letter + org 4 + province 2 + site 6 + year 2 +
// level 1 + serial 6 (PRODUCT.md §2). Serials come from certificate_serials by one atomic
// `insert ... on conflict do update set last_serial = last_serial + n returning`, so concurrent issues
// (of any plans) get disjoint ranges, and a revoked certificate's serial is never handed out again.
import type { FastifyRequest } from 'fastify';
import { and, asc, count, desc, eq, gte, ilike, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type CertificateLetter,
  type CertificateQuery,
  type CertificateView,
  type VerifyAnswer,
  type certificateIssueSchema,
  type certificateListQuery,
  type institutionInputSchema,
  type institutionListQuery,
  formatCertificateNumber,
} from '../../shared/certificates/schema.ts';
import { maskName } from '../../shared/api/masking.ts';
import { REGISTRATION_ERROR_CODES, skillLevelLabel } from '../../shared/plans/schema.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import { candidateColumns, candidateIdNumber, candidateName } from '../lib/candidates.ts';
import { chinaYear } from '../lib/dates.ts';
import { newVerifyToken } from '../http/public-links.ts';
import { planForAdmin } from '../lib/plan-scope.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  appraisalInstitutions,
  certificateSerials,
  certificates,
  enrollments,
  examPlans,
  learners,
  organizations,
  scores,
} from '../db/schema/index.ts';
import { AppError, conflict, fieldError, notFound, validationFailed } from '../errors.ts';
import { transitionPlan } from '../plans/service.ts';
import { skillLevelRef } from '../i18n/messages.ts';
import { sendNotification, sendNotifications } from '../notifications/service.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { chinaDayRange } from '../lib/dates.ts';
import { isUniqueViolation } from '../lib/db-errors.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';

type InstitutionRow = typeof appraisalInstitutions.$inferSelect;
type CertificateRow = typeof certificates.$inferSelect;

const illegalState = (message: string) => new AppError(409, message, REGISTRATION_ERROR_CODES.illegalState);
const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------- serials

/**
 * Reserves `n` consecutive serials for (institution code, year, level) and answers the first. The row lock
 * taken by the upsert serialises concurrent callers; the counter only grows.
 */
export async function allocateSerials(
  db: DbOrTx,
  orgCode: string,
  year: number,
  level: number,
  n: number,
): Promise<number> {
  const [row] = await db
    .insert(certificateSerials)
    .values({ orgCode, year, level, lastSerial: n })
    .onConflictDoUpdate({
      target: [certificateSerials.orgCode, certificateSerials.year, certificateSerials.level],
      set: { lastSerial: sql`${certificateSerials.lastSerial} + ${n}` },
    })
    .returning({ last: certificateSerials.lastSerial });
  const last = row!.last;
  if (last > 999_999) throw conflict('本年度该等级证书流水号已用尽');
  return last - n + 1;
}

// ---------------------------------------------------------------- views

export const certificateView = (
  c: CertificateRow,
  extra: { institutionName?: string | null; planTitle?: string | null; planCode?: string | null } = {},
): CertificateView => ({
  id: c.id,
  number: c.number,
  enrollment_id: c.enrollmentId,
  learner_id: c.learnerId,
  plan_id: c.planId,
  plan_code: extra.planCode ?? null,
  plan_title: extra.planTitle ?? null,
  institution_id: c.institutionId,
  institution_name: extra.institutionName ?? null,
  holder_name: c.holderName,
  id_number: c.idNumber,
  occupation: c.occupation,
  occupation_code: c.occupationCode,
  level: c.level,
  level_label: skillLevelLabel(c.level),
  issued_at: c.issuedAt.toISOString(),
  revoked: c.revokedAt !== null,
  revoked_at: c.revokedAt ? c.revokedAt.toISOString() : null,
  revoke_reason: c.revokeReason,
  verify_path: `/verify/certificate/${c.verifyToken}`,
});

// ---------------------------------------------------------------- issuing

async function institutionForPlan(
  tx: DbOrTx,
  organizationId: number,
  institutionId: number | undefined,
): Promise<InstitutionRow> {
  if (institutionId) {
    const [row] = await tx
      .select()
      .from(appraisalInstitutions)
      .where(eq(appraisalInstitutions.id, institutionId));
    if (!row) throw fieldError('institution_id', '评价机构不存在');
    if (!row.enabled) throw fieldError('institution_id', '该评价机构已停用');
    return row;
  }
  const [linked] = await tx
    .select()
    .from(appraisalInstitutions)
    .where(
      and(eq(appraisalInstitutions.organizationId, organizationId), eq(appraisalInstitutions.enabled, true)),
    )
    .orderBy(asc(appraisalInstitutions.id))
    .limit(1);
  if (linked) return linked;
  const enabled = await tx
    .select()
    .from(appraisalInstitutions)
    .where(eq(appraisalInstitutions.enabled, true))
    .limit(2);
  if (enabled.length === 1) return enabled[0]!;
  throw fieldError(
    'institution_id',
    enabled.length ? '请选择发证的评价机构' : '请先在“技能鉴定机构”中添加评价机构',
  );
}

/**
 * Issues a certificate to every passer of the plan who has none; the plan becomes certificates_issued
 * and each holder is notified. Two calls at once run one after the other (plan row lock); the second
 * finds nobody left.
 */
export async function issueCertificates(
  tx: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  planId: number,
  input: z.output<typeof certificateIssueSchema>,
  now = new Date(),
) {
  const ctx = await planForAdmin(tx, actor, planId, true);
  if (!['scores_published', 'certificates_issued'].includes(ctx.plan.state))
    throw illegalState('成绩发布后才能发放证书');
  const institution = await institutionForPlan(tx, ctx.plan.organizationId, input.institution_id);
  const passers = await tx
    .select(candidateColumns)
    .from(enrollments)
    .innerJoin(learners, eq(learners.id, enrollments.learnerId))
    .innerJoin(scores, eq(scores.enrollmentId, enrollments.id))
    .leftJoin(certificates, eq(certificates.enrollmentId, enrollments.id))
    .where(
      and(
        eq(enrollments.planId, planId),
        eq(enrollments.state, 'passed'),
        eq(scores.passed, true),
        isNotNull(scores.publishedAt),
        isNull(certificates.id),
      ),
    )
    .orderBy(asc(enrollments.id));

  const year = chinaYear(now);
  const letter: CertificateLetter = input.letter;
  let issued: CertificateRow[] = [];
  if (passers.length) {
    const first = await allocateSerials(tx, institution.code, year, ctx.plan.level, passers.length);
    const values = passers.map((p, index) => ({
      number: formatCertificateNumber({
        letter,
        orgCode: institution.code,
        provinceCode: institution.provinceCode,
        siteCode: institution.siteCode,
        year,
        level: ctx.plan.level,
        serial: first + index,
      }),
      enrollmentId: p.enrollmentId,
      learnerId: p.learnerId,
      planId,
      institutionId: institution.id,
      holderName: candidateName(p),
      idNumber: candidateIdNumber(p),
      occupation: ctx.occupationName,
      occupationCode: ctx.occupationCode,
      level: ctx.plan.level,
      issuedAt: now,
      issuedBy: actor?.id ?? null,
      verifyToken: newVerifyToken(),
    }));
    try {
      issued = await tx.insert(certificates).values(values).returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict('证书已发放或编号冲突，请刷新后重试');
      throw error;
    }
    await sendNotifications(
      tx,
      issued.map((c) => ({
        learnerId: c.learnerId,
        kind: 'certificate' as const,
        message: 'certificateIssued' as const,
        params: {
          plan: ctx.plan.title,
          occupation: ctx.occupationName,
          level: skillLevelRef(ctx.plan.level),
          number: c.number,
        },
        link: '/userCenter/achievementQuery',
        senderId: actor?.id ?? null,
      })),
    );
  }
  if (ctx.plan.state === 'scores_published')
    await transitionPlan(tx, actor, request, planId, 'issue_certificates', now);
  await writeSystemLog(tx, actor, request, {
    action: 'certificate.issue',
    targetType: 'exam_plan',
    targetId: planId,
    detail: {
      code: ctx.plan.code,
      issued: issued.length,
      institution: institution.code,
      numbers: issued.map((c) => c.number).slice(0, 50),
    },
  });
  return {
    issued: issued.length,
    numbers: issued.map((c) => c.number),
    plan_state: 'certificates_issued' as const,
  };
}

// ---------------------------------------------------------------- list, detail, revoke

export async function listCertificates(db: DbOrTx, query: z.output<typeof certificateListQuery>) {
  const from = query.date_from ? chinaDayRange(query.date_from).start : undefined;
  const to = query.date_to ? chinaDayRange(query.date_to).end : undefined;
  const where = and(
    query.keyword
      ? or(
          ilike(certificates.holderName, like(query.keyword)),
          ilike(certificates.number, like(query.keyword)),
          ilike(certificates.idNumber, like(query.keyword)),
        )
      : undefined,
    query.plan_id ? eq(certificates.planId, query.plan_id) : undefined,
    query.occupation ? ilike(certificates.occupation, like(query.occupation)) : undefined,
    query.level ? eq(certificates.level, query.level) : undefined,
    query.institution_id ? eq(certificates.institutionId, query.institution_id) : undefined,
    query.state === 'valid'
      ? isNull(certificates.revokedAt)
      : query.state === 'revoked'
        ? isNotNull(certificates.revokedAt)
        : undefined,
    from ? gte(certificates.issuedAt, from) : undefined,
    to ? lt(certificates.issuedAt, to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        certificate: certificates,
        institutionName: appraisalInstitutions.name,
        planTitle: examPlans.title,
        planCode: examPlans.code,
      })
      .from(certificates)
      .leftJoin(appraisalInstitutions, eq(appraisalInstitutions.id, certificates.institutionId))
      .innerJoin(examPlans, eq(examPlans.id, certificates.planId))
      .where(where)
      .orderBy(desc(certificates.issuedAt), desc(certificates.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(certificates).where(where),
  ]);
  return listAnswer(
    rows.map((r) => certificateView(r.certificate, r)),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

/** One certificate: the learner's own (404 otherwise) or, for staff, any in the administrator's scope. */
export async function findCertificate(
  db: DbOrTx,
  who: { learnerId: number } | { admin: AdminPrincipal },
  id: number,
) {
  const [row] = await db
    .select({
      certificate: certificates,
      institution: appraisalInstitutions,
      planTitle: examPlans.title,
      planCode: examPlans.code,
      organizationId: examPlans.organizationId,
    })
    .from(certificates)
    .leftJoin(appraisalInstitutions, eq(appraisalInstitutions.id, certificates.institutionId))
    .innerJoin(examPlans, eq(examPlans.id, certificates.planId))
    .where(
      'learnerId' in who
        ? and(eq(certificates.id, id), eq(certificates.learnerId, who.learnerId))
        : eq(certificates.id, id),
    );
  if (!row) throw notFound('证书不存在');
  if ('admin' in who) await planForAdmin(db, who.admin, row.certificate.planId);
  return row;
}

export async function revokeCertificate(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
  reason: string,
) {
  const now = new Date();
  const [row] = await tx
    .update(certificates)
    .set({ revokedAt: now, revokeReason: reason, revokedBy: actor.id })
    .where(and(eq(certificates.id, id), isNull(certificates.revokedAt)))
    .returning();
  if (!row) {
    const [exists] = await tx
      .select({ id: certificates.id })
      .from(certificates)
      .where(eq(certificates.id, id));
    if (!exists) throw notFound('证书不存在');
    throw illegalState('该证书已撤销');
  }
  await sendNotification(tx, {
    learnerId: row.learnerId,
    kind: 'certificate',
    message: 'certificateRevoked',
    params: { number: row.number, reason },
    link: '/userCenter/achievementQuery',
    senderId: actor.id,
  });
  await writeSystemLog(tx, actor, request, {
    action: 'certificate.revoke',
    targetType: 'certificate',
    targetId: id,
    detail: { number: row.number, reason },
  });
  return certificateView(row);
}

/** Public check behind the certificate's QR code: only what confirms the document, with the name masked. */
export async function verifyCertificate(db: DbOrTx, token: string): Promise<VerifyAnswer> {
  const [row] = await db.select().from(certificates).where(eq(certificates.verifyToken, token));
  return publicCertificateAnswer(row);
}

/** A holder name as compared by the public query: case and spacing are how people type, not the name. */
const comparableName = (name: string) => name.replace(/\s+/g, '').toLowerCase();

/**
 * The public query page's check by certificate number and holder name. Both are matched in one lookup,
 * so a wrong number and a wrong name get the same not_found: the page cannot tell whether a number
 * exists, nor be used to find out whose it is.
 */
export async function queryCertificate(db: DbOrTx, query: CertificateQuery): Promise<VerifyAnswer> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.number, query.number),
        sql`lower(regexp_replace(${certificates.holderName}, '[[:space:]]+', '', 'g')) = ${comparableName(query.name)}`,
      ),
    );
  return publicCertificateAnswer(row);
}

function publicCertificateAnswer(row: CertificateRow | undefined): VerifyAnswer {
  if (!row) return { valid: false, kind: 'certificate' as const, state: 'not_found' as const };
  return {
    valid: row.revokedAt === null,
    kind: 'certificate' as const,
    name: maskName(row.holderName),
    occupation: row.occupation,
    level: row.level,
    level_label: skillLevelLabel(row.level),
    number: row.number,
    issued_date: row.issuedAt.toISOString().slice(0, 10),
    state: row.revokedAt === null ? ('valid' as const) : ('revoked' as const),
  };
}

// ---------------------------------------------------------------- appraisal institutions

type InstitutionInput = z.output<typeof institutionInputSchema>;

export const institutionView = (row: InstitutionRow, organizationName: string | null = null) => ({
  id: row.id,
  name: row.name,
  code: row.code,
  province_code: row.provinceCode,
  site_code: row.siteCode,
  address: row.address,
  contact: row.contact,
  phone: row.phone,
  organization_id: row.organizationId,
  organization_name: organizationName,
  enabled: row.enabled,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listInstitutions(db: DbOrTx, query: z.output<typeof institutionListQuery>) {
  const where = query.keyword
    ? or(
        ilike(appraisalInstitutions.name, like(query.keyword)),
        ilike(appraisalInstitutions.code, like(query.keyword)),
        ilike(appraisalInstitutions.address, like(query.keyword)),
      )
    : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ institution: appraisalInstitutions, organizationName: organizations.name })
      .from(appraisalInstitutions)
      .leftJoin(organizations, eq(organizations.id, appraisalInstitutions.organizationId))
      .where(where)
      .orderBy(asc(appraisalInstitutions.code))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(appraisalInstitutions).where(where),
  ]);
  return listAnswer(
    rows.map((r) => institutionView(r.institution, r.organizationName)),
    total?.n ?? 0,
    query.page,
    query.limit,
  );
}

const institutionValues = (input: InstitutionInput) => ({
  name: input.name,
  code: input.code,
  provinceCode: input.province_code,
  siteCode: input.site_code,
  address: input.address,
  contact: input.contact,
  phone: input.phone,
  organizationId: input.organization_id ?? null,
  enabled: input.enabled,
});

async function assertOrganization(tx: DbOrTx, organizationId: number | null | undefined) {
  if (organizationId == null) return;
  const [org] = await tx
    .select({ id: organizations.id })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  if (!org) throw fieldError('organization_id', '所属院校不存在');
}

export async function createInstitution(
  tx: DbOrTx,
  actor: AdminPrincipal | null,
  request: FastifyRequest | null,
  input: InstitutionInput,
) {
  await assertOrganization(tx, input.organization_id);
  try {
    const [row] = await tx.insert(appraisalInstitutions).values(institutionValues(input)).returning();
    await writeSystemLog(tx, actor, request, {
      action: 'institution.create',
      targetType: 'appraisal_institution',
      targetId: row!.id,
      detail: { ...input },
    });
    return institutionView(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('code', '机构代码已存在');
    throw error;
  }
}

export async function updateInstitution(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
  input: InstitutionInput,
) {
  await assertOrganization(tx, input.organization_id);
  const [current] = await tx
    .select()
    .from(appraisalInstitutions)
    .where(eq(appraisalInstitutions.id, id))
    .for('update');
  if (!current) throw notFound('评价机构不存在');
  if (current.code !== input.code) {
    const [used] = await tx
      .select({ n: count() })
      .from(certificates)
      .where(eq(certificates.institutionId, id));
    if ((used?.n ?? 0) > 0) throw fieldError('code', '该机构已发放证书，机构代码不能修改');
  }
  try {
    const [row] = await tx
      .update(appraisalInstitutions)
      .set({ ...institutionValues(input), updatedAt: new Date() })
      .where(eq(appraisalInstitutions.id, id))
      .returning();
    await writeSystemLog(tx, actor, request, {
      action: 'institution.update',
      targetType: 'appraisal_institution',
      targetId: id,
      detail: { code: current.code, ...changedFields(current, row!) },
    });
    return institutionView(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw fieldError('code', '机构代码已存在');
    throw error;
  }
}

export async function deleteInstitution(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest,
  id: number,
) {
  const [current] = await tx
    .select()
    .from(appraisalInstitutions)
    .where(eq(appraisalInstitutions.id, id))
    .for('update');
  if (!current) throw notFound('评价机构不存在');
  const [used] = await tx.select({ n: count() }).from(certificates).where(eq(certificates.institutionId, id));
  if ((used?.n ?? 0) > 0) throw validationFailed({ id: ['该机构已发放证书，不能删除，可改为停用'] });
  await tx.delete(appraisalInstitutions).where(eq(appraisalInstitutions.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'institution.delete',
    targetType: 'appraisal_institution',
    targetId: id,
    detail: { name: current.name, code: current.code },
  });
}
