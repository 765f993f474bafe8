import { z } from './zod-setup.js';
import { intIdParam } from './ids.js';
import { userIdSchema } from './auth.js';
import { messages } from './messages.js';

// Prize draws of an action's bot: `/draws`, `/draws/{id}`, `/draws/{id}/tickets`, `/draws/{id}/close`,
// `/draws/{id}/winners/{ticket}/handed-over`, and the public `/public/draws/{id}`, its `/tickets`
// pages and its whole frozen list `/tickets.txt`. How winners are
// derived: draw-beacon.ts (draws made before the beacon: draw-fairness.ts's seed).

const m = messages.draws;
export const DRAW_TITLE_MAX = 100;
export const DRAW_WINNERS_MAX = 100;
export const DRAW_ITEM_MAX = 100;
export const DRAW_PRIZE_MAX = 200;
/** A repeating draw opens its next run, with the same rules, when it closes. */
export const DRAW_REPEATS = ['weekly', 'monthly'] as const;
/** A draw runs at most a year: longer is a typo, and the receipts' window stays bounded. */
export const DRAW_LONGEST_DAYS = 366;
/** The public page's address of a draw. */
export const drawPublicPath = (id: number) => `/draws/${id}`;
/** A frozen draw's whole ticket list as draw-fairness.ts serialises it (its SHA-256 is `tickets_hash`), under the API's base. */
export const drawTicketsListPath = (id: number) => `/public/draws/${id}/tickets.txt`;
/** Tickets per page of a draw's list (the public page's and the cabinet's), unless the call asks for fewer or more. */
export const DRAW_TICKETS_PAGE = 50;
export const DRAW_TICKETS_PAGE_MAX = 200;

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
  repeat: z
    .enum(DRAW_REPEATS, { error: m.repeatInvalid })
    .nullish()
    .transform((repeat) => repeat ?? null),
  /** What the winners get: shown in the bot, the Mini App and on the public page. */
  prize: z
    .object(
      {
        text: z.string({ error: m.prizeInvalid }).trim().min(1, m.prizeInvalid).max(DRAW_PRIZE_MAX, m.prizeInvalid),
        /** A picture uploaded with POST /shop/products/upload-image (its `upload_id`). */
        image_upload_id: z.number({ error: m.prizeImageUnknown }).int(m.prizeImageUnknown).positive(m.prizeImageUnknown).nullish(),
      },
      { error: m.prizeInvalid },
    )
    .nullish()
    .transform((prize) => (prize ? { text: prize.text, image_upload_id: prize.image_upload_id ?? null } : null)),
});
export type CreateDrawRequest = z.infer<typeof createDrawRequestSchema>;

export const drawListQuerySchema = z.object({ user_id: userIdSchema.optional(), project_id: projectIdSchema });

export const drawIdParamsSchema = z.object({
  id: intIdParam(m.notFound),
});
/** A page of a draw's tickets from the ticket numbered `from` (the first: 1), in ticket order, `limit` of them. */
export const drawTicketsQuerySchema = z.object({
  user_id: userIdSchema.optional(),
  from: intIdParam(m.ticketInvalid).default(1),
  limit: z.coerce
    .number({ error: m.pageSizeInvalid })
    .int(m.pageSizeInvalid)
    .min(1, m.pageSizeInvalid)
    .max(DRAW_TICKETS_PAGE_MAX, m.pageSizeInvalid)
    .default(DRAW_TICKETS_PAGE),
});
export const publicDrawTicketsQuerySchema = drawTicketsQuerySchema.omit({ user_id: true });
export const drawWinnerParamsSchema = drawIdParamsSchema.extend({
  ticket: intIdParam(m.ticketInvalid),
});
export const drawActionBodySchema = z.object({ user_id: userIdSchema.optional() });

/** `drawing`: the tickets are frozen, the winners wait for the draw's beacon round. */
export const DRAW_STATUSES = ['open', 'drawing', 'closed'] as const;

