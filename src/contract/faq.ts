import { fillMessage, messages } from './messages.js';
import { z } from './zod-setup.js';

// Questions and answers of an action's bot: `GET`/`PUT /projects/{id}/faq`. The PUT's
// body is the whole ordered list; it replaces the stored one at once or, with any bad item, not at all.

const m = messages.serviceDesk;

/** A question is an inline button's text in the bot: short enough to read on a phone. */
export const FAQ_QUESTION_MAX = 200;
/** Telegram's limit of one message's text. */
export const FAQ_ANSWER_MAX = 4096;
/** One inline button per question: a longer list is no longer a menu. */
export const FAQ_ITEMS_MAX = 30;

export interface FaqItemDraft {
  question: string;
  answer: string;
  link: string | null;
}

const isHttpUrl = (text: string) => {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    return Boolean(new URL(text).hostname);
  } catch {
    return false;
  }
};

const itemFields = z.object({
  question: z.string().trim(),
  answer: z.string().trim(),
  link: z.string().trim().nullish(),
});

/** The item, or the message (with `{n}`) of what is wrong with it. */
function readFaqItem(raw: unknown, seen: Set<string>): FaqItemDraft | string {
  const parsed = itemFields.safeParse(raw);
  if (!parsed.success) return m.faqItemInvalid;
  const { question, answer } = parsed.data;
  const link = parsed.data.link || null;
  if (question.length === 0 || question.length > FAQ_QUESTION_MAX) return m.faqQuestionInvalid;
  if (answer.length === 0 || answer.length > FAQ_ANSWER_MAX) return m.faqAnswerInvalid;
  if (link !== null && !isHttpUrl(link)) return m.faqLinkInvalid;
  const key = question.toLowerCase();
  if (seen.has(key)) return m.faqRepeat;
  seen.add(key);
  return { question, answer, link };
}

/** `PUT /projects/{id}/faq`: `[{ question, answer, link? }]`; each bad item is named by its number. */
export const faqListSchema = z
  .array(z.unknown(), { error: m.faqInvalid })
  .max(FAQ_ITEMS_MAX, m.faqTooMany)
  .transform((items, ctx) => {
    const seen = new Set<string>();
    const read = items.map((raw) => readFaqItem(raw, seen));
    read.forEach((item, index) => {
      if (typeof item === 'string') ctx.addIssue({ code: 'custom', path: [index], message: fillMessage(item, { n: index + 1 }) });
    });
    return read.filter((item): item is FaqItemDraft => typeof item !== 'string');
  });

export const faqItemSchema = z.object({
  id: z.number().int(),
  question: z.string(),
  answer: z.string(),
  link: z.string().nullable(),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

export const faqResponseSchema = z.object({ items: z.array(faqItemSchema) });
export const faqSavedSchema = z.object({ message: z.string(), items: z.array(faqItemSchema) });
