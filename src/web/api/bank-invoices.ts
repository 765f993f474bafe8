import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  bankInvoicePdfPath,
  bankInvoicesResponseSchema,
  createBankInvoiceResponseSchema,
  requisitesResponseSchema,
  saveRequisitesResponseSchema,
  type SellerRequisitesInput,
} from '../../contract/bank-invoices.js';
import { messages } from '../../contract/messages.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';
import { downloadFile } from './download.js';

const m = messages.bankInvoices;

export const requisitesQueryKey = (userId: number) => ['bank-requisites', userId] as const;
export const bankInvoicesQueryKey = (userId: number) => ['bank-invoices', userId] as const;

/** The payer's requisites (null until the seller enters them). */
export function useRequisitesQuery() {
  const userId = useSellerId();
  return useQuery({
    queryKey: requisitesQueryKey(userId ?? 0),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/balance/requisites',
        query: { user_id: userId },
        schema: requisitesResponseSchema,
        fallbackMessage: m.requisitesLoadFailed,
        signal,
      }),
    select: (answer) => answer.requisites,
  });
}

export function useSaveRequisitesMutation() {
  const queryClient = useQueryClient();
  const userId = useSellerId();
  return useMutation({
    mutationFn: (requisites: SellerRequisitesInput) =>
      apiRequest({
        method: 'PUT',
        path: '/balance/requisites',
        body: { user_id: userId, ...requisites },
        schema: saveRequisitesResponseSchema,
        fallbackMessage: m.requisitesSaveFailed,
      }),
    onSuccess: (answer) => queryClient.setQueryData(requisitesQueryKey(userId ?? 0), { requisites: answer.requisites }),
  });
}

/** The seller's invoices, newest first; fetched again on every visit (the operator marks them paid). */
export function useBankInvoicesQuery() {
  const userId = useSellerId();
  return useQuery({
    queryKey: bankInvoicesQueryKey(userId ?? 0),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/balance/invoices',
        query: { user_id: userId },
        schema: bankInvoicesResponseSchema,
        fallbackMessage: m.listLoadFailed,
        signal,
      }),
    select: (answer) => answer.invoices,
  });
}

export function useIssueBankInvoiceMutation() {
  const queryClient = useQueryClient();
  const userId = useSellerId();
  return useMutation({
    mutationFn: (amount: number) =>
      apiRequest({
        method: 'POST',
        path: '/balance/invoice',
        body: { user_id: userId, amount },
        schema: createBankInvoiceResponseSchema,
        fallbackMessage: m.issueFailed,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankInvoicesQueryKey(userId ?? 0) }),
  });
}

/** Saves the invoice's PDF; fetched with the session's token in the header (./download.ts). */
export function downloadBankInvoice(number: string): Promise<string> {
  return downloadFile(bankInvoicePdfPath(number), {}, `invoice-${number.replace(/\D/g, '')}.pdf`, m.downloadFailed);
}