export const drawPrizeSchema = z.object({
  text: z.string(),
  image_upload_id: z.number().int().nullable(),
  /** Where the picture is served, for the page and the Mini App. */
  image_url: z.string().nullable(),
});

/** The drand round a draw's winners come from, fixed at its creation, and the chain that signs it. */
export const drawDrandSchema = z.object({
  chain_hash: z.string(),
  public_key: z.string(),
  scheme_id: z.string(),
  period: z.number().int(),
  genesis_time: z.number().int(),
  round: z.number().int(),
  /** When the round is emitted. */
  round_at: z.string(),
  /** Where anyone fetches the round from drand; null when the server is set to another chain now. */
  round_url: z.string().nullable(),
});

/** The round as drand published it, once the draw has it. */
export const drawBeaconSchema = z.object({ round: z.number().int(), randomness: z.string(), signature: z.string() });

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
  /** Draws made before the beacon: SHA-256 of the secret seed, published from the start; null for beacon draws. */
  commitment: z.string().nullable(),
  repeat: z.enum(DRAW_REPEATS).nullable(),
  prize: drawPrizeSchema.nullable(),
  /** Null for draws made before the beacon (they have the seed's commitment). */
  drand: drawDrandSchema.nullable(),
  /** A repeating draw's next run, once this one has closed. */
  next_draw_id: z.number().int().nullable(),
  /** The address of the public page where anyone can check the draw. */
  public_path: z.string(),
  /** Open: the tickets so far; closed: the frozen list's length. */
  tickets_count: z.number().int(),
};

export const drawListResponseSchema = z.object({ draws: z.array(z.object(drawBase)) });

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
  /** Draws made before the beacon: the seed, revealed once the draw is closed. */
  seed: z.string().nullable(),
  /** The round the winners came from: null until it is out. */
  beacon: drawBeaconSchema.nullable(),
  winners: z.array(drawWinnerSchema),
});
export type Draw = z.infer<typeof drawSchema>;

/** A page of the list (`GET /draws/{id}/tickets?from=`): `next_from` is the next page's `from`, null after the last. */
export const drawTicketsPageSchema = z.object({
  tickets: z.array(drawTicketSchema),
  next_from: z.number().int().nullable(),
});

export const drawResponseSchema = z.object({ draw: drawSchema });
export const drawSavedResponseSchema = z.object({ message: z.string(), draw: drawSchema });
export const handedOverResponseSchema = z.object({ message: z.string(), handed_over_at: z.string() });

/** What anyone may see: no Telegram ids, shoppers masked. */
export const publicDrawSchema = z.object({
  ...drawBase,
  action_name: z.string(),
  tickets_hash: z.string().nullable(),
  seed: z.string().nullable(),
  beacon: drawBeaconSchema.nullable(),
  /** The whole frozen list to re-compute the draw from (`drawTicketsListPath`); null while it is open. */
  tickets_url: z.string().nullable(),
  winners: z.array(z.object({ place: z.number().int(), ticket: z.number().int(), masked: z.string() })),
});
export type PublicDraw = z.infer<typeof publicDrawSchema>;

/** A page of the public list (`GET /public/draws/{id}/tickets?from=`), shoppers masked. */
export const publicDrawTicketsPageSchema = z.object({
  tickets: z.array(z.object({ ticket: z.number().int(), receipt_id: z.number().int(), shopper: z.number().int(), masked: z.string() })),
  next_from: z.number().int().nullable(),
});
export type PublicDrawTicketsPage = z.infer<typeof publicDrawTicketsPageSchema>;

/** The Mini App's open draws of the shop's action (`/public/shop/{token}/draws`): what a shopper may win. */
export const shopDrawsResponseSchema = z.object({
  draws: z.array(
    z.object({
      id: z.number().int(),
      title: z.string(),
      closes_at: z.string(),
      prize: drawPrizeSchema.nullable(),
      public_path: z.string(),
    }),
  ),
});
export type ShopDraws = z.infer<typeof shopDrawsResponseSchema>;
