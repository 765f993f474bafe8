import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { messageResponseSchema } from '../../../contract/auth.js';
import { errorResponses } from '../../http/error-responses.js';
import { fillMessage, messages } from '../../../contract/messages.js';
import {
  acceptInvitationRequestSchema,
  acceptInvitationResponseSchema,
  changeRoleRequestSchema,
  changeRoleResponseSchema,
  invitationParamsSchema,
  inviteRequestSchema,
  inviteResponseSchema,
  memberParamsSchema,
  membershipsResponseSchema,
  teamInvitationsResponseSchema,
  teamMembersResponseSchema,
  teamQuerySchema,
} from '../../../contract/team.js';
import { requireAccess } from '../auth/session.js';
import {
  acceptInvitation,
  changeMemberRole,
  inviteMember,
  listInvitations,
  listMemberships,
  listTeam,
  removeMember,
  revokeInvitation,
  type TeamDeps,
} from './service.js';

const t = messages.team;
const errors = errorResponses(400, 401, 403, 404, 409, 429);
const signedIn = { tags: ['team'], security: [{ bearer: [] }] };

/** The seller's team: members, invitations, roles (docs/decisions.md, "A team with roles"). Who may call what: auth/permissions.ts. */
export function teamRoutes(deps: TeamDeps): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/team/members',
      { schema: { ...signedIn, querystring: teamQuerySchema, response: { 200: teamMembersResponseSchema, ...errors } } },
      async (request) => {
        const { sellerId } = await requireAccess(deps, request, request.query.user_id);
        return { members: await listTeam(deps, sellerId) };
      },
    );

    app.get(
      '/team/invitations',
      { schema: { ...signedIn, querystring: teamQuerySchema, response: { 200: teamInvitationsResponseSchema, ...errors } } },
      async (request) => {
        const { sellerId } = await requireAccess(deps, request, request.query.user_id);
        return { invitations: await listInvitations(deps, sellerId) };
      },
    );

    app.post(
      '/team/invitations',
      { schema: { ...signedIn, body: inviteRequestSchema, response: { 201: inviteResponseSchema, ...errors } } },
      async (request, reply) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body.user_id);
        const { email, role } = request.body;
        const invitation = await inviteMember(deps, { sellerId, actorId: personId, email, role });
        return reply.code(201).send({ message: fillMessage(t.invitationSent, { email }), invitation });
      },
    );

    app.delete(
      '/team/invitations/:id',
      {
        schema: {
          ...signedIn,
          params: invitationParamsSchema,
          querystring: teamQuerySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        await revokeInvitation(deps, { sellerId, actorId: personId, invitationId: request.params.id });
        return { message: t.invitationRevoked };
      },
    );

    app.put(
      '/team/members/:member_id',
      {
        schema: {
          ...signedIn,
          params: memberParamsSchema,
          body: changeRoleRequestSchema,
          response: { 200: changeRoleResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.body.user_id);
        const member = await changeMemberRole(deps, {
          sellerId,
          actorId: personId,
          memberId: request.params.member_id,
          role: request.body.role,
        });
        return { message: t.roleChanged, member };
      },
    );

    app.delete(
      '/team/members/:member_id',
      {
        schema: {
          ...signedIn,
          params: memberParamsSchema,
          querystring: teamQuerySchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const { sellerId, personId } = await requireAccess(deps, request, request.query.user_id);
        await removeMember(deps, { sellerId, actorId: personId, memberId: request.params.member_id });
        return { message: t.memberRemoved };
      },
    );

    app.get(
      '/team/memberships',
      { schema: { ...signedIn, querystring: teamQuerySchema, response: { 200: membershipsResponseSchema, ...errors } } },
      async (request) => {
        const { personId } = await requireAccess(deps, request, request.query.user_id);
        return { memberships: await listMemberships(deps, personId) };
      },
    );

    app.post(
      '/team/invitations/accept',
      { schema: { tags: ['team'], body: acceptInvitationRequestSchema, response: { 200: acceptInvitationResponseSchema, ...errors } } },
      async (request) => acceptInvitation(deps, request.body),
    );
  };
}
