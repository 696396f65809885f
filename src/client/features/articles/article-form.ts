// The article form's values (as the inputs hold them) and the request body they stand for, which the shared
// schema checks in the form: job fields go out only for jobs, empty texts as null.
import type { ArticleAttachment, ArticleDetail, ArticleInput, ArticleKind } from './api.ts';

export interface ArticleFormValues {
  kind: ArticleKind;
  title: string;
  /** '' for none. */
  category_id: string;
  summary: string;
  body: string;
  cover: { id: string; url: string } | null;
  attachments: ArticleAttachment[];
  employer: string;
  occupation_id: string;
  level_required: string;
  place: string;
  salary_min: number | string;
  salary_max: number | string;
  /** YYYY-MM-DD or ''. */
  deadline: string;
  contact_name: string;
  contact_phone: string;
}

export const emptyArticleForm = (kind: ArticleKind): ArticleFormValues => ({
  kind,
  title: '',
  category_id: '',
  summary: '',
  body: '',
  cover: null,
  attachments: [],
  employer: '',
  occupation_id: '',
  level_required: '',
  place: '',
  salary_min: '',
  salary_max: '',
  deadline: '',
  contact_name: '',
  contact_phone: '',
});

const text = (value: string | null) => value ?? '';

export const articleFormFrom = (article: ArticleDetail): ArticleFormValues => ({
  kind: article.kind,
  title: article.title,
  category_id: article.category_id ? String(article.category_id) : '',
  summary: article.summary,
  body: article.body,
  cover:
    article.cover_upload_id && article.cover_url
      ? { id: article.cover_upload_id, url: article.cover_url }
      : null,
  attachments: article.attachments,
  employer: text(article.employer),
  occupation_id: article.occupation_id ? String(article.occupation_id) : '',
  level_required: article.level_required ? String(article.level_required) : '',
  place: text(article.place),
  salary_min: article.salary_min ?? '',
  salary_max: article.salary_max ?? '',
  deadline: text(article.deadline),
  contact_name: text(article.contact_name),
  contact_phone: text(article.contact_phone),
});

const orNull = (value: string) => (value.trim() === '' ? null : value);
const amount = (value: number | string) => (value === '' ? null : Number(value));

export function articleRequest(values: ArticleFormValues): ArticleInput {
  const common = {
    kind: values.kind,
    title: values.title,
    category_id: values.category_id ? Number(values.category_id) : null,
    summary: values.summary,
    body: values.body,
    cover_upload_id: values.cover?.id ?? null,
    attachments: values.attachments.map((a) => a.id),
  };
  if (values.kind !== 'job') return common;
  return {
    ...common,
    employer: orNull(values.employer),
    occupation_id: values.occupation_id ? Number(values.occupation_id) : null,
    level_required: values.level_required ? Number(values.level_required) : null,
    place: orNull(values.place),
    salary_min: amount(values.salary_min),
    salary_max: amount(values.salary_max),
    deadline: orNull(values.deadline),
    contact_name: orNull(values.contact_name),
    contact_phone: orNull(values.contact_phone),
  };
}
