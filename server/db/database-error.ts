/**
 * What a failed statement says about itself: PostgreSQL's error code and the constraint it
 * broke. Drizzle wraps the driver's error (its `cause`), and node-postgres and PGlite both
 * report `code` and `constraint`; a driver error that names the constraint only in its message,
 * or not at all, counts too. One walker for every "the database refused it" decision (a slug or
 * a code taken, a place added twice, a variant that would go below zero).
 */
export const UNIQUE_VIOLATION = '23505';
export const CHECK_VIOLATION = '23514';

export function violatesConstraint(
  error: unknown,
  code: typeof UNIQUE_VIOLATION | typeof CHECK_VIOLATION,
  constraint: string,
): boolean {
  const seen = new Set<unknown>();
  for (let cause: unknown = error; cause && typeof cause === 'object' && !seen.has(cause); ) {
    seen.add(cause);
    const record = cause as { code?: unknown; constraint?: unknown; message?: unknown; cause?: unknown };
    if (
      record.code === code &&
      (record.constraint === constraint || record.constraint === undefined || String(record.message).includes(constraint))
    )
      return true;
    cause = record.cause;
  }
  return false;
}
