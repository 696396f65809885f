// The portal home (首页编辑): the layout is saved as a draft and published in one step, the portal reads the
// published one; banners are listed on the portal only while enabled and inside their schedule; bad input is
// refused with field messages and writes nothing; only administrators with the page write.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, portalHome } from '../../src/server/db/schema/index.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import { multipart, png } from '../helpers/enrollments.ts';
import type { BannerAdmin, PortalHomeAdmin, PortalHomeLayout } from '../../src/shared/portal-home/schema.ts';

let ctx: TestContext;
let founder: string;
let manager: string;
let college: string;
let learner: string;
let imageUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  [founder, manager, college, learner] = await Promise.all([
    login(ctx.app, 'founder', 'administrators'),
    login(ctx.app, 'manager', 'administrators'),
    login(ctx.app, 'college', 'administrators'),
    login(ctx.app, 'learner', 'learners'),
  ]);
  const upload = await request(ctx.app, {
    method: 'POST',
    url: '/api/v1/uploads',
    token: founder,
    ...multipart(
      'banner',
      'banner.png',
      png(160, 50, () => [40, 90, 200]),
    ),
  });
  expect(upload.statusCode).toBe(201);
  imageUrl = (upload.json() as { url: string }).url;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  request(ctx.app, {
    method,
    url: `/api${url}`,
    ...(token ? { token } : {}),
    ...(payload !== undefined ? { payload: payload as Json } : {}),
  });

const layout = (over: Partial<PortalHomeLayout> = {}): PortalHomeLayout => ({
  sections: [
    { key: 'news', visible: true },
    { key: 'skillTests', visible: true },
    { key: 'courses', visible: false },
    { key: 'jobs', visible: true },
    { key: 'downloads', visible: true },
  ],
  notice: { text: '2026 年第二批认定报名本周截止', link: '/enroll', visible: true },
  footer_links: [
    { title: '人社部', url: 'https://www.mohrss.gov.cn' },
    { title: '报名入口', url: '/enroll' },
  ],
  contact: { phone: '0571-88886666', email: 'contact@example.edu.cn', address: '杭州市西湖区文三路 1 号' },
  ...over,
});

const publicBanners = async () =>
  ((await call('GET', '/v1/skill-tests/banners/list')).json() as { data: { title: string }[] }).data.map(
    (b) => b.title,
  );

