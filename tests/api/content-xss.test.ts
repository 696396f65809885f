// Stored XSS: every case of the corpus (tests/helpers/xss-corpus.ts) saved through every rich-text field of
// articles comes back harmless from both the back office's answer and the public one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, request, type Json, type TestContext } from '../helpers/api.ts';
import { multipart, png } from '../helpers/enrollments.ts';
import { checkCorpus, harmfulParts, XSS_CORPUS } from '../helpers/xss-corpus.ts';

let ctx: TestContext;
let founder: string;
let imageUrl: string;

beforeAll(async () => {
  ctx = await createTestApp();
  founder = await login(ctx.app, 'founder', 'administrators');
  const res = await request(ctx.app, {
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
  expect(res.statusCode, res.body).toBe(201);
  imageUrl = (res.json() as { url: string }).url;
});
afterAll(() => ctx.close());

const call = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: Json) =>
  request(ctx.app, { method, url, ...(token ? { token } : {}), ...(payload ? { payload } : {}) });

describe('rich text of articles', () => {
  it('has a corpus of at least 40 cases', () => {
    expect(XSS_CORPUS.length).toBeGreaterThanOrEqual(40);
  });

  it('the checker itself flags what it must', () => {
    expect(harmfulParts('<img src="x" onerror="alert(1)">')).not.toEqual([]);
    expect(harmfulParts('<a href="javascript:alert(1)">x</a>')).not.toEqual([]);
    expect(harmfulParts('<svg></svg>')).not.toEqual([]);
    expect(harmfulParts(`<p><a href="/news">x</a><img src="${imageUrl}"></p>`)).toEqual([]);
  });

  for (const kind of ['news', 'notice', 'job'] as const) {
    it(`comes back harmless from the ${kind} body, in the admin and the public answers`, async () => {
      const failures = await checkCorpus(imageUrl, async (html, name) => {
        const made = await call('POST', '/api/v1/admin/articles', founder, {
          kind,
          title: `XSS ${name}`.slice(0, 120),
          body: html,
          ...(kind === 'job' ? { employer: '测试单位' } : {}),
        });
        if (made.statusCode === 422) return null;
        expect(made.statusCode, `${name}: ${made.body}`).toBe(201);
        const { id, body } = made.json() as { id: number; body: string };
        // Saved again through the edit form, as an editor reopening it would.
        const edited = await call('PUT', `/api/v1/admin/articles/${id}`, founder, {
          kind,
          title: `XSS ${name}`.slice(0, 120),
          body: `${html}${body}`,
          ...(kind === 'job' ? { employer: '测试单位' } : {}),
        });
        expect(edited.statusCode, `${name}: ${edited.body}`).toBe(200);
        await call('POST', `/api/v1/admin/articles/${id}/publish`, founder, {});
        const admin = await call('GET', `/api/v1/admin/articles/${id}`, founder);
        const published = await call('GET', `/api/v1/articles/${id}`);
        expect(published.statusCode).toBe(200);
        return [body, (edited.json() as { body: string }).body, admin.json().body, published.json().body];
      });
      expect(failures).toEqual({});
    });
  }

  it('keeps what an editor writes: headings, emphasis, lists, quotes, tables, safe links and own images', async () => {
    const body = [
      '<h2>标题</h2><h3>小标题</h3><h4>更小</h4>',
      '<p><strong>粗</strong><em>斜</em><u>下划线</u><s>删除</s><br /></p>',
      '<blockquote><p>引用</p></blockquote><ol><li>一</li></ol><ul><li>二</li></ul>',
      '<table><tbody><tr><th colspan="2">表头</th></tr><tr><td rowspan="1">格</td></tr></tbody></table>',
      `<p><a href="/news">站内</a><a href="mailto:a@b.cn">邮件</a><a href="tel:051266001234">电话</a><img src="${imageUrl}" alt="图" /></p>`,
    ].join('');
    const made = await call('POST', '/api/v1/admin/articles', founder, { kind: 'news', title: '排版', body });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().body).toBe(body);
    const external = await call('POST', '/api/v1/admin/articles', founder, {
      kind: 'news',
      title: '外链',
      body: '<p><a href="https://www.mohrss.gov.cn/">人社部</a></p>',
    });
    expect(external.json().body).toBe(
      '<p><a href="https://www.mohrss.gov.cn/" target="_blank" rel="noopener noreferrer">人社部</a></p>',
    );
  });
});
