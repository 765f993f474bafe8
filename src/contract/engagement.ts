import { z } from './zod-setup.js';

// The results of the bot's birthday and daily-bonus functions in the cabinet:
// `GET /lk/api/projects/{id}/features/birthday/results` and `…/features/daily_bonus/results`,
// shown on the action's page `/dashboard/action/{id}/engagement`.

/** The months as the birthday buttons name them (the catalogue holds only single texts). */
export const MONTH_NAMES = [
  'Январь',
  'Февраль',
  'Март',
  'Апрель',
  'Май',
  'Июнь',
  'Июль',
  'Август',
  'Сентябрь',
  'Октябрь',
  'Ноябрь',
  'Декабрь',
] as const;

/** A shopper as the lists show them: Telegram's first name, else @username, else nothing (the id shows). */
export const shopperName = (row: { buyerTgId: string; firstName: string | null; username: string | null }) => ({
  buyer_tg_id: row.buyerTgId,
  name: row.firstName ?? (row.username ? `@${row.username}` : null),
});

const shopper = {
  buyer_tg_id: z.string(),
  /** Telegram's first name, else @username, else null (the id is shown then). */
  name: z.string().nullable(),
};

export const birthdayResultsSchema = z.object({
  /** Who gave their date, the latest first (at most 500). */
  given: z.array(z.object({ ...shopper, date: z.string(), given_at: z.string() })),
  /** Who was greeted this Moscow month, the latest first. */
  greeted: z.array(z.object({ ...shopper, points: z.number().int(), greeted_at: z.string() })),
});
export type BirthdayResults = z.infer<typeof birthdayResultsSchema>;

const dailyTotals = z.object({ shoppers: z.number().int(), points: z.number().int() });

export const dailyBonusResultsSchema = z.object({
  /** Today's Moscow day, 'YYYY-MM-DD'. */
  today: z.string(),
  today_totals: dailyTotals,
  month_totals: dailyTotals,
  /** This Moscow month's bonuses, the latest first (at most 500). */
  claims: z.array(z.object({ ...shopper, day: z.string(), points: z.number().int(), claimed_at: z.string() })),
});
export type DailyBonusResults = z.infer<typeof dailyBonusResultsSchema>;
