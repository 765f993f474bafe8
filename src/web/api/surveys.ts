import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messages } from '../../contract/messages.js';
import { surveyListResponseSchema, surveyResultsSchema, surveySavedResponseSchema, type SurveyDraft } from '../../contract/surveys.js';
import { useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const m = messages.surveys;
const surveysQueryKey = (userId: number, actionId: number) => ['surveys', userId, actionId] as const;

/** The action's surveys and quizzes, newest first. */
export function useSurveysQuery(actionId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: surveysQueryKey(userId ?? 0, actionId),
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: '/surveys',
        query: { user_id: userId, project_id: actionId },
        schema: surveyListResponseSchema,
        fallbackMessage: m.loadFailed,
        signal,
      }),
  });
}

/** A survey's answers per option, free texts and takers. */
export function useSurveyResultsQuery(surveyId: number) {
  const userId = useSellerId();
  return useQuery({
    queryKey: ['survey-results', userId ?? 0, surveyId],
    enabled: userId !== undefined,
    queryFn: ({ signal }) =>
      apiRequest({
        path: `/surveys/${surveyId}/results`,
        query: { user_id: userId },
        schema: surveyResultsSchema,
        fallbackMessage: m.resultsFailed,
        signal,
      }),
  });
}

function useRefreshSurveys(actionId: number) {
  const queryClient = useQueryClient();
  const userId = useSellerId() ?? 0;
  return () => queryClient.invalidateQueries({ queryKey: surveysQueryKey(userId, actionId) });
}

/** A new draft (no id) or a changed one. */
export function useSaveSurveyMutation(actionId: number) {
  const userId = useSellerId();
  const refresh = useRefreshSurveys(actionId);
  return useMutation({
    mutationFn: ({ id, draft }: { id: number | null; draft: SurveyDraft }) =>
      apiRequest({
        method: id === null ? 'POST' : 'PUT',
        path: id === null ? '/surveys' : `/surveys/${id}`,
        body: id === null ? { ...draft, project_id: actionId, user_id: userId } : { ...draft, user_id: userId },
        schema: surveySavedResponseSchema,
        fallbackMessage: m.saveFailed,
      }),
    onSuccess: refresh,
  });
}

/** Takes a published survey out of the bot's menu; its results stay. */
export function useCloseSurveyMutation(actionId: number) {
  const userId = useSellerId();
  const refresh = useRefreshSurveys(actionId);
  return useMutation({
    mutationFn: (surveyId: number) =>
      apiRequest({
        method: 'POST',
        path: `/surveys/${surveyId}/close`,
        query: { user_id: userId },
        schema: surveySavedResponseSchema,
        fallbackMessage: m.closeFailed,
      }),
    onSuccess: refresh,
  });
}

export function usePublishSurveyMutation(actionId: number) {
  const userId = useSellerId();
  const refresh = useRefreshSurveys(actionId);
  return useMutation({
    mutationFn: (surveyId: number) =>
      apiRequest({
        method: 'POST',
        path: `/surveys/${surveyId}/publish`,
        query: { user_id: userId },
        schema: surveySavedResponseSchema,
        fallbackMessage: m.publishFailed,
      }),
    onSuccess: refresh,
  });
}
