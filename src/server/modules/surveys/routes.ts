import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema } from '../../../contract/errors.js';
import { errorResponses } from '../../http/error-responses.js';
import {
  createSurveyRequestSchema,
  surveyIdParamsSchema,
  surveyListQuerySchema,
  surveyListResponseSchema,
  surveyResultsSchema,
  surveySavedResponseSchema,
  updateSurveyRequestSchema,
} from '../../../contract/surveys.js';
import { userScopedQuerySchema } from '../../../contract/actions.js';
import { requireAccess, requireSeller } from '../auth/session.js';
import type { AuthDeps } from '../auth/service.js';
import {
  closeSurvey,
  createSurvey,
  listSurveys,
  publishSurvey,
  surveyResults,
  surveyResultsCsv,
  updateSurvey,
  type SurveyDeps,
} from './service.js';

const errors = errorResponses(400, 401, 403, 404);
const tags = ['surveys'];
const security = [{ bearer: [] }];

/** Surveys and quizzes of an action's bot: `/surveys`. */
export function surveyRoutes(deps: SurveyDeps & AuthDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/surveys',
      { schema: { tags, security, querystring: surveyListQuerySchema, response: { 200: surveyListResponseSchema, ...errors } } },
      async (request) => listSurveys(deps, await requireSeller(deps, request, request.query.user_id), request.query.project_id),
    );

    app.post(
      '/surveys',
      { schema: { tags, security, body: createSurveyRequestSchema, response: { 201: surveySavedResponseSchema, ...errors } } },
      async (request, reply) => {
        const { user_id: userId, project_id: projectId, ...draft } = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, userId);
        const saved = await createSurvey(deps, sellerId, projectId, draft, { userId: personId });
        return reply.code(201).send(saved);
      },
    );

    app.put(
      '/surveys/:id',
      {
        schema: {
          tags,
          security,
          params: surveyIdParamsSchema,
          body: updateSurveyRequestSchema,
          response: { 200: surveySavedResponseSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { user_id: userId, ...draft } = request.body;
        const { sellerId, personId } = await requireAccess(deps, request, userId);
        return updateSurvey(deps, sellerId, request.params.id, draft, { userId: personId });
      },
    );

    app.post(
      '/surveys/:id/publish',
      {
        schema: {
          tags,
          security,
          params: surveyIdParamsSchema,
          querystring: userScopedQuerySchema,
          response: { 200: surveySavedResponseSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        return publishSurvey(deps, sellerId, request.params.id, { userId: personId });
      },
    );

    app.post(
      '/surveys/:id/close',
      {
        schema: {
          tags,
          security,
          params: surveyIdParamsSchema,
          querystring: userScopedQuerySchema,
          response: { 200: surveySavedResponseSchema, 409: errorResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        return closeSurvey(deps, sellerId, request.params.id, { userId: personId });
      },
    );

    app.get(
      '/surveys/:id/results',
      {
        schema: {
          tags,
          security,
          params: surveyIdParamsSchema,
          querystring: userScopedQuerySchema,
          response: { 200: surveyResultsSchema, ...errors },
        },
      },
      async (request) => surveyResults(deps, await requireSeller(deps, request, request.query.user_id), request.params.id),
    );

    // No response schema: the body is a CSV stream (errors are the usual JSON).
    app.get(
      '/surveys/:id/results.csv',
      { schema: { tags, security, params: surveyIdParamsSchema, querystring: userScopedQuerySchema, produces: ['text/csv'] } },
      async (request, reply) => {
        const download = await surveyResultsCsv(deps, await requireSeller(deps, request, request.query.user_id), request.params.id);
        return reply
          .headers({ 'content-type': 'text/csv; charset=utf-8', 'content-disposition': download.disposition, 'cache-control': 'no-store' })
          .send(download.body);
      },
    );
  };
}
