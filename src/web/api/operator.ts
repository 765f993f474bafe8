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

export interface OperatorContact {
  href: string;
  /** Demo mode's stand-in address when the operator set none, to be labelled as an example; else null. */
  sample: string | null;
}

/**
 * The operator's Telegram, else a letter to the operator; null while neither is set (production
 * then offers no contact rather than a made-up one). Only the e-mail has a demo sample.
 */
export function operatorContact(details: OperatorDetails | undefined): OperatorContact | null {
  if (details?.contact_telegram) return { href: details.contact_telegram, sample: null };
  if (!details?.contact_email) return null;
  const sample = details.samples.includes('contact_email') ? details.contact_email : null;
  return { href: `mailto:${details.contact_email}`, sample };
}
