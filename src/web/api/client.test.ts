import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../contract/messages.js';
import { z } from '../../contract/zod-setup.js';
import { ApiError } from './api-error.js';

// The session module touches `window`; the client only needs the current token and seller from it.
vi.mock('../auth/session.js', () => ({
  sessionStore: { getState: () => ({ session: { token: 'token-1', user: { id: 1 } } }), signOut: vi.fn() },
  currentSellerId: () => undefined,
}));
const { apiRequest } = await import('./client.js');

const schema = z.object({ value: z.number() });

/** A 200 whose body never arrives: reading it fails the way an aborted fetch's body does. */
function answerWithCutBody(controller?: AbortController): Response {
  return {
    ok: true,
    status: 200,
    text: () => {
      controller?.abort();
      return Promise.reject(new DOMException('The operation was aborted.', 'AbortError'));
    },
  } as unknown as Response;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('apiRequest', () => {
  it('a query cancelled while its answer streams in is a cancellation, not an unexpected answer', async () => {
    const controller = new AbortController();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answerWithCutBody(controller)),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const request = apiRequest({ path: '/billing/settings', schema, auth: 'none', signal: controller.signal });
    await expect(request).rejects.toMatchObject({ name: 'AbortError' });
    expect(logged).not.toHaveBeenCalled();
  });

  it('a body that breaks off without a cancellation is a failed request with the screen text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answerWithCutBody()),
    );
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const request = apiRequest({ path: '/billing/settings', schema, auth: 'none', fallbackMessage: 'Экранный текст' });
    await expect(request).rejects.toEqual(new ApiError(0, 'Экранный текст'));
    expect(logged).not.toHaveBeenCalled();
  });

  it('an answer of the wrong shape, or one a transform chokes on, is an ApiError, never another exception', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ value: 'сто' }), { status: 200 })),
    );
    await expect(apiRequest({ path: '/x', schema, auth: 'none' })).rejects.toEqual(new ApiError(200, messages.common.requestFailed));

    const choking = schema.transform(() => {
      throw new TypeError('boom');
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ value: 1 }), { status: 200 })),
    );
    await expect(apiRequest({ path: '/x', schema: choking, auth: 'none', fallbackMessage: 'Экранный текст' })).rejects.toEqual(
      new ApiError(200, 'Экранный текст'),
    );
  });
});
