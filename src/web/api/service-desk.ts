import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { faqResponseSchema, faqSavedSchema, type FaqItemDraft } from '../../contract/faq.js';
import { messages } from '../../contract/messages.js';
import {
  productRulesResponseSchema,
  productRulesSavedSchema,
  warrantyListSchema,
  type ProductRuleDraft,
  guideFileUploadedSchema,
  type GuideFileKind,
} from '../../contract/product-guides.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

// The action's service desk: questions and answers, product rules, the warranty search.

const m = messages.serviceDesk;
const faqKey = (userId: number, actionId: number) => ['faq', userId, actionId] as const;
const rulesKey = (userId: number, actionId: number) => ['product-rules', userId, actionId] as const;

export function useFaqQuery(actionId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: faqKey(userId ?? 0, actionId),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/projects/${actionId}/faq`,
        query: { user_id: userId },
        schema: faqResponseSchema,
        fallbackMessage: m.faqLoadFailed,
        signal,
      }),
  });
}

/** Replaces the whole list; the answer is the list as stored, which the query then shows. */
export function useSaveFaqMutation(actionId: number) {
  const userId = useSellerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (items: FaqItemDraft[]) =>
      apiRequest({
        method: 'PUT',
        path: `/projects/${actionId}/faq`,
        query: { user_id: userId },
        body: items,
        schema: faqSavedSchema,
        fallbackMessage: m.faqSaveFailed,
      }),
    onSuccess: ({ items }) => queryClient.setQueryData(faqKey(userId ?? 0, actionId), { items }),
  });
}

export function useProductRulesQuery(actionId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: rulesKey(userId ?? 0, actionId),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/projects/${actionId}/product-rules`,
        query: { user_id: userId },
        schema: productRulesResponseSchema,
        fallbackMessage: m.rulesLoadFailed,
        signal,
      }),
  });
}

export function useSaveProductRulesMutation(actionId: number) {
  const userId = useSellerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: ProductRuleDraft[]) =>
      apiRequest({
        method: 'PUT',
        path: `/projects/${actionId}/product-rules`,
        query: { user_id: userId },
        body: rules,
        schema: productRulesSavedSchema,
        fallbackMessage: m.rulesSaveFailed,
      }),
    onSuccess: ({ rules }) => queryClient.setQueryData(rulesKey(userId ?? 0, actionId), { rules }),
  });
}

export type WarrantySearch = { buyer: string } | { receipt: number };

/** The action's warranties of a shopper or a receipt; nothing is asked until a search is given. */
export function useWarrantySearchQuery(actionId: number, search: WarrantySearch | null) {
  const userId = useSellerId();
  return useQuery({
    queryKey: ['warranties', userId ?? 0, actionId, search],
    enabled: userId !== undefined && search !== null,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/warranties',
        query: { user_id: userId, project_id: actionId, ...search },
        schema: warrantyListSchema,
        fallbackMessage: m.searchFailed,
        signal,
      }),
  });
}

/** A guide's PDF or video (multipart field `file`): answers its `upload_id` for a rule's attachment. */
export function useUploadGuideFileMutation() {
  const userId = useSellerId();
  return useMutation({
    mutationFn: ({ kind, file }: { kind: GuideFileKind; file: File }) => {
      const form = new FormData();
      form.append('file', file);
      return apiRequest({
        method: 'POST',
        path: '/product-rules/files',
        query: { user_id: userId, kind },
        body: form,
        schema: guideFileUploadedSchema,
        fallbackMessage: m.fileUploadFailed,
      });
    },
  });
}
