// News, notices and jobs: the back office's writes (InformationRelease), the public portal's reads (only
// published articles whose time has come, pinned first), view counting, and a learner's job application.
import { and, asc, count, eq, ne, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  articleAttachments,
  articles,
  certificates,
  contentCategories,
  contentDailyCounts,
  examPlans,
  jobApplications,
  occupations,
  staffNotices,
} from '../../src/server/db/schema/index.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import { learnerIdOf } from '../helpers/certificates.ts';
import { multipart, png } from '../helpers/enrollments.ts';

let ctx: TestContext;
let founder: string;
let manager: string;
let college: string;
let learner: string;
let learner2: string;

beforeAll(async () => {
  ctx = await createTestApp();
  [founder, manager, college, learner, learner2] = await Promise.all([
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
    login(ctx.app, 'learner', 'learners'),
    login(ctx.app, 'learner2', 'learners'),
  ]);
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: Json) =>
  request(ctx.app, { method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

export async function uploadAs(token: string, kind: string, fileName = 'a.png') {
  const image = png(8, 8, () => [200, 40, 40]);
  const res = await request(ctx.app, {
    method: 'POST',
    url: '/api/v1/uploads',
    token,
    ...multipart(kind, fileName, image, 'image/png'),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string; url: string };
}

const newsBody = (overrides: Json = {}): Json => ({
  kind: 'news',
  title: '学院举办职业技能竞赛',
  summary: '竞赛设茶艺、电工两个项目',
  body: '<h2>竞赛安排</h2><p>欢迎<strong>报名</strong></p>',
  ...overrides,
});

async function create(body: Json, token = founder) {
  const res = await call('POST', '/api/v1/admin/articles', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Json & { id: number; state: string };
}

async function publish(id: number, publishAt: string | null = null) {
  const res = await call('POST', `/api/v1/admin/articles/${id}/publish`, founder, { publish_at: publishAt });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Json;
}

async function setPublishAt(id: number, at: Date) {
  await ctx.app.db.update(articles).set({ publishAt: at }).where(eq(articles.id, id));
}

describe('content categories', () => {
  it('are created, listed per kind, renamed, refused when duplicate and deleted only when unused', async () => {
    const made = await call('POST', '/api/v1/admin/content-categories', founder, {
      kind: 'news',
      name: '学院新闻测试',
      sort: 3,
    });
    expect(made.statusCode, made.body).toBe(201);
    const category = made.json() as { id: number };
    const dup = await call('POST', '/api/v1/admin/content-categories', founder, {
      kind: 'news',
      name: '学院新闻测试',
    });
    expect(dup.statusCode).toBe(422);
    expect(dup.json().errors.name).toBeDefined();

    const publicList = await call('GET', '/api/v1/content-categories?kind=news');
    expect(publicList.statusCode).toBe(200);
    expect(publicList.json().data).toContainEqual({ id: category.id, name: '学院新闻测试' });
    expect((await call('GET', '/api/v1/content-categories?kind=nope')).statusCode).toBe(422);

    const renamed = await call('PUT', `/api/v1/admin/content-categories/${category.id}`, founder, {
      name: '学院要闻测试',
      sort: 1,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ name: '学院要闻测试', sort: 1, item_count: 0 });

    const article = await create(newsBody({ category_id: category.id }));
    const used = await call('GET', '/api/v1/admin/content-categories?kind=news', founder);
    expect(used.json().data).toContainEqual(expect.objectContaining({ id: category.id, item_count: 1 }));
    const refused = await call('DELETE', `/api/v1/admin/content-categories/${category.id}`, founder);
    expect(refused.statusCode).toBe(422);
    // A news category is not a notice's.
    const wrongKind = await call('POST', '/api/v1/admin/articles', founder, {
      ...newsBody({ kind: 'notice', category_id: category.id }),
    });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().errors.category_id).toBeDefined();

    expect((await call('DELETE', `/api/v1/admin/articles/${article.id}`, founder)).statusCode).toBe(204);
    expect(
      (await call('DELETE', `/api/v1/admin/content-categories/${category.id}`, founder)).statusCode,
    ).toBe(204);
  });

  it('are managed by the download centre too, and by nobody else', async () => {
    expect((await call('GET', '/api/v1/admin/content-categories?kind=download', manager)).statusCode).toBe(
      200,
    );
    for (const token of [college, learner])
      expect((await call('GET', '/api/v1/admin/content-categories?kind=news', token)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/admin/content-categories?kind=news')).statusCode).toBe(401);
  });
});

describe('articles in the back office', () => {
  it('are created as drafts with a sanitised body, a cover and ordered attachments, then edited', async () => {
    const cover = await uploadAs(founder, 'cover');
    const image = await uploadAs(founder, 'content_image');
    const first = await uploadAs(founder, 'content_file', 'form-1.png');
    const second = await uploadAs(founder, 'content_file', 'form-2.png');
    const made = await create(
      newsBody({
        cover_upload_id: cover.id,
        body: `<p onclick="x()">正文<script>alert(1)</script><img src="${image.url}"></p>`,
        attachments: [second.id, first.id],
      }),
    );
    expect(made).toMatchObject({ state: 'draft', scheduled: false, pinned: false, cover_url: cover.url });
    expect(made.body).toBe(`<p>正文<img src="${image.url}" /></p>`);
    expect((made.attachments as { id: string }[]).map((a) => a.id)).toEqual([second.id, first.id]);

    const edited = await call('PUT', `/api/v1/admin/articles/${made.id}`, founder, {
      ...newsBody({ title: '改过的标题', attachments: [first.id] }),
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ title: '改过的标题', cover_url: null });
    const rows = await ctx.app.db
      .select()
      .from(articleAttachments)
      .where(eq(articleAttachments.articleId, made.id));
    expect(rows.map((r) => r.uploadId)).toEqual([first.id]);

    const listed = await call('GET', '/api/v1/admin/articles?kind=news&state=draft&keyword=改过', founder);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.map((r: { id: number }) => r.id)).toContain(made.id);
    expect(listed.json().meta).toMatchObject({ page: 1, limit: 20 });
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const learnerUpload = await uploadAs(learner, 'avatar');
    const banner = await uploadAs(founder, 'banner');
    const attachment = await uploadAs(founder, 'content_file');
    const draft = await create(newsBody());
    const url = '/api/v1/admin/articles';
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [articles, articleAttachments],
      calls: [
        { method: 'POST', url, token: founder, payload: {}, fields: ['kind', 'title'] },
        { method: 'POST', url, token: founder, payload: newsBody({ title: '' }), fields: ['title'] },
        {
          method: 'POST',
          url,
          token: founder,
          payload: newsBody({ title: 'x'.repeat(121) }),
          fields: ['title'],
        },
        { method: 'POST', url, token: founder, payload: newsBody({ kind: 'blog' }), fields: ['kind'] },
        {
          method: 'POST',
          url,
          token: founder,
          payload: newsBody({ summary: 'x'.repeat(301) }),
          fields: ['summary'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: newsBody({ category_id: 999999 }),
          fields: ['category_id'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: newsBody({ cover_upload_id: 'nope' }),
          fields: ['cover_upload_id'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: newsBody({ cover_upload_id: banner.id }),
          fields: ['cover_upload_id'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: newsBody({ attachments: [learnerUpload.id] }),
          fields: ['attachments'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: newsBody({ attachments: [attachment.id, attachment.id] }),
          fields: ['attachments'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: newsBody({ body: `<img src="/api/v1/uploads/${learnerUpload.id}">` }),
          fields: ['body'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: { kind: 'job', title: '岗位' },
          fields: ['employer'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: { kind: 'job', title: '岗位', employer: '某公司', salary_min: 9000, salary_max: 5000 },
          fields: ['salary_max'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: {
            kind: 'job',
            title: '岗位',
            employer: '某公司',
            level_required: 6,
            deadline: '2026-13-01',
          },
          fields: ['level_required', 'deadline'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: { kind: 'job', title: '岗位', employer: '某公司', contact_phone: '<script>' },
          fields: ['contact_phone'],
        },
        {
          method: 'PUT',
          url: `${url}/${draft.id}`,
          token: founder,
          payload: newsBody({ kind: 'notice' }),
          fields: ['kind'],
        },
        {
          method: 'POST',
          url: `${url}/${draft.id}/publish`,
          token: founder,
          payload: { publish_at: 'tomorrow' },
          fields: ['publish_at'],
        },
        {
          method: 'POST',
          url: `${url}/${draft.id}/publish`,
          token: founder,
          payload: { publish_at: new Date(Date.now() - 60_000).toISOString() },
          fields: ['publish_at'],
        },
        {
          method: 'POST',
          url: `${url}/${draft.id}/pin`,
          token: founder,
          payload: { pinned: 'yes' },
          fields: ['pinned'],
        },
        { method: 'GET', url: `${url}/abc`, token: founder, fields: ['id'] },
        { method: 'GET', url: `${url}/999999`, token: founder, status: 404 },
      ],
    });
  });

  it('move draft → published → withdrawn → published, and only drafts and withdrawn ones are deleted', async () => {
    const made = await create(newsBody({ title: '状态流转' }));
    const published = await publish(made.id);
    expect(published).toMatchObject({ state: 'published', scheduled: false });
    expect((await call('POST', `/api/v1/admin/articles/${made.id}/publish`, founder, {})).statusCode).toBe(
      409,
    );
    expect((await call('DELETE', `/api/v1/admin/articles/${made.id}`, founder)).statusCode).toBe(409);
    const withdrawn = await call('POST', `/api/v1/admin/articles/${made.id}/withdraw`, founder);
    expect(withdrawn.json()).toMatchObject({ state: 'withdrawn' });
    expect((await call('POST', `/api/v1/admin/articles/${made.id}/withdraw`, founder)).statusCode).toBe(409);
    expect(await publish(made.id)).toMatchObject({ state: 'published', withdrawn_at: null });
    await call('POST', `/api/v1/admin/articles/${made.id}/withdraw`, founder);
    expect((await call('DELETE', `/api/v1/admin/articles/${made.id}`, founder)).statusCode).toBe(204);
    expect((await call('GET', `/api/v1/admin/articles/${made.id}`, founder)).statusCode).toBe(404);
  });

  it('refuse learners (403), anonymous callers (401) and the college (403) on every write', async () => {
    const made = await create(newsBody());
    const writes: [method: 'POST' | 'PUT' | 'DELETE', url: string, body?: Json][] = [
      ['POST', '/api/v1/admin/articles', newsBody()],
      ['PUT', `/api/v1/admin/articles/${made.id}`, newsBody()],
      ['DELETE', `/api/v1/admin/articles/${made.id}`],
      ['POST', `/api/v1/admin/articles/${made.id}/publish`, {}],
      ['POST', `/api/v1/admin/articles/${made.id}/withdraw`],
      ['POST', `/api/v1/admin/articles/${made.id}/pin`, { pinned: true }],
      ['POST', '/api/v1/admin/content-categories', { kind: 'news', name: '越权' }],
      ['PUT', '/api/v1/admin/content-categories/1', { name: '越权' }],
      ['DELETE', '/api/v1/admin/content-categories/1'],
    ];
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [articles, contentCategories],
      calls: writes.flatMap(([method, url, payload]) => [
        { method, url, token: learner, status: 403, ...(payload ? { payload } : {}) },
        { method, url, token: college, status: 403, ...(payload ? { payload } : {}) },
        { method, url, status: 401, ...(payload ? { payload } : {}) },
      ]),
    });
    for (const token of [learner, college])
      expect((await call('GET', '/api/v1/admin/articles', token)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/admin/articles')).statusCode).toBe(401);
  });
});

describe('articles on the public portal', () => {
  it('shows only published ones whose time has come; withdrawn and drafts answer 404', async () => {
    const tag = `公开测试${Date.now()}`;
    const draft = await create(newsBody({ title: `${tag} 草稿` }));
    const now = await create(newsBody({ title: `${tag} 已发布` }));
    await publish(now.id);
    const later = await create(newsBody({ title: `${tag} 定时` }));
    const scheduled = await publish(later.id, new Date(Date.now() + 3_600_000).toISOString());
    expect(scheduled).toMatchObject({ state: 'published', scheduled: true });
    const gone = await create(newsBody({ title: `${tag} 撤回` }));
    await publish(gone.id);
    await call('POST', `/api/v1/admin/articles/${gone.id}/withdraw`, founder);

    const titles = async () => {
      const res = await call('GET', `/api/v1/articles?kind=news&keyword=${encodeURIComponent(tag)}`);
      expect(res.statusCode).toBe(200);
      return (res.json().data as { title: string }[]).map((r) => r.title);
    };
    expect(await titles()).toEqual([`${tag} 已发布`]);
    for (const id of [draft.id, later.id, gone.id])
      expect((await call('GET', `/api/v1/articles/${id}`)).statusCode).toBe(404);

    // Its time comes: it shows, without anybody touching it.
    await setPublishAt(later.id, new Date(Date.now() - 1000));
    expect((await titles()).sort()).toEqual([`${tag} 定时`, `${tag} 已发布`].sort());
    expect((await call('GET', `/api/v1/articles/${later.id}`)).statusCode).toBe(200);
  });

  it('lists pinned first, then newest, with previous and next in that order', async () => {
    const tag = `置顶测试${Date.now()}`;
    const ids: number[] = [];
    for (const [index, title] of ['旧', '中', '新'].entries()) {
      const made = await create(newsBody({ title: `${tag} ${title}` }));
      await publish(made.id);
      await setPublishAt(made.id, new Date(Date.now() - (10 - index) * 60_000));
      ids.push(made.id);
    }
    const pinned = await call('POST', `/api/v1/admin/articles/${ids[0]}/pin`, founder, { pinned: true });
    expect(pinned.json()).toMatchObject({ pinned: true });
    const list = await call('GET', `/api/v1/articles?keyword=${encodeURIComponent(tag)}`);
    const rows = list.json().data as { id: number; pinned: boolean }[];
    expect(rows.map((r) => r.id)).toEqual([ids[0], ids[2], ids[1]]);
    expect(rows[0]!.pinned).toBe(true);

    const middle = await call('GET', `/api/v1/articles/${ids[2]}`);
    const detail = middle.json();
    // The neighbours are among all public news, so only their direction is certain; this tag's are adjacent
    // because they are the newest and the pinned one sits above every unpinned article.
    expect(detail.next).toMatchObject({ id: ids[1] });
    const top = (await call('GET', `/api/v1/articles/${ids[0]}`)).json();
    expect(top.next?.id).toBeDefined();
    await call('POST', `/api/v1/admin/articles/${ids[0]}/pin`, founder, { pinned: false });
  });

  it('counts a view on the article and in the day’s statistics', async () => {
    const made = await create(newsBody({ title: '浏览计数' }));
    await publish(made.id);
    const first = await call('GET', `/api/v1/articles/${made.id}`);
    expect(first.json().view_count).toBe(1);
    const second = await call('GET', `/api/v1/articles/${made.id}`);
    expect(second.json().view_count).toBe(2);
    const [row] = await ctx.app.db
      .select({ n: sql<number>`sum(${contentDailyCounts.count})::int` })
      .from(contentDailyCounts)
      .where(and(eq(contentDailyCounts.itemType, 'article'), eq(contentDailyCounts.itemId, made.id)));
    expect(row?.n).toBe(2);
    // A 404 counts nothing.
    await call('POST', `/api/v1/admin/articles/${made.id}/withdraw`, founder);
    expect((await call('GET', `/api/v1/articles/${made.id}`)).statusCode).toBe(404);
    const [after] = await ctx.app.db.select().from(articles).where(eq(articles.id, made.id));
    expect(after?.viewCount).toBe(2);
  });

  it('answers public rows and detail with attachments and job fields', async () => {
    const file = await uploadAs(founder, 'content_file', '报名表.png');
    const made = await create(newsBody({ kind: 'notice', title: '通知带附件', attachments: [file.id] }));
    await publish(made.id);
    const detail = (await call('GET', `/api/v1/articles/${made.id}`)).json();
    expect(detail).toMatchObject({ kind: 'notice', employer: null, deadline: null });
    expect(detail.attachments).toEqual([
      expect.objectContaining({ id: file.id, name: '报名表.png', url: file.url }),
    ]);
    expect((await call('GET', '/api/v1/articles?kind=blog')).statusCode).toBe(422);
    expect((await call('GET', '/api/v1/articles?page=0')).statusCode).toBe(422);
  });
});

describe('applying for a job', () => {
  let occupationId: number;
  let level: number;

  beforeAll(async () => {
    const learnerId = await learnerIdOf(ctx, 'learner');
    const [certificate] = await ctx.app.db
      .select({ level: certificates.level, occupationId: examPlans.occupationId })
      .from(certificates)
      .innerJoin(examPlans, eq(examPlans.id, certificates.planId))
      .where(eq(certificates.learnerId, learnerId))
      .limit(1);
    if (!certificate) throw new Error('the demo learner has no certificate');
    occupationId = certificate.occupationId;
    level = certificate.level;
  });

  const jobBody = (overrides: Json = {}): Json => ({
    kind: 'job',
    title: '招聘持证技工',
    body: '<p>岗位职责</p>',
    employer: '苏州某制造公司',
    occupation_id: occupationId,
    level_required: level,
    place: '苏州工业园区',
    salary_min: 6000,
    salary_max: 9000,
    deadline: '2099-12-31',
    contact_name: '刘经理',
    contact_phone: '0512-66001234',
    ...overrides,
  });

  async function publishedJob(overrides: Json = {}) {
    const made = await create(jobBody(overrides));
    await publish(made.id);
    return made.id;
  }

  it('lets a learner with a matching certificate apply once, and the back office sees it', async () => {
    const id = await publishedJob();
    const before = await call('GET', `/api/v1/learner/jobs/${id}/application`, learner);
    expect(before.json()).toEqual({ applied: false, eligible: true, reason: null, applied_at: null });
    const applied = await call('POST', `/api/v1/learner/jobs/${id}/apply`, learner, { message: '我有证书' });
    expect(applied.statusCode, applied.body).toBe(201);
    expect(applied.json()).toMatchObject({ applied: true, eligible: true });
    const again = await call('POST', `/api/v1/learner/jobs/${id}/apply`, learner, {});
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(applied.json());

    const list = await call('GET', `/api/v1/admin/articles/${id}/applications`, founder);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual([
      expect.objectContaining({ message: '我有证书', certificate_level: level }),
    ]);
    const row = (await call('GET', `/api/v1/admin/articles/${id}`, founder)).json();
    expect(row.application_count).toBe(1);
    const detail = (await call('GET', `/api/v1/articles/${id}`)).json();
    expect(detail).toMatchObject({
      employer: '苏州某制造公司',
      level_required: level,
      contact_phone: '0512-66001234',
    });
    // A job with applications is not deleted.
    await call('POST', `/api/v1/admin/articles/${id}/withdraw`, founder);
    expect((await call('DELETE', `/api/v1/admin/articles/${id}`, founder)).statusCode).toBe(409);
  });

  it('tells the staff who publish jobs through the bell, each reading for themselves, never a college', async () => {
    const unread = async (token: string) =>
      (await call('GET', '/api/v1/admin/notices/unread-count', token)).json().count as number;
    const [founderBefore, managerBefore] = [await unread(founder), await unread(manager)];
    const id = await publishedJob({ title: '通知测试岗位' });
    expect((await call('POST', `/api/v1/learner/jobs/${id}/apply`, learner, {})).statusCode).toBe(201);

    expect(await unread(founder)).toBe(founderBefore + 1);
    expect(await unread(manager)).toBe(managerBefore + 1);
    const list = await call('GET', '/api/v1/admin/notices?limit=5', founder);
    expect(list.statusCode).toBe(200);
    const [notice] = list.json().data as Json[];
    expect(notice).toMatchObject({
      title: '新的岗位申请：通知测试岗位',
      link: `/manage/contentManage/informationRelease?kind=job&applications=${id}`,
      read: false,
    });
    expect(notice!.body).toContain('苏州某制造公司');
    expect(notice!.body).toContain('刘经理 0512-66001234');
    const english = await request(ctx.app, {
      method: 'GET',
      url: '/api/v1/admin/notices?limit=1&unread=true',
      token: founder,
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().data[0].title).toBe('New job application: 通知测试岗位');

    // Read per administrator: the founder's read leaves the manager's unread.
    const read = await call('POST', `/api/v1/admin/notices/${notice!.id}/read`, founder);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toMatchObject({ id: notice!.id, read: true });
    expect(await unread(founder)).toBe(founderBefore);
    expect(await unread(manager)).toBe(managerBefore + 1);
    const all = await call('POST', '/api/v1/admin/notices/read-all', manager);
    expect(all.json().marked).toBe(managerBefore + 1);
    expect(await unread(manager)).toBe(0);

    // A college administrator never has the content tab, so never its notices; a learner is refused.
    expect(await unread(college)).toBe(0);
    expect((await call('GET', '/api/v1/admin/notices', college)).json().data).toEqual([]);
    expect((await call('POST', `/api/v1/admin/notices/${notice!.id}/read`, college)).statusCode).toBe(404);
    expect((await call('GET', '/api/v1/admin/notices', learner)).statusCode).toBe(403);
    expect((await call('GET', '/api/v1/admin/notices')).statusCode).toBe(401);
    expect((await call('POST', '/api/v1/admin/notices/x/read', founder)).statusCode).toBe(422);
    expect((await call('GET', '/api/v1/admin/notices?limit=0', founder)).statusCode).toBe(422);
  });

  it('refuses a learner without a matching certificate, and after the deadline', async () => {
    const higher = level > 1 ? await publishedJob({ level_required: level - 1 }) : null;
    const [other] = await ctx.app.db
      .select({ id: occupations.id })
      .from(occupations)
      .where(ne(occupations.id, occupationId))
      .orderBy(asc(occupations.id))
      .limit(1);
    const otherOccupation = other!.id;
    const elsewhere = await publishedJob({ occupation_id: otherOccupation });
    const closed = await publishedJob({ deadline: '2020-01-01' });
    const refused = [...(higher ? [higher] : []), elsewhere];
    for (const id of refused) {
      const status = (await call('GET', `/api/v1/learner/jobs/${id}/application`, learner)).json();
      expect(status).toMatchObject({ applied: false, eligible: false, reason: expect.any(String) });
    }
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [jobApplications, staffNotices],
      calls: [
        ...refused.map((id) => ({
          method: 'POST' as const,
          url: `/api/v1/learner/jobs/${id}/apply`,
          token: learner,
          payload: {},
          fields: ['certificate'],
        })),
        {
          method: 'POST',
          url: `/api/v1/learner/jobs/${closed}/apply`,
          token: learner,
          payload: {},
          fields: ['deadline'],
        },
        {
          method: 'POST',
          url: `/api/v1/learner/jobs/${elsewhere}/apply`,
          token: learner,
          payload: { message: 'x'.repeat(501) },
          fields: ['message'],
        },
        {
          method: 'POST',
          url: `/api/v1/learner/jobs/${elsewhere}/apply`,
          token: founder,
          payload: {},
          status: 403,
        },
        { method: 'POST', url: `/api/v1/learner/jobs/${elsewhere}/apply`, payload: {}, status: 401 },
      ],
    });
    // A job that is not public is not there for learners either.
    const draft = await create(jobBody());
    expect((await call('GET', `/api/v1/learner/jobs/${draft.id}/application`, learner)).statusCode).toBe(404);
  });

  it('keeps one application when 20 applies arrive at once', async () => {
    const id = await publishedJob({ title: '并发报名' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => call('POST', `/api/v1/learner/jobs/${id}/apply`, learner, {})),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(
      statuses.every((s) => s === 200 || s === 201),
      statuses.join(),
    ).toBe(true);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    const [rows] = await ctx.app.db
      .select({ n: count() })
      .from(jobApplications)
      .where(eq(jobApplications.articleId, id));
    expect(rows?.n).toBe(1);
    const [notices] = await ctx.app.db
      .select({ n: count() })
      .from(staffNotices)
      .where(eq(staffNotices.link, `/manage/contentManage/informationRelease?kind=job&applications=${id}`));
    expect(notices?.n).toBe(1);
    // learner2 is somebody else: their own status.
    const other = await call('GET', `/api/v1/learner/jobs/${id}/application`, learner2);
    expect(other.json().applied).toBe(false);
  });
});
