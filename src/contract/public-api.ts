import { z } from './zod-setup.js';
import { bigIdParam, intIdParam } from './ids.js';
import { messages } from './messages.js';
import { adjustPointsRequestSchema, ledgerEntrySchema } from './points.js';
import { codesSchema, generateSchema } from './promo-codes.js';
import { ORDER_STATUSES } from './public-shop.js';
import { buyerSchema, receiptSchema, receiptStatusFilterSchema } from './receipts.js';
import { shopOrderSchema } from './shop.js';

// The seller API under /api/v1 (a seller key, docs/decisions.md "The seller API"): the same
// entities as the cabinet's calls, cursor pages, idempotent POSTs and RFC 9457 problems.

const m = messages.publicApi;

export const PUBLIC_API_BASE = '/api/v1';
export const PAGE_LIMIT_MAX = 100;
export const PAGE_LIMIT_DEFAULT = 50;
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** How long a POST's answer is kept for a replay with the same Idempotency-Key. */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** An error of /api/v1 (`application/problem+json`, RFC 9457); `detail` is Russian and says what to do. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
});
export type Problem = z.infer<typeof problemSchema>;

/** Short Russian titles by HTTP status, the same for every problem of a status. */
export const PROBLEM_TITLES: Readonly<Record<number, string>> = {
  400: 'Некорректный запрос',
  401: 'Нужен ключ API',
  403: 'Недостаточно прав',
  404: 'Не найдено',
  409: 'Конфликт',
  413: 'Слишком большой запрос',
  415: 'Неподдерживаемый формат',
  422: 'Ключ идемпотентности уже использован',
  429: 'Слишком много запросов',
  500: 'Внутренняя ошибка',
  503: 'Сервис недоступен',
};

const pageQuery = {
  /** `next_cursor` of the previous page; absent: the first page. */
  cursor: z.string().min(1, m.cursorInvalid).max(200, m.cursorInvalid).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_LIMIT_MAX).default(PAGE_LIMIT_DEFAULT),
};

const page = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    /** Pass as `cursor` for the next page; null: this was the last one. */
    next_cursor: z.string().nullable(),
  });

const projectIdQuery = intIdParam(messages.actions.notFound);
const instant = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `Поле «${field}»: дата и время в формате ISO 8601, например 2026-11-01T00:00:00+03:00` })
    .transform((value) => new Date(value));

export const receiptsPageQuerySchema = z
  .object({
    ...pageQuery,
    project_id: projectIdQuery.optional(),
    status: receiptStatusFilterSchema.optional(),
    /** Receipts scanned at or after this instant. */
    from: instant('from').optional(),
    /** Receipts scanned before this instant. */
    to: instant('to').optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, m.periodInvalid);
export const receiptsPageSchema = page(receiptSchema);
export const receiptIdParamsSchema = z.object({ id: bigIdParam(m.receiptNotFound) });

/** Buyers are an action's: their points, held points and level exist only there. */
export const buyersPageQuerySchema = z.object({ ...pageQuery, project_id: projectIdQuery });
export const buyersPageSchema = page(buyerSchema);
export const buyerQuerySchema = z.object({ project_id: projectIdQuery });
export const ledgerPageQuerySchema = z.object({ ...pageQuery, project_id: projectIdQuery });
export const ledgerPageSchema = page(ledgerEntrySchema);

export const adjustPointsBodySchema = adjustPointsRequestSchema.omit({ user_id: true });

export const promoCodesParamsSchema = z.object({ project_id: intIdParam(messages.actions.notFound) });
export const addPromoCodesBodySchema = z
  .object({ codes: codesSchema.optional(), generate: generateSchema.optional() })
  .refine((body) => (body.codes === undefined) !== (body.generate === undefined), messages.promoCodes.codesOrGenerate);

export const ordersPageQuerySchema = z.object({
  ...pageQuery,
  project_id: projectIdQuery.optional(),
  status: z.enum(ORDER_STATUSES).optional(),
});
export const ordersPageSchema = page(shopOrderSchema);

export const idempotencyHeadersSchema = z.looseObject({
  [IDEMPOTENCY_KEY_HEADER]: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,255}$/, m.idempotencyKeyInvalid)
    .optional(),
});
