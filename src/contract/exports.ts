import { z } from './zod-setup.js';
import { userIdSchema } from './auth.js';
import { messages } from './messages.js';
import { buyersQuerySchema, receiptStatusFilterSchema } from './receipts.js';

/** CSV downloads: the same filters as the screen they come from, without paging. */
export const receiptsExportQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  project_filter: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  status: receiptStatusFilterSchema.optional(),
  /** `1`: one line per item of each receipt (its action, shopper and whether it counted) instead of one per receipt. */
  items: z
    .enum(['0', '1'], { error: messages.exports.itemsInvalid })
    .optional()
    .transform((value) => value === '1'),
});

export const buyersExportQuerySchema = buyersQuerySchema.pick({
  user_id: true,
  project_id: true,
  period_days: true,
  sort: true,
  order: true,
  suspicious: true,
});

export const balanceExportQuerySchema = z.object({ user_id: userIdSchema.optional() });

export const EXPORT_PATHS = {
  receipts: '/receipts/export.csv',
  buyers: '/buyers/export.csv',
  balance: '/balance/operations/export.csv',
} as const;

/** Russian header rows (the CSV is opened by accountants in Excel). */
export const EXPORT_HEADERS = {
  receipts: [
    'Дата проверки',
    'Дата чека',
    'Акция',
    'Покупатель',
    'Статус',
    'Сумма учтённых товаров, ₽',
    'Баллы',
    messages.points.ruleField,
    'Стоимость проверки, ₽',
    // A cancelled receipt (a return): when, why, the points taken back; empty on every other.
    'Дата отмены',
    messages.receiptCancel.reasonLabel,
    messages.receiptCancel.pointsCancelled,
  ],
  // `?items=1`: the receipt's own columns, then one of its items.
  receiptItems: [
    'Дата проверки',
    'Дата чека',
    'Акция',
    'Покупатель',
    'Статус чека',
    '№ позиции',
    'Товар',
    'Цена, ₽',
    'Количество',
    'Сумма, ₽',
    'ИНН поставщика',
    'Учтён в акции',
  ],
  // Level, points and the nearest expiry are an action's: empty over every action.
  buyers: [
    'ID покупателя',
    'Имя',
    'Username',
    'Успешных чеков',
    'Сумма, ₽',
    'Последняя покупка',
    'Уровень',
    'Доступно баллов',
    'Ожидают зачисления',
    'Сгорят баллов',
    'Дата сгорания',
    // Shared by the shopper with the action's bot (Telegram's «Поделиться номером»); empty where not.
    messages.buyerPhone.csvHeader,
  ],
  balance: ['Дата', 'Операция', 'Сумма, ₽', 'Баланс после, ₽'],
} as const;
