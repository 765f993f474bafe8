import { errorResponseSchema } from '../../contract/errors.js';

/**
 * A route schema's error answers: each status named answers `{ message }` in Russian (the API's
 * one error shape, http/errors.ts), so the OpenAPI document lists them and the serializer keeps
 * their body to that shape.
 */
export function errorResponses<Status extends number>(...statuses: Status[]): Record<Status, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<Status, typeof errorResponseSchema>;
}
