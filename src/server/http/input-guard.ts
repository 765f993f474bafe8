import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fillMessage, messages } from '../../contract/messages.js';
import { findUnacceptableText } from '../db/acceptable-text.js';
import { AppError } from '../errors.js';

/** Field name for the message: "body.name" → "name", "params.id" → "id". */
function fieldName(path: string): string {
  const field = path.split('.').slice(1).join('.') || path;
  return field.length > 60 ? `${field.slice(0, 60)}…` : field;
}

/**
 * One guard for every string the API accepts (body, query, path parameters), before route
 * validation, so a field added later cannot forget it. Registered on the API scope (/lk/api).
 */
export function registerInputGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const found =
      findUnacceptableText(request.params, 'params') ??
      findUnacceptableText(request.query, 'query') ??
      findUnacceptableText(request.body, 'body');
    if (found) throw new AppError('bad_request', fillMessage(messages.common.invalidCharacters, { field: fieldName(found) }));
  });
}
