// Every numeric id (a body or query `*_id`, a path's `:id`) is checked against this one schema. Ids
// are PostgreSQL `integer` columns: a larger number never names a row, and sent to the database it fails
// the query instead of finding nothing, so it is refused here as a field error (spec §8).
import { z } from './zod.ts';

/** The largest PostgreSQL `integer`, the type of every id column. */
export const MAX_ID = 2_147_483_647;

/** A row id from a form, query or path (strings are coerced); `label` names the thing to choose. */
export const idSchema = (label?: string) => {
  const missing = label ? `请选择${label}` : '编号无效';
  return z.coerce
    .number({ error: missing })
    .int(missing)
    .min(1, missing)
    .max(MAX_ID, label ? `${label}编号无效` : '编号无效');
};

/** The `:id` of a path such as /v1/enrollments/:id. */
export const idParams = z.object({ id: idSchema() });
