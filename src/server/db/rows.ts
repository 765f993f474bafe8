/** Rows of a raw `db.execute(sql…)`: node-postgres and PGlite both answer `{ rows }`; drizzle's types do not say so. */
export function rowsOf<Row = Record<string, unknown>>(result: unknown): Row[] {
  return ((result as { rows?: Row[] }).rows ?? (result as Row[])) as Row[];
}

/** A json or jsonb column of a raw statement's row: PGlite and node-postgres answer it parsed; a driver that answers its text gets it parsed. */
export function jsonOf<T>(value: T | string | null): T | null {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T | null;
}
