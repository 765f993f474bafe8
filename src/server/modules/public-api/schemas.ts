import type { ApiKeyScope } from '../../../contract/api-keys.js';
import { problemSchema } from '../../../contract/public-api.js';

/** Every refusal a seller API route may answer, as problems. */
export const problems = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  429: problemSchema,
};

/** A POST's refusals add the conflicts: a state that forbids it, a key still at work (409), a key reused (422). */
export const postProblems = { ...problems, 409: problemSchema, 422: problemSchema };

/** Either header carries the key; the OpenAPI document lists both. */
const security: { [scheme: string]: string[] }[] = [{ bearer: [] }, { apiKey: [] }];

/**
 * A route's schema parts beside its own: its tag, who may call it, and the scope it needs (in
 * `config`). `hide` keeps it out of the cabinet's document; the seller API's own shows it (routes.ts).
 */
export function scoped(tag: string, scope: ApiKeyScope) {
  return { schema: { tags: [tag], security, description: `Право ключа: \`${scope}\`.`, hide: true }, config: { scope } };
}
