/** Rows of a raw `db.execute(sql…)`: node-postgres and PGlite wrap them alike, drizzle's types do not say so. */
export function rowsOf<Row>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}
