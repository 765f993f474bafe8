import { QueryClient } from '@tanstack/react-query';
import { actingSellerStore, sessionStore } from '../auth/session.js';
import { ApiError } from './api-error.js';

/** Refusals (4xx) are answers, not glitches: retrying them only delays the message. */
function shouldRetry(failureCount: number, error: Error): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: shouldRetry },
    mutations: { retry: false },
  },
});

// Server state belongs to the signed-in seller: when the session ends or changes hands,
// nothing cached for the previous one may show. The cache watches the session (api/ sits
// above auth/), so the session knows nothing of the cache.
let cachedFor = sessionStore.getState().session?.token;
sessionStore.subscribe(() => {
  const token = sessionStore.getState().session?.token;
  if (cachedFor !== undefined && token !== cachedFor) queryClient.removeQueries();
  cachedFor = token;
});

// A switch to another seller's cabinet: nothing cached for the previous one may show.
actingSellerStore.subscribe(() => queryClient.removeQueries());
