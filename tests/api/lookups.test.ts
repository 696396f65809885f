import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ethnicGroups } from '../../src/server/db/schema/index.ts';
import { ensureLookups } from '../../src/server/lookups/service.ts';
import { createTestApp, request, type TestContext } from '../helpers/api.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

interface Named {
  id?: number;
  code?: string;
  name: string;
}
const names = (body: unknown) => (body as { data: Named[] }).data.map((item) => item.name);
const get = (url: string, headers: Record<string, string> = {}) =>
  request(ctx.app, { method: 'GET', url, headers });

describe('lookup lists', () => {
  it('lists the 56 recognised ethnic groups in GB 3304 order, then 其他 and 外国血统中国籍人士', async () => {
    const res = await get('/api/v0/ethnic-groups');
    expect(res.statusCode).toBe(200);
    const list = names(res.json());
    expect(list).toHaveLength(58);
    expect(list.slice(0, 4)).toEqual(['汉族', '蒙古族', '回族', '藏族']);
    expect(list[55]).toBe('基诺族');
    expect(list.slice(56)).toEqual(['其他', '外国血统中国籍人士']);
    expect(new Set(list).size).toBe(58);
    for (const item of (res.json() as { data: Named[] }).data) {
      expect(Object.keys(item).sort()).toEqual(['id', 'name']);
      expect(Number.isInteger(item.id)).toBe(true);
    }
  });

  it('lists political affiliations, educational backgrounds and user sources', async () => {
    const political = names((await get('/api/v0/political-affiliations')).json());
    expect(political[0]).toBe('中共党员');
    expect(political).toContain('共青团员');
    expect(political).toContain('九三学社社员');
    expect(political.at(-1)).toBe('群众');
    expect(political).toHaveLength(13);

    const education = names((await get('/api/v0/educational-backgrounds')).json());
    expect(education.slice(0, 4)).toEqual(['博士研究生', '硕士研究生', '大学本科', '大学专科']);
    expect(education).toContain('技工学校');

    const sources = names((await get('/api/v0/user-sources')).json());
    expect(sources).toEqual(expect.arrayContaining(['社会人员', '在校学生', '企业职工', '退役军人']));
  });

  it('is public and cacheable: strong ETag, Cache-Control, 304 on If-None-Match', async () => {
    const first = await get('/api/v0/ethnic-groups');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(first.headers['content-type']).toContain('application/json');

    const again = await get('/api/v0/ethnic-groups', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const weak = await get('/api/v0/ethnic-groups', { 'if-none-match': `"other", W/${etag}` });
    expect(weak.statusCode).toBe(304);

    const stale = await get('/api/v0/ethnic-groups', { 'if-none-match': '"stale"' });
    expect(stale.statusCode).toBe(200);
    expect(names(stale.json())).toHaveLength(58);

    const other = await get('/api/v0/political-affiliations');
    expect(other.headers.etag).not.toBe(etag);
  });

  it('serves an edited list at once after the write, with a new ETag', async () => {
    const before = await get('/api/v0/ethnic-groups');
    await ctx.app.db
      .update(ethnicGroups)
      .set({ enabled: false })
      .where(eq(ethnicGroups.name, '外国血统中国籍人士'));
    const after = await get('/api/v0/ethnic-groups', { 'if-none-match': before.headers.etag as string });
    expect(after.statusCode).toBe(200);
    expect(names(after.json())).not.toContain('外国血统中国籍人士');
    expect(after.headers.etag).not.toBe(before.headers.etag);
    await ctx.app.db
      .update(ethnicGroups)
      .set({ enabled: true })
      .where(eq(ethnicGroups.name, '外国血统中国籍人士'));
  });

  it('keeps administrator edits when the reference data runs again at start-up', async () => {
    const db = ctx.app.db;
    await db.update(ethnicGroups).set({ name: '其他民族' }).where(eq(ethnicGroups.name, '其他'));
    await ensureLookups(db);
    const list = names((await get('/api/v0/ethnic-groups')).json());
    expect(list).toHaveLength(58);
    expect(list).toContain('其他民族');
    expect(list).not.toContain('其他');
  });
});

describe('regions (GB/T 2260)', () => {
  it('cascades province → city → county with real codes', async () => {
    const provinces = (await get('/api/v1/skill-tests/region/province')).json() as { data: Named[] };
    expect(provinces.data).toContainEqual({ code: '32', name: '江苏省' });
    expect(provinces.data).toContainEqual({ code: '11', name: '北京市' });
    expect(provinces.data).toContainEqual({ code: '65', name: '新疆维吾尔自治区' });
    expect(provinces.data.length).toBeGreaterThanOrEqual(31);

    const cities = (await get('/api/v1/skill-tests/region/citie?province_code=32')).json() as {
      data: Named[];
    };
    expect(cities.data[0]).toEqual({ code: '3201', name: '南京市' });
    expect(cities.data).toHaveLength(13);
    expect(cities.data.every((city) => city.code?.startsWith('32'))).toBe(true);

    const areas = (await get('/api/v1/skill-tests/region/area?city_code=3201')).json() as { data: Named[] };
    expect(areas.data).toContainEqual({ code: '320102', name: '玄武区' });
    expect(areas.data.every((area) => area.code?.startsWith('3201'))).toBe(true);
  });

  it('accepts code or parent_code as the parent', async () => {
    const byCode = await get('/api/v1/skill-tests/region/citie?code=44');
    expect(names(byCode.json())).toContain('深圳市');
    const byParent = await get('/api/v1/skill-tests/region/area?parent_code=4403');
    expect(names(byParent.json())).toContain('南山区');
  });

  it('refuses a missing, malformed or unknown parent with a 422 field error', async () => {
    const missing = await get('/api/v1/skill-tests/region/citie');
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toMatchObject({ errors: { province_code: [expect.any(String)] } });

    const unknown = await get('/api/v1/skill-tests/region/citie?province_code=99');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors.province_code[0]).toBe('省份不存在');

    const malformed = await get('/api/v1/skill-tests/region/area?city_code=abc');
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors).toHaveProperty('city_code');

    const unknownCity = await get('/api/v1/skill-tests/region/area?city_code=3299');
    expect(unknownCity.statusCode).toBe(422);
    expect(unknownCity.json().errors.city_code[0]).toBe('城市不存在');
  });

  it('is cacheable with ETag and 304', async () => {
    const first = await get('/api/v1/skill-tests/region/area?city_code=3201');
    expect(first.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
    const again = await get('/api/v1/skill-tests/region/area?city_code=3201', {
      'if-none-match': first.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
    const otherCity = await get('/api/v1/skill-tests/region/area?city_code=3202');
    expect(otherCity.headers.etag).not.toBe(first.headers.etag);
  });
});
