import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { messageResponseSchema } from '../../contract/auth.js';
import { messages } from '../../contract/messages.js';
import {
  acceptInvitationResponseSchema,
  changeRoleResponseSchema,
  inviteResponseSchema,
  membershipsResponseSchema,
  teamInvitationsResponseSchema,
  teamMembersResponseSchema,
  type AcceptInvitationRequest,
  type MemberRole,
  type TeamRole,
} from '../../contract/team.js';
import { actingSellerStore, sessionStore, useAccountId, useSellerId } from '../auth/session.js';
import { apiRequest } from './client.js';

const t = messages.teamScreen;
const teamKey = (userId: number) => ['team', userId] as const;

/** The teams the signed-in person is in (the header's switch), whichever cabinet is open. */
export function useMembershipsQuery() {
  const personId = useAccountId();
  return useQuery({
    queryKey: ['memberships', personId ?? 0],
    enabled: personId !== undefined,
    queryFn: async ({ signal }) =>
      (
        await apiRequest({
          path: '/team/memberships',
          scope: 'account',
          query: { user_id: personId },
          schema: membershipsResponseSchema,
          fallbackMessage: t.loadFailed,
          signal,
        })
      ).memberships,
  });
}

/**
 * The role the person holds in the cabinet open now: the owner of their own account, else their
 * role in that seller's team (undefined while it loads). The cabinet hides what the role cannot
 * do; the server decides.
 */
export function useActingRole(): TeamRole | undefined {
  const personId = useAccountId();
  const sellerId = useSellerId();
  const memberships = useMembershipsQuery().data;
  if (sellerId === undefined || sellerId === personId) return 'owner';
  return memberships?.find((membership) => membership.user_id === sellerId)?.role;
}

/** The header's switch: another seller's cabinet, or back to the person's own (null). */
export function chooseSeller(sellerId: number | null): void {
  const personId = sessionStore.getState().session?.user.id;
  if (personId !== undefined) actingSellerStore.choose(personId, sellerId === personId ? null : sellerId);
}

export function useTeamMembersQuery() {
  const userId = useSellerId();
  return useQuery({
    queryKey: [...teamKey(userId ?? 0), 'members'],
    enabled: userId !== undefined,
    queryFn: async ({ signal }) =>
      (
        await apiRequest({
          path: '/team/members',
          query: { user_id: userId },
          schema: teamMembersResponseSchema,
          fallbackMessage: t.loadFailed,
          signal,
        })
      ).members,
  });
}

export function useTeamInvitationsQuery() {
  const userId = useSellerId();
  return useQuery({
    queryKey: [...teamKey(userId ?? 0), 'invitations'],
    enabled: userId !== undefined,
    queryFn: async ({ signal }) =>
      (
        await apiRequest({
          path: '/team/invitations',
          query: { user_id: userId },
          schema: teamInvitationsResponseSchema,
          fallbackMessage: t.loadFailed,
          signal,
        })
      ).invitations,
  });
}

/** Every change to the team reads the members and invitations again. */
function useTeamMutation<Input, Answer>(request: (userId: number | undefined, input: Input) => Promise<Answer>) {
  const userId = useSellerId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => request(userId, input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: teamKey(userId ?? 0) }),
  });
}

export function useInviteMutation() {
  return useTeamMutation((userId, input: { email: string; role: MemberRole }) =>
    apiRequest({ method: 'POST', path: '/team/invitations', body: { user_id: userId, ...input }, schema: inviteResponseSchema }),
  );
}

export function useRevokeInvitationMutation() {
  return useTeamMutation((userId, id: number) =>
    apiRequest({ method: 'DELETE', path: `/team/invitations/${id}`, query: { user_id: userId }, schema: messageResponseSchema }),
  );
}

export function useChangeRoleMutation() {
  return useTeamMutation((userId, input: { memberId: number; role: MemberRole }) =>
    apiRequest({
      method: 'PUT',
      path: `/team/members/${input.memberId}`,
      body: { user_id: userId, role: input.role },
      schema: changeRoleResponseSchema,
    }),
  );
}

export function useRemoveMemberMutation() {
  return useTeamMutation((userId, memberId: number) =>
    apiRequest({ method: 'DELETE', path: `/team/members/${memberId}`, query: { user_id: userId }, schema: messageResponseSchema }),
  );
}

/** The invitation page: a new account or an existing one joins; either way the person is signed in, in the team's cabinet. */
export function useAcceptInvitationMutation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationRequest) =>
      apiRequest({ method: 'POST', path: '/team/invitations/accept', auth: 'none', body, schema: acceptInvitationResponseSchema }),
    onSuccess: ({ token, user, membership }) => {
      sessionStore.signIn({ token, user });
      actingSellerStore.choose(user.id, membership.user_id);
    },
  });
}
