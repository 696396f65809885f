import { z } from './zod.ts';
import { PAGINATION } from './constants.ts';

/** Every list endpoint takes page and limit (PRODUCT.md §2). */
export const paginationQuery = z.object({
  page: z.coerce.number().int().min(1).default(PAGINATION.page),
  limit: z.coerce.number().int().min(1).max(PAGINATION.maxLimit).default(PAGINATION.limit),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;
