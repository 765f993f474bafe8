import { useQuery } from '@tanstack/react-query';
import { operatorDetailsSchema, type OperatorDetails } from '../../contract/operator.js';
import { apiRequest } from './client.js';

/** The operator's details (contacts for the cabinet's demo and support links). */
export function useOperatorQuery() {
  return useQuery({
    queryKey: ['operator-details'],
    queryFn: ({ signal }) => apiRequest({ path: '/public/operator', schema: operatorDetailsSchema, auth: 'none', signal }),
    staleTime: 5 * 60_000,
  });
}

/** The operator's Telegram, else a letter to the operator; null while neither is set. */
export function contactHref(details: OperatorDetails | undefined): string | null {
  if (details?.contact_telegram) return details.contact_telegram;
  if (details?.contact_email) return `mailto:${details.contact_email}`;
  return null;
}
