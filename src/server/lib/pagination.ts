// List answers of the paginated endpoints: `{ data, meta: { total, page, limit } }` (spec §9).
import type { ListResponse } from '../../shared/api/errors.ts';

export const listAnswer = <T>(data: T[], total: number, page: number, limit: number): ListResponse<T> => ({
  data,
  meta: { total, page, limit },
});

export const offsetOf = (page: number, limit: number) => (page - 1) * limit;

/**
 * A list's total without a second query when the first page already holds the whole list (a learner's
 * own tickets and scores nearly always fit on it; the score and ticket pages are the hot learner reads).
 */
export async function listTotal(
  shown: number,
  page: { page: number; limit: number },
  countAll: () => Promise<number>,
) {
  if (page.page === 1 && shown < page.limit) return shown;
  return countAll();
}
