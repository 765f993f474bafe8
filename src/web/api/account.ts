import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  updateProfileResponseSchema,
  type ChangeEmailRequest,
  type ChangePasswordRequest,
  type ConfirmEmailRequest,
  type ForgotPasswordRequest,
  type ResetPasswordRequest,
  type UpdateProfileRequest,
} from '../../contract/account.js';
import { messageResponseSchema } from '../../contract/auth.js';
import { messages } from '../../contract/messages.js';
import { sessionStore } from '../auth/session.js';
import { profileQueryKey } from './auth.js';
import { apiRequest } from './client.js';

const f = messages.accountForms;

export function useForgotPasswordMutation() {
  return useMutation({
    mutationFn: (body: ForgotPasswordRequest) =>
      apiRequest({
        method: 'POST',
        path: '/password/forgot',
        body,
        schema: messageResponseSchema,
        auth: 'none',
        fallbackMessage: f.forgotFailed,
      }),
  });
}

/** The server ends every session of the seller; this browser's ends with it. */
export function useResetPasswordMutation() {
  return useMutation({
    mutationFn: (body: ResetPasswordRequest) =>
      apiRequest({
        method: 'POST',
        path: '/password/reset',
        body,
        schema: messageResponseSchema,
        auth: 'none',
        fallbackMessage: f.resetFailed,
      }),
    onSuccess: () => {
      if (sessionStore.getState().session) sessionStore.signOut('logout');
    },
  });
}

export function useChangePasswordMutation() {
  return useMutation({
    mutationFn: (body: ChangePasswordRequest) =>
      apiRequest({
        method: 'POST',
        path: '/password/change',
        scope: 'account',
        body,
        schema: messageResponseSchema,
        fallbackMessage: f.saveFailed,
      }),
  });
}

/** The new name shows in the sidebar at once: the answer carries the whole user. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateProfileRequest) =>
      apiRequest({
        method: 'PUT',
        path: '/profile',
        scope: 'account',
        body,
        schema: updateProfileResponseSchema,
        fallbackMessage: f.saveFailed,
      }),
    onSuccess: ({ user }) => {
      sessionStore.updateUser(user);
      queryClient.setQueryData(profileQueryKey(user.id), user);
    },
  });
}

export function useChangeEmailMutation() {
  return useMutation({
    mutationFn: (body: ChangeEmailRequest) =>
      apiRequest({
        method: 'POST',
        path: '/email/change',
        scope: 'account',
        body,
        schema: messageResponseSchema,
        fallbackMessage: f.saveFailed,
      }),
  });
}

/** Works signed in or not (the link is the proof); a signed-in seller's profile is read again. */
export function useConfirmEmailMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConfirmEmailRequest) =>
      apiRequest({
        method: 'POST',
        path: '/email/confirm',
        body,
        schema: messageResponseSchema,
        auth: 'none',
        fallbackMessage: f.saveFailed,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
