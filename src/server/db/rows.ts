/** Rows of drizzle's execute(): node-postgres answers `{ rows }`, PGlite too, older drivers an array. */
export function rowsOf(result: unknown): Record<string, unknown>[] {
  return ((result as { rows?: Record<string, unknown>[] }).rows ?? (result as Record<string, unknown>[])) as Record<string, unknown>[];
}
