import { messages } from './messages.js';
import { z } from './zod-setup.js';

// The bot's menu as the seller arranges it: `GET`/`PUT /projects/{id}/bot-menu`.

const m = messages.botFeatures;

/** Buttons in one menu message, «Мои баллы» and the shop included; the rest go under «Ещё». */
export const MENU_BUTTONS_MAX = 8;
/** Telegram's limit of a button's callback data, which names a menu entry. */
const ENTRY_KEY_MAX = 64;
const ORDER_MAX = 100;

export const botMenuEntrySchema = z.object({
  /** The button's callback data: what the order names. */
  key: z.string(),
  text: z.string(),
});

export const botMenuSchema = z.object({ entries: z.array(botMenuEntrySchema) });
export const botMenuSavedSchema = botMenuSchema.extend({ message: z.string() });
export type BotMenu = z.infer<typeof botMenuSchema>;

/** `PUT /projects/{id}/bot-menu`: `{ order: [key, …] }`, first to last; keys not named keep their default place after them. */
export const botMenuOrderSchema = z.object(
  {
    order: z
      .array(z.string({ error: m.menuOrderInvalid }).min(1, m.menuOrderInvalid).max(ENTRY_KEY_MAX, m.menuOrderInvalid), {
        error: m.menuOrderInvalid,
      })
      .max(ORDER_MAX, m.menuOrderInvalid)
      .refine((keys) => new Set(keys).size === keys.length, m.menuOrderRepeat),
  },
  { error: m.menuOrderInvalid },
);
