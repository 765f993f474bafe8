import { useMutation, useQuery } from '@tanstack/react-query';
import {
  loginResponseSchema,
  messageResponseSchema,
  registerResponseSchema,
  profileResponseSchema,
  type LoginRequest,
  type RegisterRequest,
} from '../../contract/auth.js';
import { messages } from '../../contract/messages.js';
import { sessionStore, useSessionState } from '../auth/session.js';
import { apiRequest } from './client.js';

export function useRegisterMutation() {
  return useMutation({
    mutationFn: (form: RegisterRequest) =>
      apiRequest({
        method: 'POST',
        path: '/register',
        body: form,
        schema: registerResponseSchema,
        auth: 'none',
        fallbackMessage: messages.auth.registerFailed,
      }),
  });
}

/** Signing in stores the session; the route guard then leaves the login screen. */
export function useLoginMutation() {
  return useMutation({
    mutationFn: (credentials: LoginRequest) =>
      apiRequest({
        method: 'POST',
        path: '/login',
        body: credentials,
        schema: loginResponseSchema,
        auth: 'none',
        fallbackMessage: messages.auth.loginFailed,
      }),
    onSuccess: ({ token, user }) => sessionStore.signIn({ token, user }),
  });
}

/**
 * Signs out here at once, then asks the server to revoke the token. The revoke's
 * failure changes nothing for the seller (the token is gone from this browser),
 * so it is ignored.
 */
export function useLogoutMutation() {
  return useMutation({
    mutationFn: async () => {
      const token = sessionStore.getState().session?.token;
      sessionStore.signOut('logout');
      if (!token) return;
      await apiRequest({
        method: 'POST',
        path: '/logout',
        scope: 'account',
        schema: messageResponseSchema,
        auth: { token },
        keepalive: true,
      }).catch(() => undefined);
    },
  });
}

export const profileQueryKey = (userId: number) => ['profile', userId] as const;

/** The seller's current profile; each answer also refreshes the stored session (SPEC §4). */
export function useProfileQuery() {
  const userId = useSessionState().session?.user.id;
  return useQuery({
    queryKey: profileQueryKey(userId ?? 0),
    enabled: userId !== undefined,
    queryFn: async ({ signal }) => {
      const { user } = await apiRequest({
        path: '/profile',
        scope: 'account',
        query: { user_id: userId },
        schema: profileResponseSchema,
        fallbackMessage: messages.common.dashboardLoadFailed,
        signal,
      });
      sessionStore.updateUser(user);
      return user;
    },
  });
}
