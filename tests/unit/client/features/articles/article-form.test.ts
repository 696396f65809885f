// The article form's values → request body: job fields only for jobs, empty texts as null, and the shared
// schema's refusals land on the form's fields.
import { describe, expect, it } from 'vitest';
import { articleInputSchema } from '../../../../../src/shared/articles/schema.ts';
import {
  articleFormFrom,
  articleRequest,
  emptyArticleForm,
} from '../../../../../src/client/features/articles/article-form.ts';
import type { ArticleDetail } from '../../../../../src/client/features/articles/api.ts';

describe('article form', () => {
  it('sends a news item without job fields', () => {
    const values = { ...emptyArticleForm('news'), title: '新闻', employer: '不会发送', category_id: '3' };
    const input = articleRequest(values);
    expect(input).toEqual({
      kind: 'news',
      title: '新闻',
      category_id: 3,
      summary: '',
      body: '',
      cover_upload_id: null,
      attachments: [],
    });
    expect(articleInputSchema.safeParse(input).success).toBe(true);
  });

  it('sends a job with its fields, empty ones as null, and the schema checks the salary range', () => {
    const values = {
      ...emptyArticleForm('job'),
      title: '岗位',
      employer: '某公司',
      salary_min: 9000,
      salary_max: 5000,
      occupation_id: '2',
      level_required: '3',
    };
    const input = articleRequest(values);
    expect(input).toMatchObject({
      employer: '某公司',
      occupation_id: 2,
      level_required: 3,
      place: null,
      deadline: null,
      contact_phone: null,
    });
    const checked = articleInputSchema.safeParse(input);
    expect(checked.success).toBe(false);
    expect(checked.error?.issues.map((i) => i.path.join('.'))).toEqual(['salary_max']);
  });

  it('opens an article with its values as the inputs hold them', () => {
    const article = {
      id: 1,
      kind: 'job',
      title: '岗位',
      summary: '',
      body: '<p>x</p>',
      category_id: null,
      category_name: null,
      cover_upload_id: null,
      cover_url: null,
      state: 'draft',
      scheduled: false,
      pinned: false,
      publish_at: null,
      withdrawn_at: null,
      view_count: 0,
      employer: '某公司',
      occupation_id: 2,
      occupation_name: '电工',
      level_required: 4,
      place: null,
      salary_min: 5000,
      salary_max: null,
      deadline: '2026-12-31',
      contact_name: null,
      contact_phone: null,
      application_count: 0,
      created_at: '2026-11-27T00:00:00.000Z',
      updated_at: '2026-11-27T00:00:00.000Z',
      attachments: [],
    } satisfies ArticleDetail;
    expect(articleFormFrom(article)).toMatchObject({
      category_id: '',
      occupation_id: '2',
      level_required: '4',
      place: '',
      salary_min: 5000,
      salary_max: '',
      deadline: '2026-12-31',
    });
  });
});
