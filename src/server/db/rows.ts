/** Rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`; drizzle's types do not say so. */
export function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}
