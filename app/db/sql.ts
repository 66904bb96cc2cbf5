/** Small SQL helpers shared by every feature's queries. */

/**
 * A case-insensitive "contains" pattern for ILIKE: `%text%` with `\`, `%` and `_` escaped so the
 * visitor's or staff member's text matches literally (PostgreSQL's default escape character `\`).
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** True for PostgreSQL's unique-violation error (SQLSTATE 23505), however the driver wraps it. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e && typeof e === "object"; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === "23505") return true;
  }
  return false;
}