describe('the home layout', () => {
  it('is saved as a draft, published in one step, and the portal shows only the published one', async () => {
    const before = (await call('GET', '/v1/portal/home')).json() as PortalHomeLayout;

    const saved = await call('PUT', '/v1/admin/portal-home/draft', founder, layout());
    expect(saved.statusCode).toBe(200);
    const admin = saved.json() as PortalHomeAdmin;
    expect(admin.draft.sections[0]).toEqual({ key: 'news', visible: true });
    expect(admin.draft_updated_at).not.toBeNull();
    // Not published yet: the portal still shows what it showed.
    expect((await call('GET', '/v1/portal/home')).json()).toEqual(before);

    const published = await call('POST', '/v1/admin/portal-home/publish', manager);
    expect(published.statusCode).toBe(200);
    expect((published.json() as PortalHomeAdmin).published).toEqual(layout());
    const shown = (await call('GET', '/v1/portal/home')).json() as PortalHomeLayout;
    expect(shown.sections.map((s) => s.key)).toEqual(['news', 'skillTests', 'courses', 'jobs', 'downloads']);
    expect(shown.notice.text).toBe('2026 年第二批认定报名本周截止');

    // A later draft leaves the published layout alone until published.
    await call('PUT', '/v1/admin/portal-home/draft', founder, layout({ footer_links: [] }));
    expect(((await call('GET', '/v1/portal/home')).json() as PortalHomeLayout).footer_links).toHaveLength(2);
    const got = (await call('GET', '/v1/admin/portal-home', founder)).json() as PortalHomeAdmin;
    expect(got.draft.footer_links).toHaveLength(0);
    expect(got.published.footer_links).toHaveLength(2);
    await call('POST', '/v1/admin/portal-home/publish', founder);
    expect(((await call('GET', '/v1/portal/home')).json() as PortalHomeLayout).footer_links).toHaveLength(0);
  });

  it('refuses bad layouts with field messages and writes nothing', async () => {
    const sections = layout().sections;
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [portalHome],
      calls: [
        {
          method: 'PUT',
          url: '/api/v1/admin/portal-home/draft',
          token: founder,
          payload: layout({
            sections: [...sections.slice(0, 4), { key: 'weather', visible: true }],
          } as never),
          fields: ['sections.4.key'],
        },
        {
          method: 'PUT',
          url: '/api/v1/admin/portal-home/draft',
          token: founder,
          payload: layout({ sections: [sections[0]!, sections[0]!] }),
          fields: ['sections'],
        },
        {
          method: 'PUT',
          url: '/api/v1/admin/portal-home/draft',
          token: founder,
          payload: layout({ notice: { text: 'x', link: 'javascript:alert(1)', visible: true } }),
          fields: ['notice.link'],
        },
        {
          method: 'PUT',
          url: '/api/v1/admin/portal-home/draft',
          token: founder,
          payload: layout({ footer_links: [{ title: '', url: '//evil.example' }] }),
          fields: ['footer_links.0.title', 'footer_links.0.url'],
        },
        {
          method: 'PUT',
          url: '/api/v1/admin/portal-home/draft',
          token: founder,
          payload: layout({ contact: { phone: 'call me', email: 'nope', address: '' } }),
          fields: ['contact.phone', 'contact.email'],
        },
        { method: 'PUT', url: '/api/v1/admin/portal-home/draft', token: founder, payload: 'x' as never },
      ],
    });
  });
});

