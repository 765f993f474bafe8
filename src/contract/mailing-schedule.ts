import { z } from './zod-setup.js';
import { intId } from './ids.js';
import { formatDateTime } from './format.js';
import { fillMessage, messages } from './messages.js';

const m = messages.mailingSchedule;

// Scheduled and regular mailings, and a mailing's one inline button.

export const MAILING_REPEATS = ['weekly', 'monthly'] as const;
export type MailingRepeat = (typeof MAILING_REPEATS)[number];
/** Telegram shows at most this much of a button's text; longer ones are cut, so they are refused. */
export const BUTTON_TEXT_MAX = 64;
/** A scheduled mailing starts at least this far ahead (a time already passing is a mistake), and within a year. */
export const SEND_AT_MIN_AHEAD_MS = 60_000;
export const SEND_AT_MAX_AHEAD_MS = 365 * 24 * 3600_000;
/** Moscow keeps UTC+3 all year (since 2014). */
const MOSCOW_OFFSET = '+03:00';

const LOCAL_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/;
const ZONED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/i;

/**
 * A send time: an ISO time with its zone, or 'YYYY-MM-DDTHH:mm' (what a datetime-local field
 * gives) read as Moscow time, as every time a seller reads or types is Moscow's.
 */
export function parseSendAt(text: string): Date | null {
  const value = text.trim();
  const local = LOCAL_TIME.test(value);
  if (!local && !ZONED_TIME.test(value)) return null;
  const date = new Date(local ? `${value}${MOSCOW_OFFSET}` : value);
  if (Number.isNaN(date.getTime())) return null;
  // JavaScript rolls 30 February over into March: a day the calendar lacks is a typo, not a date.
  const shifted = local ? moscowLocalInput(date) : date.toISOString();
  if (shifted.slice(0, 10) !== value.slice(0, 10) && (local || /Z$/i.test(value))) return null;
  return date;
}

/** 'YYYY-MM-DDTHH:mm' in Moscow time: what the form's time field shows for a moment. */
export function moscowLocalInput(at: Date): string {
  return new Date(at.getTime() + 3 * 3600_000).toISOString().slice(0, 16);
}

export const sendAtSchema = z.string({ error: m.sendAtInvalid }).transform((value, ctx) => {
  const date = parseSendAt(value);
  if (!date) {
    ctx.addIssue({ code: 'custom', message: m.sendAtInvalid });
    return z.NEVER;
  }
  return date;
});

export const repeatSchema = z.enum(MAILING_REPEATS, { error: m.repeatInvalid });

const buttonTextSchema = z
  .string({ error: m.buttonTextRequired })
  .trim()
  .min(1, m.buttonTextRequired)
  .max(BUTTON_TEXT_MAX, fillMessage(m.buttonTextTooLong, { max: BUTTON_TEXT_MAX }));

/** `{ text, url }` a link, or `{ text, shop: true }` the action's shop Mini App (a product in it, with `product_id`). */
export const mailingButtonSchema = z
  .strictObject(
    {
      text: buttonTextSchema,
      url: z
        .string({ error: m.buttonUrlInvalid })
        .trim()
        .refine((url) => /^https?:\/\/[^\s/]+\S*$/i.test(url) && url.length <= 2000, m.buttonUrlInvalid)
        .optional(),
      shop: z.literal(true, { error: m.buttonInvalid }).optional(),
      product_id: intId(m.productInvalid).optional(),
    },
    { error: m.buttonInvalid },
  )
  .superRefine((button, ctx) => {
    // Exactly one target; a product only inside the shop.
    if ((button.url === undefined) === (button.shop === undefined) || (button.product_id !== undefined && !button.shop))
      ctx.addIssue({ code: 'custom', message: m.buttonInvalid });
  })
  .transform((button): { text: string; url: string } | { text: string; shop: true; product_id?: number } =>
    button.url !== undefined
      ? { text: button.text, url: button.url }
      : { text: button.text, shop: true, ...(button.product_id ? { product_id: button.product_id } : {}) },
  );
export type MailingButton = z.output<typeof mailingButtonSchema>;

/** The button as the history shows it. */
const buttonSummarySchema = z.union([
  z.object({ text: z.string(), url: z.string() }),
  z.object({ text: z.string(), shop: z.literal(true), product_id: z.number().int().optional() }),
]);

/** The scheduling fields of `POST /mailing/send`; the checks that need "now" are the server's. */
export const mailingScheduleFields = {
  send_at: sendAtSchema.nullish(),
  repeat: repeatSchema.nullish(),
  button: mailingButtonSchema.nullish(),
};

/** Cross-field rules of the scheduling fields, added to the send request's own. */
export function checkScheduleFields(
  body: { send_at?: Date | null; repeat?: MailingRepeat | null; button?: MailingButton | null; project_id?: number | null },
  ctx: z.RefinementCtx,
): void {
  if (body.repeat && !body.send_at) ctx.addIssue({ code: 'custom', path: ['send_at'], message: m.repeatNeedsSendAt });
  if (body.button && 'shop' in body.button && !body.project_id)
    ctx.addIssue({ code: 'custom', path: ['button'], message: m.shopButtonNeedsAction });
}

export const MAILING_SCHEDULE_STATUSES = ['scheduled', 'done', 'cancelled'] as const;

/** A scheduled or regular mailing in the history; its runs are mailings with its `schedule_id`. */
export const mailingScheduleSummarySchema = z.object({
  id: z.number().int(),
  status: z.enum(MAILING_SCHEDULE_STATUSES),
  repeat: z.enum(MAILING_REPEATS).nullable(),
  project_id: z.number().int().nullable(),
  project_name: z.string().nullable(),
  /** The ids given: each run's recipients, with the segment's shoppers of that moment when there is one. */
  total: z.number().int(),
  segment_id: z.number().int().nullable(),
  text: z.string(),
  has_image: z.boolean(),
  button: buttonSummarySchema.nullable(),
  first_run_at: z.string(),
  /** Null once nothing is left to run. */
  next_run_at: z.string().nullable(),
  runs: z.number().int(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
});
export type MailingScheduleSummary = z.infer<typeof mailingScheduleSummarySchema>;

export const mailingScheduledResponseSchema = z.object({ message: z.string(), schedule: mailingScheduleSummarySchema });

/** «каждую неделю» / «каждый месяц» / nothing for a one-off. */
export function repeatLabel(repeat: MailingRepeat | null): string {
  if (repeat === 'weekly') return m.repeatWeekly;
  if (repeat === 'monthly') return m.repeatMonthly;
  return '';
}

/** The confirmation of a scheduled mailing: when, and how often. */
export function mailingScheduledMessage(schedule: Pick<MailingScheduleSummary, 'repeat' | 'first_run_at'>): string {
  const time = formatDateTime(schedule.first_run_at);
  return schedule.repeat
    ? fillMessage(m.scheduledRegular, { repeat: repeatLabel(schedule.repeat), time })
    : fillMessage(m.scheduled, { time });
}
