import type { ZodType } from 'zod';
import { API_BASE } from '../../contract/constants.js';
import { messages } from '../../contract/messages.js';
import { currentSellerId, sessionStore } from '../auth/session.js';
import { ApiError } from './api-error.js';
import { extractErrorMessage } from './error-message.js';

export interface ApiRequest<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  query?: Record<string, string | number | undefined>;
  /** Sent as JSON; a FormData is sent as multipart/form-data (file uploads) as it is. */
  body?: unknown;
  /** Extra request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
  /** The answer's shape; a 2xx answer that does not match counts as a failure. */
  schema: ZodType<T>;
  /**
   * 'session' (the default) sends the signed-in seller's token, and a 401 ends the session.
   * 'none' sends no token. An explicit token is sent as is, and its 401 ends nothing.
   */
  auth?: 'session' | 'none' | { token: string };
  /**
   * 'seller' (the default): a cabinet call, made for the seller chosen in the header's switch
   * (`user_id` in the query when it is not the person's own account, so calls that name only a
   * resource act for that seller too). 'account': the signed-in person's own account.
   */
  scope?: 'seller' | 'account';
  /** The screen's own text for a failure the answer does not explain (SPEC §8). */
  fallbackMessage?: string;
  /** Lets the request finish while the page unloads (logout). */
  keepalive?: boolean;
  signal?: AbortSignal;
}

/** The one way the web app talks to the API (SPEC §7: JSON, credentials included). */
export async function apiRequest<T>(request: ApiRequest<T>): Promise<T> {
  const { method = 'GET', auth = 'session', fallbackMessage } = request;
  const token = auth === 'session' ? sessionStore.getState().session?.token : auth === 'none' ? undefined : auth.token;
  const headers: Record<string, string> = { ...request.headers, accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const body = encodeBody(request.body);
  // A multipart body's content type carries its boundary: the browser writes it.
  if (typeof body === 'string') headers['content-type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(urlOf(request.path, withActingSeller(request)), {
      method,
      headers,
      body,
      credentials: 'include',
      keepalive: request.keepalive,
      signal: request.signal,
    });
  } catch (error) {
    if (request.signal?.aborted) throw error;
    throw new ApiError(0, fallbackMessage ?? messages.common.requestFailed);
  }

  let text: string;
  try {
    text = await response.text();
  } catch (error) {
    // The body can be cut off too: a query cancelled while its answer streams in (the
    // session ended and the cabinet's cache was dropped). That is not a malformed answer.
    if (request.signal?.aborted) throw error;
    throw new ApiError(0, fallbackMessage ?? messages.common.requestFailed);
  }
  if (!response.ok) {
    // Only the session that made the call ends: a newer sign-in meanwhile stays.
    if (response.status === 401 && auth === 'session' && token && sessionStore.getState().session?.token === token) {
      sessionStore.signOut('expired');
    }
    throw new ApiError(response.status, extractErrorMessage(text, fallbackMessage), parseJson(text));
  }
  return checkAnswer(request, response.status, text);
}

/**
 * A 2xx answer checked against the call's schema. Whatever it holds, the outcome is the
 * data or an ApiError with the screen's text: a check never throws anything else (a
 * schema's transform may), so a surprising answer costs a message, never the page.
 */
function checkAnswer<T>(request: ApiRequest<T>, status: number, text: string): T {
  const failure = () => new ApiError(status, request.fallbackMessage ?? messages.common.requestFailed);
  let parsed: ReturnType<ZodType<T>['safeParse']>;
  try {
    parsed = request.schema.safeParse(parseJson(text));
  } catch (error) {
    console.error(`Answer to ${request.method ?? 'GET'} ${request.path} could not be checked`, error);
    throw failure();
  }
  if (!parsed.success) {
    console.error(`Unexpected answer to ${request.method ?? 'GET'} ${request.path}`, parsed.error);
    throw failure();
  }
  return parsed.data;
}

/** The query, with the seller the cabinet works for when that is not the person's own account. */
function withActingSeller(request: Pick<ApiRequest<unknown>, 'query' | 'auth' | 'scope'>): ApiRequest<unknown>['query'] {
  const sellerId = currentSellerId();
  const own = sessionStore.getState().session?.user.id;
  const forSeller = (request.auth ?? 'session') === 'session' && (request.scope ?? 'seller') === 'seller';
  if (!forSeller || sellerId === undefined || sellerId === own || request.query?.user_id !== undefined) return request.query;
  return { ...request.query, user_id: sellerId };
}

function encodeBody(body: unknown): string | FormData | undefined {
  if (body === undefined || body instanceof FormData) return body;
  return JSON.stringify(body);
}

function urlOf(path: string, query: ApiRequest<unknown>['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
