import { sql } from 'drizzle-orm';
import type { SegmentCondition } from '../../platform/manifest.js';

/**
 * «День рождения в месяце»: the shopper gave a birthday in that month (index `buyer_birthdays_month`).
 * How many of the action's shoppers did: the month's birthdays less those given by someone not its
 * shopper yet (`buyer_birthday_outsiders`, few), so a count reads the month's index entries and
 * looks none of them up. With a minimum balance, a spending or a recency asked too, a count starts
 * from the action's balances or buyers of the month (`birthday_month` kept on `buyer_points` and
 * `buyer_stats` by functions/buyer_points_birthday_month.sql and buyer_stats_birthday_month.sql, an
 * index on each) rather than every birthday of it.
 */
export const birthdaySegmentCondition: SegmentCondition = {
  async matches({ projectId }, { birthday_month: month }) {
    if (month === undefined) return [];
    return [
      {
        shoppers: sql`SELECT buyer_tg_id FROM buyer_birthdays WHERE project_id = ${projectId}::int AND month = ${month}::smallint`,
        size: sql`SELECT (SELECT count(*) FROM buyer_birthdays WHERE project_id = ${projectId}::int AND month = ${month}::smallint)
          - (SELECT count(*) FROM buyer_birthday_outsiders WHERE project_id = ${projectId}::int AND month = ${month}::smallint)`,
        kept: (row) => sql`${row}.birthday_month = ${month}::smallint`,
      },
    ];
  },
};
