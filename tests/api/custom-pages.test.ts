// Custom pages and the portal navigation: CRUD for the CustomPortal page's roles, slugs unique (a clash is
// a 422, also under concurrency), bodies sanitised, the public page and navigation show only what is
// published and visible; anonymous, learner and college callers cannot write.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDailyCounts, customPages, portalNavItems } from '../../src/server/db/schema/index.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import { multipart, png } from '../helpers/enrollments.ts';
import { checkCorpus, XSS_CORPUS } from '../helpers/xss-corpus.ts';

let ctx: TestContext;
let founder: string;
let manager: string;
let college: string;
let learner: string;

beforeAll(async () => {
  ctx = await createTestApp();
  founder = await login(ctx.app, 'founder', 'administrators');
  manager = await login(ctx.app, 'manager', 'administrators');
  college = await login(ctx.app, 'college', 'administrators');
  learner = await login(ctx.app, 'learner', 'learners');
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  request(ctx.app, {
    method,
    url: `/api${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });

const page = (slug: string, extra: Json = {}) => ({
  title: `页面 ${slug}`,
  slug,
  body: '<p>欢迎</p>',
  description: '说明',
  ...extra,
});

describe('demo content', () => {
  it('has two custom pages and an external link in the navigation, and five files in two categories', async () => {
    const nav = (await call('GET', '/v1/portal/nav')).json<{ data: Json[] }>().data;
    expect(nav.map((n) => [n.title, n.href, n.external])).toEqual([
      ['关于我们', '/pages/about-college', false],
      ['报考指南', '/pages/exam-guide', false],
      ['人社部官网', 'https://www.mohrss.gov.cn/', true],
    ]);
    expect((await call('GET', '/v1/pages/exam-guide')).json<Json>().body).toContain('<table>');
    const files = (await call('GET', '/v1/downloads?limit=50')).json<{ data: Json[] }>().data;
    expect(files).toHaveLength(5);
    expect(new Set(files.map((f) => (f.category as Json).name))).toEqual(new Set(['报名表格', '政策文件']));
    expect(files.map((f) => f.file_type).sort()).toEqual(['excel', 'pdf', 'pdf', 'txt', 'word']);
  });
});

describe('custom pages', () => {
  it('creates, reads, updates and deletes a page; the body is sanitised', async () => {
    const created = await call(
      'POST',
      '/v1/admin/custom-pages',
      founder,
      page('about-us', {
        body: '<h2>关于</h2><p onclick="x()">文字<script>alert(1)</script></p><img src="https://evil.example/x.png">',
      }),
    );
    expect(created.statusCode).toBe(201);
    const body = created.json<Json>();
    expect(body).toMatchObject({ slug: 'about-us', published: true, view_count: 0 });
    expect(body.body).not.toMatch(/script|onclick|evil/);
    const id = body.id as number;

    const list = await call('GET', '/v1/admin/custom-pages?keyword=about', manager);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ data: Json[] }>().data.map((r) => r.id)).toContain(id);

    const updated = await call(
      'PUT',
      `/v1/admin/custom-pages/${id}`,
      manager,
      page('about', { title: '关于我们' }),
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json<Json>()).toMatchObject({ slug: 'about', title: '关于我们' });
    expect((await call('GET', `/v1/admin/custom-pages/${id}`, founder)).json<Json>().body).toBe(
      '<p>欢迎</p>',
    );

    expect((await call('DELETE', `/v1/admin/custom-pages/${id}`, founder)).statusCode).toBe(204);
    expect((await call('GET', `/v1/admin/custom-pages/${id}`, founder)).statusCode).toBe(404);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    await call('POST', '/v1/admin/custom-pages', founder, page('taken'));
    const url = '/api/v1/admin/custom-pages';
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [customPages],
      calls: [
        { method: 'POST', url, token: founder, payload: page('Bad Slug'), fields: ['slug'] },
        { method: 'POST', url, token: founder, payload: page('-start'), fields: ['slug'] },
        { method: 'POST', url, token: founder, payload: page('taken'), fields: ['slug'] },
        { method: 'POST', url, token: founder, payload: page('ok', { title: '' }), fields: ['title'] },
        {
          method: 'POST',
          url,
          token: founder,
          payload: page('ok', { description: 'x'.repeat(301) }),
          fields: ['description'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: page('ok', { published: 'yes' }),
          fields: ['published'],
        },
        { method: 'POST', url, token: founder, payload: page('a'.repeat(61)), fields: ['slug'] },
      ],
    });
  });

  it('turns a slug clash between concurrent saves into 422, never 500', async () => {
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call('POST', '/v1/admin/custom-pages', founder, page('race'))),
    );
    const statuses = answers.map((a) => a.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 422)).toHaveLength(7);
  });

  it('lets only the page roles write: 401 anonymous, 403 learner and college', async () => {
    for (const [token, status] of [
      [undefined, 401],
      [learner, 403],
      [college, 403],
    ] as const) {
      expect((await call('POST', '/v1/admin/custom-pages', token, page('nope'))).statusCode).toBe(status);
      expect((await call('GET', '/v1/admin/custom-pages', token)).statusCode).toBe(status);
      expect(
        (await call('POST', '/v1/admin/portal-nav', token, { title: 'x', url: 'https://a.example' }))
          .statusCode,
      ).toBe(status);
    }
  });

  it('serves a published page to anyone, counting the view; unpublished or unknown → 404', async () => {
    const id = (await call('POST', '/v1/admin/custom-pages', founder, page('guide'))).json<Json>()
      .id as number;
    const shown = await call('GET', '/v1/pages/guide');
    expect(shown.statusCode).toBe(200);
    expect(shown.json<Json>()).toMatchObject({
      slug: 'guide',
      title: '页面 guide',
      body: '<p>欢迎</p>',
      description: '说明',
    });
    const [row] = await ctx.app.db.select().from(customPages).where(eq(customPages.id, id));
    expect(row!.viewCount).toBe(1);
    const counted = await ctx.app.db
      .select()
      .from(contentDailyCounts)
      .where(eq(contentDailyCounts.itemId, id));
    expect(counted.find((c) => c.itemType === 'page')?.count).toBe(1);

    await call('PUT', `/v1/admin/custom-pages/${id}`, founder, page('guide', { published: false }));
    expect((await call('GET', '/v1/pages/guide')).statusCode).toBe(404);
    expect((await call('GET', '/v1/pages/no-such-page')).statusCode).toBe(404);
    expect((await call('GET', '/v1/pages/Not%20A%20Slug')).statusCode).toBe(404);
  });
});

describe('portal navigation', () => {
  it('adds pages and external links, orders, hides and deletes them; the public nav follows', async () => {
    await ctx.app.db.delete(portalNavItems);
    const pageId = (await call('POST', '/v1/admin/custom-pages', founder, page('contact'))).json<Json>()
      .id as number;
    const hidden = (
      await call('POST', '/v1/admin/custom-pages', founder, page('draft-page', { published: false }))
    ).json<Json>().id as number;
    const a = await call('POST', '/v1/admin/portal-nav', founder, {
      title: '联系我们',
      custom_page_id: pageId,
    });
    expect(a.statusCode).toBe(201);
    expect(a.json<Json>()).toMatchObject({ href: '/pages/contact', external: false, visible: true });
    const b = await call('POST', '/v1/admin/portal-nav', founder, {
      title: '人社局',
      url: 'https://www.mohrss.gov.cn/',
    });
    expect(b.json<Json>()).toMatchObject({ href: 'https://www.mohrss.gov.cn/', external: true });
    const c = await call('POST', '/v1/admin/portal-nav', founder, { title: '草稿', custom_page_id: hidden });
    const d = await call('POST', '/v1/admin/portal-nav', founder, {
      title: '电话',
      url: 'tel:010-12345678',
      visible: false,
    });
    const ids = [a, b, c, d].map((r) => r.json<Json>().id as number);

    let nav = (await call('GET', '/v1/portal/nav')).json<{ data: Json[] }>().data;
    expect(nav.map((n) => n.title)).toEqual(['联系我们', '人社局']);

    const ordered = await call('PUT', '/v1/admin/portal-nav/order', founder, {
      ids: [ids[1], ids[0], ids[2], ids[3]],
    });
    expect(ordered.statusCode).toBe(200);
    nav = (await call('GET', '/v1/portal/nav')).json<{ data: Json[] }>().data;
    expect(nav.map((n) => n.title)).toEqual(['人社局', '联系我们']);

    await call('PUT', `/v1/admin/portal-nav/${ids[3]}`, founder, {
      title: '电话',
      url: 'tel:010-12345678',
      visible: true,
    });
    expect((await call('DELETE', `/v1/admin/portal-nav/${ids[1]}`, founder)).statusCode).toBe(204);
    nav = (await call('GET', '/v1/portal/nav')).json<{ data: Json[] }>().data;
    expect(nav).toEqual([
      { id: ids[0], title: '联系我们', href: '/pages/contact', external: false },
      { id: ids[3], title: '电话', href: 'tel:010-12345678', external: true },
    ]);
    // Deleting a page takes its navigation item with it.
    await call('DELETE', `/v1/admin/custom-pages/${pageId}`, founder);
    const admin = (await call('GET', '/v1/admin/portal-nav', founder)).json<{ data: Json[] }>().data;
    expect(admin.map((n) => n.id)).toEqual([ids[2], ids[3]]);
  });

  it('refuses links that are not external per spec §5, two targets or none, and a bad order', async () => {
    const url = '/api/v1/admin/portal-nav';
    const pageId = (await call('POST', '/v1/admin/custom-pages', founder, page('nav-target'))).json<Json>()
      .id as number;
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [portalNavItems],
      calls: [
        {
          method: 'POST',
          url,
          token: founder,
          payload: { title: 'x', url: 'javascript:alert(1)' },
          fields: ['url'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: { title: 'x', url: '//evil.example' },
          fields: ['url'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: { title: 'x', url: 'ftp://a.example' },
          fields: ['url'],
        },
        { method: 'POST', url, token: founder, payload: { title: 'x' }, fields: ['custom_page_id'] },
        {
          method: 'POST',
          url,
          token: founder,
          payload: { title: 'x', url: 'https://a.example', custom_page_id: pageId },
          fields: ['url'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: { title: '', url: 'https://a.example' },
          fields: ['title'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: { title: 'x', custom_page_id: 2147480000 },
          fields: ['custom_page_id'],
        },
        {
          method: 'PUT',
          url: `${url}/order`,
          token: founder,
          payload: { ids: [2147480000] },
          fields: ['ids'],
        },
        { method: 'PUT', url: `${url}/order`, token: founder, payload: { ids: 'x' }, fields: ['ids'] },
      ],
    });
  });
});

describe('stored XSS through a custom page body', () => {
  it('comes back harmless from the admin and the public answers', async () => {
    const image = await request(ctx.app, {
      method: 'POST',
      url: '/api/v1/uploads',
      token: founder,
      ...multipart(
        'content_image',
        'inline.png',
        png(8, 8, () => [10, 120, 200]),
        'image/png',
      ),
    });
    const imageUrl = image.json<{ url: string }>().url;
    let n = 0;
    const failures = await checkCorpus(imageUrl, async (html) => {
      const slug = `xss-${++n}`;
      const made = await call('POST', '/v1/admin/custom-pages', founder, page(slug, { body: html }));
      if (made.statusCode === 422) return null;
      expect(made.statusCode, made.body).toBe(201);
      const { id, body } = made.json<{ id: number; body: string }>();
      const edited = await call('PUT', `/v1/admin/custom-pages/${id}`, founder, page(slug, { body }));
      const shown = await call('GET', `/v1/pages/${slug}`);
      return [body, edited.json<{ body: string }>().body, shown.json<{ body: string }>().body];
    });
    expect(failures).toEqual({});
    expect(n).toBe(XSS_CORPUS.length);
  });
});
