import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../src/server/db/connection.js';
import { rowsOf } from '../../src/server/db/rows.js';

/**
 * `db` whose transactions explain each statement before running it, into `plans` (JSON, one a
 * statement), with `settings` (`set_config` pairs) set first for the transaction: planner costs a
 * test tilts toward a plan the code must not take (index pages a thousand times dearer than a
 * page read in sequence makes a sort of every row look cheaper than an ordered index read).
 */
export function explainingTransactions(db: Db, plans: string[], settings: Record<string, string>): Db {
  const bound = <T extends object>(target: T, wrap: (property: string | symbol, value: unknown) => unknown) =>
    new Proxy(target, {
      get(object, property) {
        const value: unknown = Reflect.get(object, property);
        return wrap(property, typeof value === 'function' ? value.bind(object) : value);
      },
    });
  return bound(db, (property, value) =>
    property !== 'transaction'
      ? value
      : (work: (tx: Db) => Promise<unknown>) =>
          db.transaction(async (tx) => {
            for (const [name, setting] of Object.entries(settings)) await tx.execute(sql`SELECT set_config(${name}, ${setting}, true)`);
            return work(
              bound(tx, (name, execute) =>
                name !== 'execute'
                  ? execute
                  : async (query: SQL) => {
                      plans.push(JSON.stringify(rowsOf(await tx.execute(sql`EXPLAIN (FORMAT JSON) ${query}`))));
                      return tx.execute(query);
                    },
              ) as Db,
            );
          }),
  );
}

/** The plan of the first explained `UPDATE`. */
export const updatePlan = (plans: readonly string[]) => plans.find((plan) => plan.includes('"Operation":"Update"'));

/** Any sort node: a full sort, or an incremental one over groups of equal leading keys. */
export const SORT_NODE = /"Node Type":"(Incremental )?Sort"/;
