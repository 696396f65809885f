// A job's salary and level texts, shared by the job list rows and the job page.
import type { Translate } from '../../../lib/i18n/index.ts';
import { toThousands } from '../../../lib/utils/number.ts';
import type { ArticleRow } from '../api.ts';

export function salaryText(t: Translate, job: Pick<ArticleRow, 'salary_min' | 'salary_max'>): string {
  const min = job.salary_min ?? null;
  const max = job.salary_max ?? null;
  if (min !== null && max !== null)
    return t('news.job.salaryRange', { min: toThousands(min), max: toThousands(max) });
  if (min !== null) return t('news.job.salaryFrom', { min: toThousands(min) });
  if (max !== null) return t('news.job.salaryUpTo', { max: toThousands(max) });
  return t('news.job.negotiable');
}

export const levelText = (t: Translate, level: number | null | undefined) =>
  level ? t('news.job.levelValue', { n: level }) : t('news.job.noLevel');
