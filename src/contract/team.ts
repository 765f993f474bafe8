import { z } from './zod-setup.js';
import { emailSchema, loginResponseSchema, nameSchema, passwordSchema, userIdSchema } from './auth.js';
import { ACCOUNT_TOKEN_MAX_LENGTH } from './constants.js';
import { bigIdParam, intIdParam } from './ids.js';
import { messages } from './messages.js';

const t = messages.team;

/**
 * A seller's team (docs/decisions.md, "A team with roles"): GET /team/members, GET/POST
 * /team/invitations, DELETE /team/invitations/{id}, PUT/DELETE /team/members/{member_id},
 * POST /team/invitations/accept, GET /team/memberships (the header's switch).
 */

/** From most to least: each role may do everything the ones after it may. */
export const TEAM_ROLES = ['owner', 'manager', 'analyst'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
/** The roles an invitation gives: the owner is the seller's own account, never invited. */
export const MEMBER_ROLES = ['manager', 'analyst'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** Whether a role may do what `required` asks (owner ⊃ manager ⊃ analyst). */
export function roleAllows(role: TeamRole, required: TeamRole): boolean {
  return TEAM_ROLES.indexOf(role) <= TEAM_ROLES.indexOf(required);
}

const memberRoleSchema = z.enum(MEMBER_ROLES, { error: t.roleInvalid });

export const teamMemberSchema = z.object({
  user_id: z.number().int(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  /** null for the owner: the account itself, there from the start. */
  joined_at: z.string().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberSchema>;
export const teamMembersResponseSchema = z.object({ members: z.array(teamMemberSchema) });

export const INVITATION_STATUSES = ['pending', 'accepted', 'revoked', 'expired'] as const;
export const teamInvitationSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  role: memberRoleSchema,
  status: z.enum(INVITATION_STATUSES),
  created_at: z.string(),
  expires_at: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;
export const teamInvitationsResponseSchema = z.object({ invitations: z.array(teamInvitationSchema) });

export const teamQuerySchema = z.object({ user_id: userIdSchema.optional() });
export const inviteRequestSchema = z.object({ user_id: userIdSchema.optional(), email: emailSchema, role: memberRoleSchema });
export const inviteResponseSchema = z.object({ message: z.string(), invitation: teamInvitationSchema });

export const invitationParamsSchema = z.object({ id: bigIdParam(t.invitationNotFound) });
export const memberParamsSchema = z.object({ member_id: intIdParam(t.memberNotFound) });
export const changeRoleRequestSchema = z.object({ user_id: userIdSchema.optional(), role: memberRoleSchema });
export const changeRoleResponseSchema = z.object({ message: z.string(), member: teamMemberSchema });

const invitationTokenSchema = z
  .string({ error: messages.teamScreen.acceptNoToken })
  .trim()
  .min(1, messages.teamScreen.acceptNoToken)
  .max(ACCOUNT_TOKEN_MAX_LENGTH, t.invitationLinkInvalid);

/**
 * The invitation page's answer. A new person sends a name and a password; an account that
 * already has the invitation's address sends its password (the name is then not needed).
 */
export const acceptInvitationRequestSchema = z.object({
  token: invitationTokenSchema,
  password: passwordSchema,
  name: nameSchema.optional(),
});
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

/** The team joined, as the header's switch lists it. */
export const membershipSchema = z.object({ user_id: z.number().int(), name: z.string(), role: z.enum(TEAM_ROLES) });
export type Membership = z.infer<typeof membershipSchema>;
export const membershipsResponseSchema = z.object({ memberships: z.array(membershipSchema) });

export const acceptInvitationResponseSchema = loginResponseSchema.extend({ membership: membershipSchema });
export type AcceptInvitationResponse = z.infer<typeof acceptInvitationResponseSchema>;
