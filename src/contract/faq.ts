import { normaliseItemName } from './item-name.js';
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
/** Words a typed question is matched by, besides the question's own words. */
export const FAQ_KEYWORDS_MAX = 20;
export const FAQ_KEYWORD_MAX = 50;

export interface FaqItemDraft {
  question: string;
  answer: string;
  link: string | null;
  /** Trimmed, blanks and repeats (normalised as item names) dropped. */
  keywords: string[];
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
  keywords: z.array(z.string().trim()).nullish(),
});

/** The keywords kept, or null when there are too many or one is too long. */
function readKeywords(raw: string[]): string[] | null {
  const seen = new Set<string>();
  const kept = raw.filter((keyword) => {
    const key = normaliseItemName(keyword);
    if (key.length === 0 || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return kept.length > FAQ_KEYWORDS_MAX || kept.some((keyword) => keyword.length > FAQ_KEYWORD_MAX) ? null : kept;
}

/** The item, or the message (with `{n}`) of what is wrong with it. */
function readFaqItem(raw: unknown, seen: Set<string>): FaqItemDraft | string {
  const parsed = itemFields.safeParse(raw);
  if (!parsed.success) return m.faqItemInvalid;
  const { question, answer } = parsed.data;
  const link = parsed.data.link || null;
  if (question.length === 0 || question.length > FAQ_QUESTION_MAX) return m.faqQuestionInvalid;
  if (answer.length === 0 || answer.length > FAQ_ANSWER_MAX) return m.faqAnswerInvalid;
  if (link !== null && !isHttpUrl(link)) return m.faqLinkInvalid;
  const keywords = readKeywords(parsed.data.keywords ?? []);
  if (keywords === null) return m.faqKeywordsInvalid;
  const key = question.toLowerCase();
  if (seen.has(key)) return m.faqRepeat;
  seen.add(key);
  return { question, answer, link, keywords };
}

/** `PUT /projects/{id}/faq`: `[{ question, answer, link?, keywords? }]`; each bad item is named by its number. */
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
  keywords: z.array(z.string()),
});
export type FaqItem = z.infer<typeof faqItemSchema>;

export const faqResponseSchema = z.object({ items: z.array(faqItemSchema) });
export const faqSavedSchema = z.object({ message: z.string(), items: z.array(faqItemSchema) });
