// @vitest-environment node
import { parseAst } from 'rolldown/parseAst';
import { describe, expect, it } from 'vitest';
import { annotateSchemaBuilders, stripAnswerSchemas } from '../../../scripts/web/answer-schemas.ts';

const strip = (code: string) => stripAnswerSchemas(code, (source) => parseAst(source));
const annotate = (code: string) => annotateSchemaBuilders(code, (source) => parseAst(source));
const PURE = '/* @__PURE__ */ ';

describe('answer schemas left out of production builds', () => {
  it('replaces the answer schema of api calls, firstAnswer and learnerGet with null', () => {
    const code = [
      "import { api, firstAnswer } from '../../lib/api/client.ts';",
      "import { learnerGet } from '../../lib/offline/learner-cache.ts';",
      "import { siteAnswer, siteListAnswer, captchaResponseSchema } from '../../../shared/sites/schema.ts';",
      "import { listOf, noContentAnswer, withRefusal } from '../../../shared/api/answers.ts';",
      "export const fetchSites = (q) => api.get('/v1/sites', siteListAnswer, { params: q });",
      "export const saveSite = (input) => api.post('/v1/sites', siteAnswer, input, ADMIN);",
      'export const dropSite = (id) => api.delete(`/v1/sites/${id}`, noContentAnswer, undefined, ADMIN);',
      "export const apply = (x) => api.put('/v1/apply', withRefusal(siteAnswer), x);",
      "export const captcha = () => api.get('/v1/captcha', captchaResponseSchema);",
      "export const first = () => firstAnswer('/v1/home', listOf(siteAnswer), { page: 1 });",
      "export const mine = () => learnerGet('/v1/mine', siteListAnswer, { page: 1 });",
    ].join('\n');
    const out = strip(code);
    expect(out).toContain("api.get('/v1/sites', null, { params: q })");
    expect(out).toContain("api.post('/v1/sites', null, input, ADMIN)");
    expect(out).toContain('api.delete(`/v1/sites/${id}`, null, undefined, ADMIN)');
    expect(out).toContain("api.put('/v1/apply', null, x)");
    expect(out).toContain("api.get('/v1/captcha', null)");
    expect(out).toContain("firstAnswer('/v1/home', null, { page: 1 })");
    expect(out).toContain("learnerGet('/v1/mine', null, { page: 1 })");
    // The shared imports nothing reads any more go (the module of schemas is not loaded for them).
    expect(out).not.toContain('shared/sites/schema.ts');
    expect(out).not.toContain('shared/api/answers.ts');
    expect(out).toContain("from '../../lib/offline/learner-cache.ts'");
  });

  it('follows a local const holding a schema, and z chains', () => {
    const code = [
      "import { z } from '../../../shared/api/zod.ts';",
      "import { siteAnswer } from '../../../shared/sites/schema.ts';",
      'const pageAnswer = siteAnswer.extend({ extra: z.string() });',
      "export const a = () => api.get('/a', pageAnswer);",
      "export const b = () => api.patch('/b', z.object({ ok: z.boolean() }), {});",
    ].join('\n');
    const out = strip(code);
    expect(out).toContain("api.get('/a', null)");
    expect(out).toContain("api.patch('/b', null, {})");
    // Still read by the local schema (z too): both imports stay.
    expect(out).toContain("import { siteAnswer } from '../../../shared/sites/schema.ts';");
    expect(out).toContain("import { z } from '../../../shared/api/zod.ts';");
  });

  it('leaves the unchecked forms and other arguments alone', () => {
    const code = [
      "import { api, firstAnswer } from '../../lib/api/client.ts';",
      "import { PORTAL_QUERY } from '../../../shared/portal/constants.ts';",
      "const ADMIN = { apiType: 'administrators' };",
      "export const a = (q) => api.get('/a', { params: q });",
      "export const b = (body) => api.post('/b', body, ADMIN);",
      "export const c = () => api.get('/c', ADMIN);",
      "export const d = () => firstAnswer('/d', PORTAL_QUERY);",
      'export const e = (schema, url) => api.get(url, schema, ADMIN);',
      "export const f = (other) => other.get('/f', ADMIN);",
    ].join('\n');
    expect(strip(code)).toBeNull();
  });

  it('answers null for a module without API calls', () => {
    expect(strip("export const x = 1; console.log('api.get');")).toBeNull();
  });
});

describe('schema builders marked pure', () => {
  it('marks z chains, shared helpers and chains on a schema, once per chain', () => {
    const code = [
      "import { z } from '../api/zod.ts';",
      "import { listOf } from '../api/answers.ts';",
      "import { baseSchema } from './base.ts';",
      'export const site = z.object({ id: z.number().int(), name: z.string().nullable() });',
      'export const sites = listOf(site);',
      'export const more = baseSchema.extend({ x: z.string() }).nullable();',
    ].join('\n');
    const out = annotate(code) ?? '';
    expect(out).toContain(
      `site = ${PURE}z.object({ id: ${PURE}z.number().int(), name: ${PURE}z.string().nullable() })`,
    );
    expect(out).toContain(`sites = ${PURE}listOf(site)`);
    expect(out).toContain(`more = ${PURE}baseSchema.extend({ x: ${PURE}z.string() }).nullable()`);
    expect(out.split(PURE)).toHaveLength(7);
  });

  it('leaves zod configuration, parses and other calls alone', () => {
    const code = [
      "import { z, config } from 'zod';",
      'z.config({ jitless: true });',
      'config({ jitless: true });',
      'export const check = (schema, value) => schema.parse(value);',
      'export const name = (value) => z.string().min(1).parse(value);',
      'export const safe = (value) => z.string().safeParse(value);',
      "export const list = [1, 2].map((n) => n + 1).join(',');",
    ].join('\n');
    expect(annotate(code)).toBeNull();
  });
});
