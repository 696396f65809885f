// Helpers shared by the certification areas (rooms, staff, tickets, scores, certificates): loading a plan
// an administrator may act on (a college admin only its own college's plans, checked on the server for
// every call whatever the page's ?step= says), row locks that serialise the plan-wide batch operations.
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { chinaClock, chinaWallIso } from '../../shared/api/china-time.ts';
import type { DbOrTx } from '../db/client.ts';
import { enrollments, examPlans, learners, occupations, organizations } from '../db/schema/index.ts';
import { notFound } from '../errors.ts';
import { assertPlanInScope } from '../plans/service.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { uploadUrl } from '../uploads/service.ts';

export type PlanRow = typeof examPlans.$inferSelect;

export interface PlanContext {
  plan: PlanRow;
  occupationName: string;
  occupationCode: string;
  organizationName: string;
}

/**
 * The plan with its occupation, after the scope check (403 for another college's plan). With
 * `lock`, the plan row is held `for update` until the transaction ends: the batch steps (seating,
 * ticket issue, score import and publication, certificate issue) of one plan then run one at a time.
 */
export async function planForAdmin(
  db: DbOrTx,
  admin: AdminPrincipal | null,
  planId: number,
  lock = false,
): Promise<PlanContext> {
  const query = db
    .select({
      plan: examPlans,
      occupationName: occupations.name,
      occupationCode: occupations.code,
      organizationName: organizations.name,
    })
    .from(examPlans)
    .innerJoin(occupations, eq(occupations.id, examPlans.occupationId))
    .innerJoin(organizations, eq(organizations.id, examPlans.organizationId))
    .where(eq(examPlans.id, planId))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: examPlans }) : await query;
  if (!row) throw notFound('考试计划不存在');
  if (admin) await assertPlanInScope(db, admin, row.plan.organizationId);
  return row;
}

/** An unguessable token for the public verification links printed as QR codes. */
export const newVerifyToken = () => randomBytes(24).toString('base64url');

/** 2026-06-20 09:00 in China time. */
export function chinaDateTime(value: Date): string {
  const d = chinaWallIso(value);
  return `${d.slice(0, 10)} ${d.slice(11, 16)}`;
}

/** 2026年06月20日 in China time. */
export function chinaDateLabel(value: Date): string {
  const d = chinaWallIso(value);
  return `${d.slice(0, 4)}年${d.slice(5, 7)}月${d.slice(8, 10)}日`;
}

/** The calendar year in China time (certificate numbers carry it). */
export const chinaYear = (value: Date) => chinaClock(value).y;

/** The rows of a drizzle `execute` answer (the same shape on pg and PGlite). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

// ---------------------------------------------------------------- the candidate behind an enrolment

/** What a candidate is called on tickets, sheets and certificates: the registration form's answers where
 * given (what the candidate declared for this exam), else the learner's profile. */
export const candidateColumns = {
  enrollmentId: enrollments.id,
  learnerId: enrollments.learnerId,
  planId: enrollments.planId,
  state: enrollments.state,
  form: enrollments.form,
  realName: learners.realName,
  idCard: learners.idCard,
  employer: learners.employer,
  learnerPhoto: learners.photo,
  photoUploadId: sql<
    string | null
  >`(select m.upload_id from enrollment_materials m where m.enrollment_id = ${enrollments.id} and m.material_key = 'photo' limit 1)`,
};

export interface CandidateRow {
  enrollmentId: number;
  learnerId: number;
  planId: number;
  state: string;
  form: Record<string, unknown>;
  realName: string;
  idCard: string;
  employer: string;
  learnerPhoto: string;
  photoUploadId: string | null;
}

const formText = (form: Record<string, unknown>, key: string) => {
  const value = form[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
};

export const candidateName = (c: Pick<CandidateRow, 'form' | 'realName'>) =>
  formText(c.form, 'real_name') ?? c.realName;
export const candidateIdNumber = (c: Pick<CandidateRow, 'form' | 'idCard'>) =>
  formText(c.form, 'id_number') ?? c.idCard;
export const candidateEmployer = (c: Pick<CandidateRow, 'form' | 'employer'>) =>
  formText(c.form, 'employer') ?? c.employer;
/** The 2-inch photo of the enrolment, else the profile photo (both are upload URLs). */
export const candidatePhotoUrl = (c: Pick<CandidateRow, 'photoUploadId' | 'learnerPhoto'>) =>
  c.photoUploadId ? uploadUrl(c.photoUploadId) : c.learnerPhoto || null;

/**
 * A list's total without a second query when the first page already holds the whole list (a learner's
 * own tickets and scores nearly always fit on it; the score and ticket pages are the hot learner reads).
 */
export async function listTotal(
  shown: number,
  page: { page: number; limit: number },
  countAll: () => Promise<number>,
) {
  if (page.page === 1 && shown < page.limit) return shown;
  return countAll();
}

const preparedByDb = new WeakMap<object, Map<string, unknown>>();

/**
 * A prepared query, built once per database handle. Building a many-column drizzle query costs more than
 * PGlite takes to run it, so the learners' hot reads (scores, tickets) reuse theirs; on PostgreSQL the
 * name also makes it a server-side prepared statement per connection.
 */
export function preparedQuery<T>(db: DbOrTx, name: string, build: (name: string) => T): T {
  let byName = preparedByDb.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  if (!byName.has(name)) byName.set(name, build(name));
  return byName.get(name) as T;
}
