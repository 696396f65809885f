// The download centre: CRUD for the DownloadCenter page's roles, versions (a new file is version n + 1,
// older ones listed for staff), the public list of published files and the counted download; anonymous,
// learner and college callers cannot write; bad input is a 422 that writes nothing.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentCategories,
  contentDailyCounts,
  downloadVersions,
  downloads,
} from '../../src/server/db/schema/index.ts';
import {
  createTestApp,
  expectRejectedWithoutWrite,
  login,
  request,
  type Json,
  type TestContext,
} from '../helpers/api.ts';
import { DEMO_DATA_DIR, multipart } from '../helpers/enrollments.ts';
import { docx, xlsx } from '../helpers/content-files.ts';

let ctx: TestContext;
let founder: string;
let manager: string;
let college: string;
let learner: string;
let formsCategory: number;
let otherKindCategory: number;

beforeAll(async () => {
  ctx = await createTestApp({ DATA_DIR: DEMO_DATA_DIR });
  founder = await login(ctx.app, 'founder', 'administrators');
  manager = await login(ctx.app, 'manager', 'administrators');
  college = await login(ctx.app, 'college', 'administrators');
  learner = await login(ctx.app, 'learner', 'learners');
  const [forms] = await ctx.app.db
    .insert(contentCategories)
    .values({ kind: 'download', name: '测试表格' })
    .returning();
  const [news] = await ctx.app.db
    .insert(contentCategories)
    .values({ kind: 'news', name: '测试新闻' })
    .returning();
  formsCategory = forms!.id;
  otherKindCategory = news!.id;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, payload?: unknown) =>
  request(ctx.app, {
    method,
    url: `/api${url}`,
    token,
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });

async function uploadFile(name: string, content: Buffer, kind = 'content_file') {
  const res = await request(ctx.app, {
    method: 'POST',
    url: '/api/v1/uploads',
    token: founder,
    ...multipart(kind, name, content),
  });
  expect(res.statusCode).toBe(201);
  return res.json<Json>().id as string;
}

describe('download centre', () => {
  it('creates a file with its first version, lists it publicly and counts each download', async () => {
    const uploadId = await uploadFile('报名申请表.docx', docx());
    const created = await call('POST', '/v1/admin/downloads', founder, {
      title: '报名申请表',
      description: '填写后随材料提交',
      category_id: formsCategory,
      upload_id: uploadId,
    });
    expect(created.statusCode).toBe(201);
    const row = created.json<Json>();
    expect(row).toMatchObject({
      title: '报名申请表',
      category: { id: formsCategory, name: '测试表格' },
      version: 1,
      file_name: '报名申请表.docx',
      file_type: 'word',
      published: true,
      download_count: 0,
    });
    const id = row.id as number;

    const list = await call('GET', `/v1/downloads?category_id=${formsCategory}`);
    expect(list.statusCode).toBe(200);
    const listed = list.json<{ data: Json[]; meta: Json }>();
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({ id, version: 1, file_type: 'word' });
    expect(listed.data[0]).not.toHaveProperty('upload_id');
    expect(
      (await call('GET', '/v1/downloads?keyword=申请表')).json<{ data: Json[] }>().data.map((d) => d.id),
    ).toContain(id);

    const file = await call('GET', `/v1/downloads/${id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(docx())).toBe(true);
    expect(file.headers['content-disposition']).toMatch(/^attachment; /);
    expect(file.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('报名申请表')}.docx`,
    );
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    await call('GET', `/v1/downloads/${id}/file`);
    const [stored] = await ctx.app.db.select().from(downloads).where(eq(downloads.id, id));
    expect(stored!.downloadCount).toBe(2);
    const days = await ctx.app.db.select().from(contentDailyCounts).where(eq(contentDailyCounts.itemId, id));
    expect(days.find((d) => d.itemType === 'download')?.count).toBe(2);
    expect(
      (await call('GET', `/v1/downloads?category_id=${formsCategory}`)).json<{ data: Json[] }>().data[0]!
        .download_count,
    ).toBe(2);
  });

  it('makes a new upload version n + 1; staff list and reach the older versions', async () => {
    const first = await uploadFile('名单模板.xlsx', xlsx());
    const id = (
      await call('POST', '/v1/admin/downloads', manager, {
        title: '名单模板',
        upload_id: first,
        note: '初版',
      })
    ).json<Json>().id as number;
    const second = await uploadFile('名单模板-2026.xlsx', xlsx());
    const added = await call('POST', `/v1/admin/downloads/${id}/versions`, manager, {
      upload_id: second,
      note: '新增列',
    });
    expect(added.statusCode).toBe(201);
    expect(added.json<Json>()).toMatchObject({ version: 2, file_name: '名单模板-2026.xlsx', category: null });
    const versions = await call('GET', `/v1/admin/downloads/${id}/versions`, founder);
    expect(versions.json<{ data: Json[] }>().data.map((v) => [v.version, v.note, v.file_name])).toEqual([
      [2, '新增列', '名单模板-2026.xlsx'],
      [1, '初版', '名单模板.xlsx'],
    ]);
    const old = versions.json<{ data: Json[] }>().data[1]!;
    expect(
      (await request(ctx.app, { method: 'GET', url: old.file_url as string, token: founder })).statusCode,
    ).toBe(200);
    const file = await call('GET', `/v1/downloads/${id}/file`);
    expect(file.headers['content-disposition']).toContain(encodeURIComponent('名单模板-2026'));
  });

  it('hides an unpublished file from the portal (404 on its file) and deletes with its versions', async () => {
    const uploadId = await uploadFile('内部.docx', docx());
    const id = (
      await call('POST', '/v1/admin/downloads', founder, {
        title: '内部文件',
        upload_id: uploadId,
        published: false,
      })
    ).json<Json>().id as number;
    expect((await call('GET', '/v1/downloads?keyword=内部文件')).json<{ data: Json[] }>().data).toHaveLength(
      0,
    );
    expect((await call('GET', `/v1/downloads/${id}/file`)).statusCode).toBe(404);
    expect(
      (await call('GET', '/v1/admin/downloads?keyword=内部文件', founder)).json<{ data: Json[] }>().data,
    ).toHaveLength(1);
    const edited = await call('PUT', `/v1/admin/downloads/${id}`, founder, {
      title: '公开文件',
      published: true,
      category_id: formsCategory,
    });
    expect(edited.json<Json>()).toMatchObject({ title: '公开文件', published: true, version: 1 });
    expect((await call('GET', `/v1/downloads/${id}/file`)).statusCode).toBe(200);
    expect((await call('DELETE', `/v1/admin/downloads/${id}`, founder)).statusCode).toBe(204);
    expect(
      await ctx.app.db.select().from(downloadVersions).where(eq(downloadVersions.downloadId, id)),
    ).toHaveLength(0);
    expect((await call('GET', `/v1/downloads/${id}/file`)).statusCode).toBe(404);
    expect((await call('GET', `/v1/admin/downloads/${id}`, founder)).statusCode).toBe(404);
  });

  it('refuses bad input with field messages and writes nothing', async () => {
    const uploadId = await uploadFile('a.docx', docx());
    const banner = await uploadFile(
      'b.png',
      Buffer.from(
        '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4f20000000049454e44ae426082',
        'hex',
      ),
      'banner',
    );
    const id = (
      await call('POST', '/v1/admin/downloads', founder, { title: '样表', upload_id: uploadId })
    ).json<Json>().id as number;
    const url = '/api/v1/admin/downloads';
    await expectRejectedWithoutWrite(ctx.app, {
      tables: [downloads, downloadVersions],
      calls: [
        {
          method: 'POST',
          url,
          token: founder,
          payload: { title: '', upload_id: uploadId },
          fields: ['title'],
        },
        { method: 'POST', url, token: founder, payload: { title: 'x' }, fields: ['upload_id'] },
        {
          method: 'POST',
          url,
          token: founder,
          payload: { title: 'x', upload_id: 'nope' },
          fields: ['upload_id'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: { title: 'x', upload_id: banner },
          fields: ['upload_id'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: { title: 'x', upload_id: uploadId, category_id: otherKindCategory },
          fields: ['category_id'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: { title: 'x', upload_id: uploadId, category_id: 2147480000 },
          fields: ['category_id'],
        },
        {
          method: 'POST',
          url,
          token: founder,
          payload: { title: 'x', upload_id: uploadId, description: 'd'.repeat(301) },
          fields: ['description'],
        },
        {
          method: 'POST',
          url: `${url}/${id}/versions`,
          token: founder,
          payload: { upload_id: '00000000-0000-4000-8000-000000000000' },
          fields: ['upload_id'],
        },
        {
          method: 'POST',
          url: `${url}/${id}/versions`,
          token: founder,
          payload: { upload_id: uploadId, note: 'n'.repeat(201) },
          fields: ['note'],
        },
        {
          method: 'POST',
          url: `${url}/2147480000/versions`,
          token: founder,
          payload: { upload_id: uploadId },
          status: 404,
        },
        { method: 'GET', url: '/api/v1/downloads?category_id=abc', fields: ['category_id'] },
      ],
    });
  });

  it('lets only the page roles in: 401 anonymous, 403 learner and college', async () => {
    for (const [token, status] of [
      [undefined, 401],
      [learner, 403],
      [college, 403],
    ] as const) {
      expect((await call('GET', '/v1/admin/downloads', token)).statusCode).toBe(status);
      expect((await call('POST', '/v1/admin/downloads', token, { title: 'x' })).statusCode).toBe(status);
      expect((await call('DELETE', '/v1/admin/downloads/1', token)).statusCode).toBe(status);
      expect((await call('POST', '/v1/admin/downloads/1/versions', token, {})).statusCode).toBe(status);
    }
  });
});
