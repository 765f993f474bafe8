import { sql } from 'drizzle-orm';
import type { SegmentCondition } from '../../platform/manifest.js';

/** «День рождения в месяце»: the shopper gave a birthday in that month. */
export const birthdaySegmentCondition: SegmentCondition = {
  async predicates({ projectId }, { birthday_month: month }) {
    if (month === undefined) return [];
    return [
      sql`EXISTS (SELECT 1 FROM buyer_birthdays b
        WHERE b.project_id = ${projectId}::int AND b.buyer_tg_id = shopper.buyer_tg_id AND b.month = ${month}::smallint)`,
    ];
  },
};
