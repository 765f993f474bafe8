import { QueryClient } from '@tanstack/react-query';
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
