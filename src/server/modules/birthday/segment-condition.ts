import { sql } from 'drizzle-orm';
import type { SegmentCondition } from '../../platform/manifest.js';

/** «День рождения в месяце»: the shopper gave a birthday in that month (index `buyer_birthdays_month`). */
export const birthdaySegmentCondition: SegmentCondition = {
  async matches({ projectId }, { birthday_month: month }) {
    if (month === undefined) return [];
    return [{ shoppers: sql`SELECT buyer_tg_id FROM buyer_birthdays WHERE project_id = ${projectId}::int AND month = ${month}::smallint` }];
  },
};