describe('banners', () => {
  const banner = (over: Json = {}) => ({
    title: '春季认定报名',
    image_url: imageUrl,
    link: '/enroll',
    enabled: true,
    shows_from: null,
    shows_until: null,
    ...over,
  });

  it('are added, edited, ordered and deleted; the portal lists only enabled ones inside their schedule', async () => {
    const hour = 3_600_000;
    const created = await call('POST', '/v1/admin/banners', founder, banner({ title: '现在显示' }));
    expect(created.statusCode).toBe(201);
    const now = created.json() as BannerAdmin;
    expect(now.showing).toBe(true);
    const later = (
      await call(
        'POST',
        '/v1/admin/banners',
        founder,
        banner({ title: '明天显示', shows_from: new Date(Date.now() + 24 * hour).toISOString() }),
      )
    ).json() as BannerAdmin;
    expect(later.showing).toBe(false);
    const over = (
      await call(
        'POST',
        '/v1/admin/banners',
        founder,
        banner({
          title: '已结束',
          link: 'https://www.mohrss.gov.cn',
          shows_from: new Date(Date.now() - 48 * hour).toISOString(),
          shows_until: new Date(Date.now() - hour).toISOString(),
        }),
      )
    ).json() as BannerAdmin;
    const off = (
      await call('POST', '/v1/admin/banners', founder, banner({ title: '已停用', enabled: false }))
    ).json() as BannerAdmin;

    let titles = await publicBanners();
    expect(titles).toContain('现在显示');
    // The demo's banner scheduled for next week is not shown yet.
    expect(titles.some((t) => t.startsWith('冬季技能培训班'))).toBe(false);
    expect(titles).not.toContain('明天显示');
    expect(titles).not.toContain('已结束');
    expect(titles).not.toContain('已停用');

    // The schedule moves: the banner shows at once (the cache follows the write).
    const moved = await call(
      'PUT',
      `/v1/admin/banners/${later.id}`,
      founder,
      banner({ title: '明天显示', shows_from: new Date(Date.now() - hour).toISOString() }),
    );
    expect(moved.statusCode).toBe(200);
    titles = await publicBanners();
    expect(titles).toContain('明天显示');

    // Order: the ids given first come first.
    const all = (await call('GET', '/v1/admin/banners', founder)).json() as { data: BannerAdmin[] };
    const ids = all.data.map((b) => b.id);
    const reordered = [later.id, ...ids.filter((id) => id !== later.id)];
    const ordered = await call('PUT', '/v1/admin/banners/order', founder, { ids: reordered });
    expect(ordered.statusCode).toBe(200);
    expect((ordered.json() as { data: BannerAdmin[] }).data.map((b) => b.id)).toEqual(reordered);
    expect((await publicBanners())[0]).toBe('明天显示');

    for (const id of [now.id, later.id, over.id, off.id])
      expect((await call('DELETE', `/v1/admin/banners/${id}`, founder)).statusCode).toBe(204);
    expect(await publicBanners()).not.toContain('现在显示');
    expect((await call('DELETE', `/v1/admin/banners/${now.id}`, founder)).statusCode).toBe(404);
  });

  it('refuses a bad link, an end before the start, an image that is not an uploaded banner', async () => {
    const from = '2026-12-01T08:00:00.000Z';
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [banners],
      calls: [
        {
          method: 'POST',
          url: '/api/v1/admin/banners',
          token: founder,
          payload: banner({ link: 'javascript:alert(1)' }),
          fields: ['link'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/banners',
          token: founder,
          payload: banner({ shows_from: from, shows_until: '2026-11-30T08:00:00.000Z' }),
          fields: ['shows_until'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/banners',
          token: founder,
          payload: banner({ shows_from: 'tomorrow' }),
          fields: ['shows_from'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/banners',
          token: founder,
          payload: banner({ title: '', image_url: 'https://elsewhere.example/x.png' }),
          fields: ['title', 'image_url'],
        },
        {
          method: 'POST',
          url: '/api/v1/admin/banners',
          token: founder,
          payload: banner({ image_url: '/api/v1/uploads/00000000-0000-4000-8000-000000000000' }),
          fields: ['image_url'],
        },
        {
          method: 'PUT',
          url: '/api/v1/admin/banners/order',
          token: founder,
          payload: { ids: [1, 1] },
          fields: ['ids'],
        },
        {
          method: 'PUT',
          url: '/api/v1/admin/banners/order',
          token: founder,
          payload: { ids: [999999] },
          fields: ['ids'],
        },
        {
          method: 'PUT',
          url: '/api/v1/admin/banners/999999',
          token: founder,
          payload: banner(),
          status: 404,
        },
      ],
    });
  });
});

describe('who may write', () => {
  it('anonymous 401, learner 403, college 403 on every write; nothing written', async () => {
    const writes = [
      { method: 'PUT' as const, url: '/api/v1/admin/portal-home/draft', payload: layout() },
      { method: 'POST' as const, url: '/api/v1/admin/portal-home/publish', payload: {} },
      { method: 'POST' as const, url: '/api/v1/admin/banners', payload: { title: 'x' } },
      { method: 'PUT' as const, url: '/api/v1/admin/banners/1', payload: { title: 'x' } },
      { method: 'PUT' as const, url: '/api/v1/admin/banners/order', payload: { ids: [1] } },
      { method: 'DELETE' as const, url: '/api/v1/admin/banners/1' },
      { method: 'GET' as const, url: '/api/v1/admin/portal-home' },
      { method: 'GET' as const, url: '/api/v1/admin/banners' },
    ];
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [portalHome, banners],
      calls: [
        ...writes.map((w) => ({ ...w, status: 401 })),
        ...writes.map((w) => ({ ...w, token: learner, status: 403 })),
        ...writes.map((w) => ({ ...w, token: college, status: 403 })),
      ],
    });
  });

  it('the public layout needs no sign-in', async () => {
    const res = await call('GET', '/v1/portal/home');
    expect(res.statusCode).toBe(200);
    expect((res.json() as PortalHomeLayout).sections.length).toBeGreaterThan(0);
  });
});
