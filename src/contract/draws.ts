import { z } from './zod-setup.js';
import { intIdParam } from './ids.js';
import { userIdSchema } from './auth.js';
import { messages } from './messages.js';

// Prize draws of an action's bot: `/draws`, `/draws/{id}`, `/draws/{id}/close`,
// `/draws/{id}/winners/{ticket}/handed-over`, and the public `/public/draws/{id}`. How winners are
// derived: draw-fairness.ts.

const m = messages.draws;
export const DRAW_TITLE_MAX = 100;
export const DRAW_WINNERS_MAX = 100;
export const DRAW_ITEM_MAX = 100;
/** A draw runs at most a year: longer is a typo, and the receipts' window stays bounded. */
export const DRAW_LONGEST_DAYS = 366;
/** The public page's address of a draw. */
export const drawPublicPath = (id: number) => `/draws/${id}`;

const projectIdSchema = intIdParam(m.projectRequired);

export const createDrawRequestSchema = z.object({
  user_id: userIdSchema.optional(),
  project_id: projectIdSchema,
  title: z.string({ error: m.titleInvalid }).trim().min(1, m.titleInvalid).max(DRAW_TITLE_MAX, m.titleInvalid),
  winners: z.number({ error: m.winnersInvalid }).int(m.winnersInvalid).min(1, m.winnersInvalid).max(DRAW_WINNERS_MAX, m.winnersInvalid),
  /** An ISO date-time with its offset; "in the future" is the server's to judge, by its clock. */
  closes_at: z.iso
    .datetime({ offset: true, error: m.closesAtInvalid })
    // The format admits offsets like +99:99 that name no moment.
    .refine((text) => !Number.isNaN(Date.parse(text)), m.closesAtInvalid),
  /** Only receipts with an item whose name contains this (any letter case) make tickets. */
  item_contains: z
    .string({ error: m.itemContainsInvalid })
    .trim()
    .max(DRAW_ITEM_MAX, m.itemContainsInvalid)
    .nullish()
    .transform((text) => (text ? text : null)),
});
export type CreateDrawRequest = z.infer<typeof createDrawRequestSchema>;

export const drawListQuerySchema = z.object({ user_id: userIdSchema.optional(), project_id: projectIdSchema });

export const drawIdParamsSchema = z.object({
  id: intIdParam(m.notFound),
});
export const drawWinnerParamsSchema = drawIdParamsSchema.extend({
  ticket: intIdParam(m.ticketInvalid),
});
export const drawActionBodySchema = z.object({ user_id: userIdSchema.optional() });

export const DRAW_STATUSES = ['open', 'closed'] as const;

const drawBase = {
  id: z.number().int(),
  project_id: z.number().int(),
  title: z.string(),
  /** How many winners the seller asked for (fewer win when fewer shoppers took part). */
  winners_count: z.number().int(),
  item_contains: z.string().nullable(),
  created_at: z.string(),
  closes_at: z.string(),
  closed_at: z.string().nullable(),
  status: z.enum(DRAW_STATUSES),
  /** SHA-256 of the secret seed, published from the start. */
  commitment: z.string(),
  /** The address of the public page where anyone can check the draw. */
  public_path: z.string(),
};

export const drawSummarySchema = z.object({ ...drawBase, tickets_count: z.number().int() });

export const drawListResponseSchema = z.object({ draws: z.array(drawSummarySchema) });

export const drawTicketSchema = z.object({
  ticket: z.number().int(),
  receipt_id: z.number().int(),
  /** The draw's own number of the shopper: 1, 2, … in the order of their first ticket. */
  shopper: z.number().int(),
  buyer_tg_id: z.string(),
});

export const drawWinnerSchema = z.object({
  place: z.number().int(),
  ticket: z.number().int(),
  buyer_tg_id: z.string(),
  buyer_name: z.string().nullable(),
  handed_over_at: z.string().nullable(),
});

export const drawSchema = z.object({
  ...drawBase,
  /** SHA-256 of the frozen ticket list: null while the draw is open. */
  tickets_hash: z.string().nullable(),
  /** The seed, revealed once the draw is closed. */
  seed: z.string().nullable(),
  /** Open: the tickets so far; closed: the frozen list. */
  tickets: z.array(drawTicketSchema),
  winners: z.array(drawWinnerSchema),
});
export type Draw = z.infer<typeof drawSchema>;

export const drawResponseSchema = z.object({ draw: drawSchema });
export const drawSavedResponseSchema = z.object({ message: z.string(), draw: drawSchema });
export const handedOverResponseSchema = z.object({ message: z.string(), handed_over_at: z.string() });

/** What anyone may see: no Telegram ids, shoppers masked. */
export const publicDrawSchema = z.object({
  ...drawBase,
  action_name: z.string(),
  tickets_hash: z.string().nullable(),
  seed: z.string().nullable(),
  tickets: z.array(z.object({ ticket: z.number().int(), receipt_id: z.number().int(), shopper: z.number().int(), masked: z.string() })),
  winners: z.array(z.object({ place: z.number().int(), ticket: z.number().int(), masked: z.string() })),
});
export type PublicDraw = z.infer<typeof publicDrawSchema>;
