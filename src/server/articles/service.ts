// News, notices and jobs: written and published in the back office, read on the public portal. The body is
// sanitised on every save (lib/rich-text.ts's article allow-list) and its images must be the platform's own
// public uploads. The public sees only published articles whose publish time has come; a view counts on the
// article and in the day's statistics. A job takes one application per learner, from a learner whose valid
// certificate is of the job's occupation at the level asked for or higher (level 1 is the highest).
import type { FastifyRequest } from 'fastify';
import {
  and,
  asc,
  count,
  desc,
  eq,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { z } from 'zod';
import {
  type ArticleAttachment,
  type ArticleDetail,
  type ArticleKind,
  type ArticleState,
  type ArticleView,
  type JobApplicationStatus,
  type PublicArticle,
  type PublicArticleDetail,
  type articleInputSchema,
  type articleListQuery,
  type publicArticleListQuery,
} from '../../shared/articles/schema.ts';
import { PUBLIC_UPLOAD_KINDS, type UploadKind } from '../../shared/uploads/schema.ts';
import type { DbOrTx } from '../db/client.ts';
import {
  articleAttachments,
  articles,
  certificates,
  contentCategories,
  examPlans,
  jobApplications,
  learners,
  occupations,
  uploads,
} from '../db/schema/index.ts';
import { conflict, fieldError, notFound } from '../errors.ts';
// counts.ts is the statistics area's one entry for counting a visit (content-stats has no service.ts of its own).
import { countVisit } from '../content-stats/service.ts';
import { checkCategory } from '../content-categories/service.ts';
import { noticeStaff } from '../notifications/service.ts';
import { listAnswer, offsetOf } from '../lib/pagination.ts';
import { imageUploadIds, sanitizeArticleHtml } from '../lib/rich-text.ts';
import { changedFields, writeSystemLog } from '../lib/system-log.ts';
import type { AdminPrincipal } from '../plugins/auth.ts';
import { uploadUrl } from '../uploads/service.ts';

type ArticleInput = z.output<typeof articleInputSchema>;
type ArticleRow = typeof articles.$inferSelect;

const like = (keyword: string) => `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Published and its time has come: what the public may read. */
const visible = () => and(eq(articles.state, 'published'), lte(articles.publishAt, sql`now()`));

/** The public lists' order: pinned first, then newest. */
const publicOrder = [desc(articles.pinned), desc(articles.publishAt), desc(articles.id)];

const iso = (d: Date | null) => d?.toISOString() ?? null;

const articleQuery = (db: DbOrTx) =>
  db
    .select({
      article: articles,
      categoryName: contentCategories.name,
      occupationName: occupations.name,
      applicationCount: sql<number>`(select count(*)::int from job_applications j where j.article_id = ${articles.id})`,
    })
    .from(articles)
    .leftJoin(contentCategories, eq(contentCategories.id, articles.categoryId))
    .leftJoin(occupations, eq(occupations.id, articles.occupationId));

type ArticleQueryRow = Awaited<ReturnType<typeof articleQuery>>[number];

function publicView(r: ArticleQueryRow): PublicArticle {
  const a = r.article;
  return {
    id: a.id,
    kind: a.kind as ArticleKind,
    title: a.title,
    summary: a.summary,
    cover_url: a.coverUploadId ? uploadUrl(a.coverUploadId) : null,
    category:
      a.categoryId !== null && r.categoryName !== null ? { id: a.categoryId, name: r.categoryName } : null,
    published_at: (a.publishAt ?? a.createdAt).toISOString(),
    pinned: a.pinned,
    view_count: a.viewCount,
    employer: a.employer,
    place: a.place,
    salary_min: a.salaryMin,
    salary_max: a.salaryMax,
    deadline: a.deadline,
    occupation_name: a.occupationId === null ? null : r.occupationName,
    level_required: a.levelRequired,
  };
}

function adminView(r: ArticleQueryRow): ArticleView {
  const a = r.article;
  return {
    id: a.id,
    kind: a.kind as ArticleKind,
    title: a.title,
    summary: a.summary,
    category_id: a.categoryId,
    category_name: r.categoryName,
    cover_upload_id: a.coverUploadId,
    cover_url: a.coverUploadId ? uploadUrl(a.coverUploadId) : null,
    state: a.state as ArticleState,
    scheduled: a.state === 'published' && a.publishAt !== null && a.publishAt.getTime() > Date.now(),
    pinned: a.pinned,
    publish_at: iso(a.publishAt),
    withdrawn_at: iso(a.withdrawnAt),
    view_count: a.viewCount,
    employer: a.employer,
    occupation_id: a.occupationId,
    occupation_name: r.occupationName,
    level_required: a.levelRequired,
    place: a.place,
    salary_min: a.salaryMin,
    salary_max: a.salaryMax,
    deadline: a.deadline,
    contact_name: a.contactName,
    contact_phone: a.contactPhone,
    application_count: Number(r.applicationCount),
    created_at: a.createdAt.toISOString(),
    updated_at: a.updatedAt.toISOString(),
  };
}

async function attachmentsOf(db: DbOrTx, articleId: number): Promise<ArticleAttachment[]> {
  const rows = await db
    .select({ id: uploads.id, name: uploads.originalName, size: uploads.size })
    .from(articleAttachments)
    .innerJoin(uploads, eq(uploads.id, articleAttachments.uploadId))
    .where(eq(articleAttachments.articleId, articleId))
    .orderBy(asc(articleAttachments.sort));
  return rows.map((r) => ({ ...r, url: uploadUrl(r.id) }));
}

// ---------------------------------------------------------------- public

export async function listPublicArticles(db: DbOrTx, query: z.output<typeof publicArticleListQuery>) {
  const where = and(
    visible(),
    query.kind ? eq(articles.kind, query.kind) : undefined,
    query.category_id ? eq(articles.categoryId, query.category_id) : undefined,
    query.keyword
      ? or(ilike(articles.title, like(query.keyword)), ilike(articles.summary, like(query.keyword)))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    articleQuery(db)
      .where(where)
      .orderBy(...publicOrder)
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return listAnswer(rows.map(publicView), total?.n ?? 0, query.page, query.limit);
}

/** The neighbours of an article in its kind's public order (pinned first, then newest). */
async function neighbours(db: DbOrTx, a: ArticleRow) {
  const key = sql`(${articles.pinned}, ${articles.publishAt}, ${articles.id})`;
  const mine = sql`(${a.pinned}::boolean, ${a.publishAt}::timestamptz, ${a.id}::int)`;
  const sameKind = and(visible(), eq(articles.kind, a.kind));
  const [previous] = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(and(sameKind, sql`${key} > ${mine}`))
    .orderBy(asc(articles.pinned), asc(articles.publishAt), asc(articles.id))
    .limit(1);
  const [next] = await db
    .select({ id: articles.id, title: articles.title })
    .from(articles)
    .where(and(sameKind, sql`${key} < ${mine}`))
    .orderBy(...publicOrder)
    .limit(1);
  return { previous: previous ?? null, next: next ?? null };
}

/** A published article for the portal; counts the view (on the article and in the day's statistics). */
export async function readPublicArticle(db: DbOrTx, id: number): Promise<PublicArticleDetail> {
  const [counted] = await db
    .update(articles)
    .set({ viewCount: sql`${articles.viewCount} + 1` })
    .where(and(eq(articles.id, id), visible()))
    .returning({ id: articles.id });
  if (!counted) throw notFound('内容不存在或已撤回');
  await countVisit(db, 'article', id);
  const [row] = await articleQuery(db).where(eq(articles.id, id));
  if (!row) throw notFound('内容不存在或已撤回');
  const [attachments, links] = await Promise.all([attachmentsOf(db, id), neighbours(db, row.article)]);
  return {
    ...publicView(row),
    body: row.article.body,
    attachments,
    contact_name: row.article.contactName,
    contact_phone: row.article.contactPhone,
    ...links,
  };
}

// ---------------------------------------------------------------- back office

export async function listArticles(db: DbOrTx, query: z.output<typeof articleListQuery>) {
  const where = and(
    query.kind ? eq(articles.kind, query.kind) : undefined,
    query.state ? eq(articles.state, query.state) : undefined,
    query.category_id ? eq(articles.categoryId, query.category_id) : undefined,
    query.keyword ? ilike(articles.title, like(query.keyword)) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    articleQuery(db)
      .where(where)
      .orderBy(desc(articles.pinned), desc(articles.updatedAt), desc(articles.id))
      .limit(query.limit)
      .offset(offsetOf(query.page, query.limit)),
    db.select({ n: count() }).from(articles).where(where),
  ]);
  return listAnswer(rows.map(adminView), total?.n ?? 0, query.page, query.limit);
}

export async function getArticle(db: DbOrTx, id: number): Promise<ArticleDetail> {
  const [row] = await articleQuery(db).where(eq(articles.id, id));
  if (!row) throw notFound('内容不存在');
  return { ...adminView(row), body: row.article.body, attachments: await attachmentsOf(db, id) };
}

async function lockArticle(tx: DbOrTx, id: number): Promise<ArticleRow> {
  const [row] = await tx.select().from(articles).where(eq(articles.id, id)).for('update');
  if (!row) throw notFound('内容不存在');
  return row;
}

/** Administrators' uploads of one of these kinds, all of them found, else a 422 on `field`. */
async function checkUploads(
  tx: DbOrTx,
  ids: string[],
  kinds: readonly UploadKind[],
  field: string,
  message: string,
) {
  if (ids.length === 0) return;
  const rows = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(inArray(uploads.id, ids), inArray(uploads.kind, [...kinds]), isNotNull(uploads.ownerAdminId)));
  if (rows.length !== new Set(ids).size) throw fieldError(field, message);
}

/** The stored values of a form: the body sanitised, job fields only on jobs; 422 on a bad reference. */
async function articleValues(tx: DbOrTx, input: ArticleInput) {
  await checkCategory(tx, input.category_id, input.kind);
  const body = sanitizeArticleHtml(input.body);
  await checkUploads(
    tx,
    imageUploadIds(body),
    PUBLIC_UPLOAD_KINDS.filter((k) => k !== 'content_file'),
    'body',
    '正文中的图片不存在，请重新上传',
  );
  if (input.cover_upload_id !== null)
    await checkUploads(
      tx,
      [input.cover_upload_id],
      ['cover'],
      'cover_upload_id',
      '封面图片不存在，请重新上传',
    );
  if (new Set(input.attachments).size !== input.attachments.length)
    throw fieldError('attachments', '附件重复');
  await checkUploads(tx, input.attachments, ['content_file'], 'attachments', '附件不存在，请重新上传');
  const job = input.kind === 'job';
  if (job && input.occupation_id !== null) {
    const [occupation] = await tx.select().from(occupations).where(eq(occupations.id, input.occupation_id));
    if (!occupation) throw fieldError('occupation_id', '职业（工种）不存在');
  }
  return {
    kind: input.kind,
    categoryId: input.category_id,
    title: input.title,
    summary: input.summary,
    body,
    coverUploadId: input.cover_upload_id,
    employer: job ? input.employer : null,
    occupationId: job ? input.occupation_id : null,
    levelRequired: job ? input.level_required : null,
    place: job ? input.place : null,
    salaryMin: job ? input.salary_min : null,
    salaryMax: job ? input.salary_max : null,
    deadline: job ? input.deadline : null,
    contactName: job ? input.contact_name : null,
    contactPhone: job ? input.contact_phone : null,
  };
}

async function saveAttachments(tx: DbOrTx, articleId: number, ids: string[]) {
  await tx.delete(articleAttachments).where(eq(articleAttachments.articleId, articleId));
  if (ids.length)
    await tx.insert(articleAttachments).values(ids.map((uploadId, sort) => ({ articleId, uploadId, sort })));
}

export async function createArticle(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  input: ArticleInput,
): Promise<ArticleDetail> {
  const values = await articleValues(tx, input);
  const [row] = await tx
    .insert(articles)
    .values({ ...values, state: 'draft', createdBy: actor.id })
    .returning();
  await saveAttachments(tx, row!.id, input.attachments);
  await writeSystemLog(tx, actor, request, {
    action: 'article.create',
    targetType: 'article',
    targetId: row!.id,
    detail: { kind: row!.kind, title: row!.title },
  });
  return getArticle(tx, row!.id);
}

export async function updateArticle(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
  input: ArticleInput,
): Promise<ArticleDetail> {
  const current = await lockArticle(tx, id);
  if (input.kind !== current.kind) throw fieldError('kind', '信息类型不能修改');
  const values = await articleValues(tx, input);
  const [row] = await tx
    .update(articles)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(articles.id, id))
    .returning();
  await saveAttachments(tx, id, input.attachments);
  await writeSystemLog(tx, actor, request, {
    action: 'article.update',
    targetType: 'article',
    targetId: id,
    detail: { title: current.title, ...changedFields(current, row!) },
  });
  return getArticle(tx, id);
}

/** Publishes at once (`publishAt` null) or from a later time; a withdrawn article may be published again. */
export async function publishArticle(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
  publishAt: string | null,
): Promise<ArticleDetail> {
  const current = await lockArticle(tx, id);
  const at = publishAt === null ? new Date() : new Date(publishAt);
  if (publishAt !== null && at.getTime() <= Date.now())
    throw fieldError('publish_at', '定时发布时间须晚于当前时间');
  if (current.state === 'published' && (current.publishAt?.getTime() ?? 0) <= Date.now())
    throw conflict('内容已发布');
  await tx
    .update(articles)
    .set({ state: 'published', publishAt: at, withdrawnAt: null, updatedAt: new Date() })
    .where(eq(articles.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'article.publish',
    targetType: 'article',
    targetId: id,
    detail: { title: current.title, before: current.state, after: 'published', publish_at: at.toISOString() },
  });
  return getArticle(tx, id);
}

export async function withdrawArticle(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
): Promise<ArticleDetail> {
  const current = await lockArticle(tx, id);
  if (current.state !== 'published') throw conflict('只有已发布的内容可以撤回');
  await tx
    .update(articles)
    .set({ state: 'withdrawn', withdrawnAt: new Date(), updatedAt: new Date() })
    .where(eq(articles.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'article.withdraw',
    targetType: 'article',
    targetId: id,
    detail: { title: current.title, before: 'published', after: 'withdrawn' },
  });
  return getArticle(tx, id);
}

export async function pinArticle(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
  pinned: boolean,
): Promise<ArticleDetail> {
  const current = await lockArticle(tx, id);
  await tx.update(articles).set({ pinned, updatedAt: new Date() }).where(eq(articles.id, id));
  await writeSystemLog(tx, actor, request, {
    action: pinned ? 'article.pin' : 'article.unpin',
    targetType: 'article',
    targetId: id,
    detail: { title: current.title },
  });
  return getArticle(tx, id);
}

/** Only drafts and withdrawn articles; a job that has applications stays (withdraw it instead). */
export async function deleteArticle(
  tx: DbOrTx,
  actor: AdminPrincipal,
  request: FastifyRequest | null,
  id: number,
) {
  const current = await lockArticle(tx, id);
  if (current.state === 'published') throw conflict('已发布的内容不能删除，请先撤回');
  const [applied] = await tx
    .select({ n: count() })
    .from(jobApplications)
    .where(eq(jobApplications.articleId, id));
  if ((applied?.n ?? 0) > 0) throw conflict('该招聘信息已有报名，不能删除');
  await tx.delete(articles).where(eq(articles.id, id));
  await writeSystemLog(tx, actor, request, {
    action: 'article.delete',
    targetType: 'article',
    targetId: id,
    detail: { kind: current.kind, title: current.title },
  });
}

export async function listApplications(db: DbOrTx, articleId: number, page: { page: number; limit: number }) {
  const [job] = await db.select({ kind: articles.kind }).from(articles).where(eq(articles.id, articleId));
  if (!job || job.kind !== 'job') throw notFound('招聘信息不存在');
  const where = eq(jobApplications.articleId, articleId);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        application: jobApplications,
        learnerName: learners.realName,
        username: learners.username,
        phone: learners.phone,
        certificateNumber: certificates.number,
        certificateLevel: certificates.level,
      })
      .from(jobApplications)
      .innerJoin(learners, eq(learners.id, jobApplications.learnerId))
      .leftJoin(certificates, eq(certificates.id, jobApplications.certificateId))
      .where(where)
      .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
      .limit(page.limit)
      .offset(offsetOf(page.page, page.limit)),
    db.select({ n: count() }).from(jobApplications).where(where),
  ]);
  return listAnswer(
    rows.map((r) => ({
      id: r.application.id,
      learner_id: r.application.learnerId,
      learner_name: r.learnerName || r.username,
      phone: r.phone,
      certificate_number: r.certificateNumber,
      certificate_level: r.certificateLevel,
      message: r.application.message,
      created_at: r.application.createdAt.toISOString(),
    })),
    total?.n ?? 0,
    page.page,
    page.limit,
  );
}

// ---------------------------------------------------------------- a learner and a job

async function publicJob(db: DbOrTx, id: number) {
  const [job] = await db
    .select({
      article: articles,
      deadlinePassed: sql<boolean>`coalesce(${articles.deadline} < (now() at time zone 'Asia/Shanghai')::date, false)`,
    })
    .from(articles)
    .where(and(eq(articles.id, id), eq(articles.kind, 'job'), visible()));
  if (!job) throw notFound('招聘信息不存在或已撤回');
  return job;
}

/** The learner's valid certificate that meets the job (same occupation, level number ≤ the one asked). */
async function qualifyingCertificate(db: DbOrTx, learnerId: number, job: ArticleRow) {
  if (job.occupationId === null && job.levelRequired === null) return { ok: true, certificateId: null };
  const conditions: (SQL | undefined)[] = [
    eq(certificates.learnerId, learnerId),
    isNull(certificates.revokedAt),
    job.occupationId === null ? undefined : eq(examPlans.occupationId, job.occupationId),
    job.levelRequired === null ? undefined : lte(certificates.level, job.levelRequired),
  ];
  const [certificate] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .innerJoin(examPlans, eq(examPlans.id, certificates.planId))
    .where(and(...conditions))
    .orderBy(asc(certificates.level), desc(certificates.issuedAt))
    .limit(1);
  return { ok: certificate !== undefined, certificateId: certificate?.id ?? null };
}

const NO_CERTIFICATE = '您还没有符合该岗位等级要求的有效职业技能等级证书';
const DEADLINE_PASSED = '该岗位的报名已截止';

export async function applicationStatus(
  db: DbOrTx,
  learnerId: number,
  id: number,
): Promise<JobApplicationStatus> {
  const job = await publicJob(db, id);
  const [mine] = await db
    .select({ createdAt: jobApplications.createdAt })
    .from(jobApplications)
    .where(and(eq(jobApplications.articleId, id), eq(jobApplications.learnerId, learnerId)));
  const certificate = await qualifyingCertificate(db, learnerId, job.article);
  const reason = job.deadlinePassed ? DEADLINE_PASSED : certificate.ok ? null : NO_CERTIFICATE;
  return {
    applied: mine !== undefined,
    eligible: reason === null,
    reason,
    applied_at: iso(mine?.createdAt ?? null),
  };
}

/**
 * One application per learner and job: a repeated apply answers the existing one (`created` false). A new one
 * notices the staff who publish jobs; run it in a transaction so the application and its notice go together.
 */
export async function applyForJob(db: DbOrTx, learnerId: number, id: number, message: string) {
  const job = await publicJob(db, id);
  const [existing] = await db
    .select({ id: jobApplications.id })
    .from(jobApplications)
    .where(and(eq(jobApplications.articleId, id), eq(jobApplications.learnerId, learnerId)));
  if (existing) return { created: false, status: await applicationStatus(db, learnerId, id) };
  if (job.deadlinePassed) throw fieldError('deadline', DEADLINE_PASSED);
  const certificate = await qualifyingCertificate(db, learnerId, job.article);
  if (!certificate.ok) throw fieldError('certificate', NO_CERTIFICATE);
  const [row] = await db
    .insert(jobApplications)
    .values({ articleId: id, learnerId, certificateId: certificate.certificateId, message })
    .onConflictDoNothing()
    .returning({ id: jobApplications.id });
  if (row) await noticeApplication(db, learnerId, job.article);
  return { created: row !== undefined, status: await applicationStatus(db, learnerId, id) };
}

/** Tells the staff who publish jobs (the back office's bell), to pass on to the employer's contact. */
async function noticeApplication(db: DbOrTx, learnerId: number, job: ArticleRow) {
  const [who] = await db
    .select({ name: learners.realName, username: learners.username, phone: learners.phone })
    .from(learners)
    .where(eq(learners.id, learnerId));
  const contact = [job.contactName, job.contactPhone].filter(Boolean).join(' ');
  await noticeStaff(db, {
    page: 'InformationRelease',
    message: 'jobApplied',
    params: {
      learner: who?.name || who?.username || String(learnerId),
      phone: who?.phone || '—',
      employer: job.employer || '—',
      job: job.title,
      contact: contact || '—',
    },
    link: `/manage/contentManage/informationRelease?kind=job&applications=${job.id}`,
  });
}
