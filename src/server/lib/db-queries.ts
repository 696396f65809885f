// Raw and prepared queries, the same on PostgreSQL and PGlite.
import type { DbOrTx } from '../db/client.ts';

/** The rows of a drizzle `execute` answer (the same shape on pg and PGlite). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

const preparedByDb = new WeakMap<object, Map<string, unknown>>();

/**
 * A prepared query, built once per database handle. Building a many-column drizzle query costs more than
 * PGlite takes to run it, so the learners' hot reads (scores, tickets) reuse theirs; on PostgreSQL the
 * name also makes it a server-side prepared statement per connection.
 */
export function preparedQuery<T>(db: DbOrTx, name: string, build: (name: string) => T): T {
  let byName = preparedByDb.get(db);
  if (!byName) {
    byName = new Map();
    preparedByDb.set(db, byName);
  }
  if (!byName.has(name)) byName.set(name, build(name));
  return byName.get(name) as T;
}
