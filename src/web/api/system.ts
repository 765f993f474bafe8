import { useQuery } from '@tanstack/react-query';
import { healthResponseSchema } from '../../contract/auth.js';
import { apiRequest } from './client.js';

/** Server status; its mode decides the 'Демо-режим' badge. It does not change while the page is open. */
export function useHealthQuery() {
  return useQuery({
    queryKey: ['health'],
    queryFn: ({ signal }) => apiRequest({ path: '/health', schema: healthResponseSchema, auth: 'none', signal }),
    staleTime: Infinity,
  });
}
