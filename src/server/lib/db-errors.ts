// Recognising PostgreSQL errors the services answer as domain errors (a duplicate becomes a 409).

/** PostgreSQL unique_violation, as thrown by pg or PGlite (possibly wrapped by drizzle). */
export function isUniqueViolation(error: unknown): boolean {
  for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return true;
  }
  return false;
}
