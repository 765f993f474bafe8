import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  cancelPreviewQuerySchema,
  cancelPreviewSchema,
  cancelReceiptRequestSchema,
  cancelReceiptResponseSchema,
  receiptIdParamsSchema,
} from '../../../contract/receipt-cancel.js';
import { checkRequestSchema, checkResponseSchema, receiptsQuerySchema, receiptsResponseSchema } from '../../../contract/receipts.js';
import { messages } from '../../../contract/messages.js';
import { AppError } from '../../errors.js';
import { bearerToken } from '../../http/session-first.js';
import { authenticateApiKey, isSellerKey, requireScope, type ApiKeyDeps } from '../api-keys/service.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { cancelReceipt, previewCancel, type CancelDeps } from './cancel-service.js';
import { listReceiptHistory } from './history.js';
import { checkReceipt, type CheckCaller, type ReceiptDeps } from './service.js';

const errors = errorResponses(400, 401, 403, 404);
const cancelErrors = { ...errors, 409: errorResponseSchema };
const API_KEY_HEADER = 'x-api-key';

/** A seller key's check acts as its seller, once the key has `receipts:check` and names no other seller. */
async function sellerKeyCaller(
  deps: Pick<ApiKeyDeps, 'db' | 'now'>,
  presented: string,
  claimedUserId: number | undefined,
): Promise<CheckCaller> {
  const holder = await authenticateApiKey(deps, presented);
  if (claimedUserId !== undefined && claimedUserId !== holder.sellerId) throw new AppError('unauthorized', messages.receipts.apiKeyInvalid);
  requireScope(holder, 'receipts:check');
  return { kind: 'seller', sellerId: holder.sellerId };
}

export function receiptRoutes(deps: ReceiptDeps & AuthDeps & CancelDeps): FastifyPluginAsyncZod {
  return async (app) => {
    /**
     * Three callers: the seller's session (the action page form), a bot platform with the
     * action's API key (header X-Api-Key or `api_key` in the body), which acts for its own action
     * only, or a seller key with `receipts:check` (`sk_live_…`, in X-Api-Key or as the bearer),
     * which names the action by `project_id` like the session and may check in any of its seller's.
     */
    app.post(
      '/check',
      {
        schema: {
          tags: ['receipts'],
          security: [{ bearer: [] }, { apiKey: [] }],
          body: checkRequestSchema,
          response: { 200: checkResponseSchema, ...errors },
        },
      },
      async (request) => {
        const body = request.body;
        const header = request.headers[API_KEY_HEADER];
        const apiKey = (typeof header === 'string' ? header : undefined) ?? body.api_key;
        const token = bearerToken(request);
        const sellerKey = [apiKey, token].find((presented) => presented !== undefined && isSellerKey(presented));
        const caller: CheckCaller = sellerKey
          ? await sellerKeyCaller(deps, sellerKey, body.user_id)
          : apiKey && !token
            ? { kind: 'apiKey', apiKey, claimedUserId: body.user_id }
            : { kind: 'session', token, claimedUserId: body.user_id };
        return (await checkReceipt(deps, { caller, projectId: body.project_id, qrText: body.qrurl, buyerTgId: body.user_id_tg })).response;
      },
    );

    app.get(
      '/receipts',
      {
        schema: {
          tags: ['receipts'],
          security: [{ bearer: [] }],
          querystring: receiptsQuerySchema,
          response: { 200: receiptsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const query = request.query;
        const sellerId = await requireSeller(deps, request, query.user_id);
        return listReceiptHistory(deps.db, sellerId, {
          page: query.page,
          limit: query.limit,
          projectId: query.project_id ?? query.project_filter,
          status: query.status,
          after: query.after,
        });
      },
    );

    // A return on the marketplace: what «Отменить чек» would take back, and the cancel itself.
    app.get(
      '/receipts/:id/cancel',
      {
        schema: {
          tags: ['receipts'],
          security: [{ bearer: [] }],
          params: receiptIdParamsSchema,
          querystring: cancelPreviewQuerySchema,
          response: { 200: cancelPreviewSchema, ...cancelErrors },
        },
      },
      async (request) => previewCancel(deps, await requireSeller(deps, request, request.query.user_id), request.params.id),
    );

    app.post(
      '/receipts/:id/cancel',
      {
        schema: {
          tags: ['receipts'],
          security: [{ bearer: [] }],
          params: receiptIdParamsSchema,
          body: cancelReceiptRequestSchema,
          response: { 200: cancelReceiptResponseSchema, ...cancelErrors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body.user_id);
        return cancelReceipt(deps, sellerId, request.params.id, request.body.reason, { userId: personId });
      },
    );
  };
}
