import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { userScopedQuerySchema } from '../../../contract/actions.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  createSegmentRequestSchema,
  segmentBuyersQuerySchema,
  segmentBuyersResponseSchema,
  segmentDeletedResponseSchema,
  segmentIdParamsSchema,
  segmentListQuerySchema,
  segmentListResponseSchema,
  segmentPreviewRequestSchema,
  segmentPreviewResponseSchema,
  segmentSavedResponseSchema,
  updateSegmentRequestSchema,
} from '../../../contract/segments.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import { createSegment, deleteSegment, listSegments, previewSegment, segmentBuyers, updateSegment, type SegmentDeps } from './service.js';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['segments'];
const security = [{ bearer: [] }];

/** Segments of an action's shoppers: `/segments`. */
export function segmentRoutes(deps: SegmentDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/segments',
      { schema: { tags, security, querystring: segmentListQuerySchema, response: { 200: segmentListResponseSchema, ...errors } } },
      async (request) => listSegments(deps, await requireSeller(deps, request, request.query.user_id), request.query.project_id),
    );

    app.post(
      '/segments/preview',
      { schema: { tags, security, body: segmentPreviewRequestSchema, response: { 200: segmentPreviewResponseSchema, ...errors } } },
      async (request) => {
        const { user_id: userId, project_id: projectId, conditions } = request.body;
        return previewSegment(deps, await requireSeller(deps, request, userId), projectId, conditions);
      },
    );

    app.post(
      '/segments',
      { schema: { tags, security, body: createSegmentRequestSchema, response: { 201: segmentSavedResponseSchema, ...errors } } },
      async (request, reply) => {
        const { user_id: userId, project_id: projectId, name, conditions } = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, userId);
        const saved = await createSegment(deps, sellerId, { projectId, name, conditions }, { userId: personId });
        return reply.code(201).send(saved);
      },
    );

    app.put(
      '/segments/:id',
      {
        schema: {
          tags,
          security,
          params: segmentIdParamsSchema,
          body: updateSegmentRequestSchema,
          response: { 200: segmentSavedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user_id: userId, name, conditions } = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, userId);
        return updateSegment(deps, sellerId, request.params.id, { name, conditions }, { userId: personId });
      },
    );

    app.delete(
      '/segments/:id',
      {
        schema: {
          tags,
          security,
          params: segmentIdParamsSchema,
          querystring: userScopedQuerySchema,
          response: { 200: segmentDeletedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        return deleteSegment(deps, sellerId, request.params.id, { userId: personId });
      },
    );

    app.get(
      '/segments/:id/buyers',
      {
        schema: {
          tags,
          security,
          params: segmentIdParamsSchema,
          querystring: segmentBuyersQuerySchema,
          response: { 200: segmentBuyersResponseSchema, ...errors },
        },
      },
      async (request) =>
        segmentBuyers(deps, await requireSeller(deps, request, request.query.user_id), request.params.id, request.query.page),
    );
  };
}
