import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { actionIdParamsSchema, userScopedQuerySchema } from '../../../contract/actions.js';
import { errorResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import { messages } from '../../../contract/messages.js';
import {
  GUIDE_FILE_MAX_BYTES,
  guideFileQuerySchema,
  guideFileUploadedSchema,
  PRODUCT_RULES_MAX,
  RULE_GUIDE_MAX,
  RULE_MATCH_MAX,
  productRulesResponseSchema,
  productRulesSavedSchema,
  productRulesSchema,
  warrantyListSchema,
  warrantySearchQuerySchema,
} from '../../../contract/product-guides.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { uploadMessages } from '../../../contract/uploads.js';
import { AppError } from '../../errors.js';
import { getProductRules, replaceProductRules, searchWarranties, uploadGuideFile, type ProductGuideDeps } from './service.js';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['product-guides'];
const m = messages.serviceDesk;
const security = [{ bearer: [] }];
/** A full list (50 rules with the longest Cyrillic guides, up to 3 bytes a character in JSON) is far over the API's usual 64 KB. */
const RULES_BODY_LIMIT = PRODUCT_RULES_MAX * ((RULE_MATCH_MAX + RULE_GUIDE_MAX) * 3 + 64) + 64 * 1024;

/** Product guides and electronic warranty: `/projects/{id}/product-rules`, `/warranties`. */
export function productGuideRoutes(deps: ProductGuideDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    const schema = { tags, security, params: actionIdParamsSchema, querystring: userScopedQuerySchema };
    app.get(
      '/projects/:id/product-rules',
      { schema: { ...schema, response: { 200: productRulesResponseSchema, ...errors } } },
      async (request) => getProductRules(deps.db, await requireSeller(deps, request, request.query.user_id), request.params.id),
    );
    app.put(
      '/projects/:id/product-rules',
      {
        bodyLimit: RULES_BODY_LIMIT,
        schema: { ...schema, body: productRulesSchema, response: { 200: productRulesSavedSchema, ...errors } },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        return replaceProductRules(deps.db, sellerId, request.params.id, request.body, { userId: personId });
      },
    );
    // Multipart in its own scope: every other call stays JSON-only.
    await app.register(async (scope) => {
      const files = scope.withTypeProvider<ZodTypeProvider>();
      await files.register(multipart, { limits: { fileSize: GUIDE_FILE_MAX_BYTES.video, files: 1, fields: 2, parts: 3 } });
      files.post(
        '/product-rules/files',
        {
          schema: {
            tags,
            security,
            summary: 'Upload a product guide’s PDF (up to 20 MB) or MP4 video (up to 50 MB)',
            description:
              'multipart/form-data, the file in the field `file`; `?kind=pdf|video`. Checked by content. Answers its `upload_id`.',
            querystring: guideFileQuerySchema,
            response: { 201: guideFileUploadedSchema, ...errors, 413: errorResponseSchema },
          },
        },
        async (request, reply) => {
          const sellerId = await requireSeller(deps, request, request.query.user_id);
          const { kind } = request.query;
          const part = await request.file({ limits: { fileSize: GUIDE_FILE_MAX_BYTES[kind] } }).catch(() => undefined);
          if (!part) throw new AppError('bad_request', uploadMessages.fileMissing);
          const data = await part.toBuffer().catch((error: { code?: string }) => {
            if (error.code === 'FST_REQ_FILE_TOO_LARGE') return null;
            throw new AppError('bad_request', uploadMessages.notMultipart);
          });
          if (data === null) throw new AppError('payload_too_large', kind === 'pdf' ? m.filePdfTooLarge : m.fileVideoTooLarge);
          return reply.status(201).send(await uploadGuideFile(deps.db, sellerId, { kind, fileName: part.filename, data }));
        },
      );
    });
    app.get(
      '/warranties',
      { schema: { tags, security, querystring: warrantySearchQuerySchema, response: { 200: warrantyListSchema, ...errors } } },
      async (request) => searchWarranties(deps, await requireSeller(deps, request, request.query.user_id), request.query),
    );
  };
}
