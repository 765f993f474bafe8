import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { fillMessage, messages } from '../../../../contract/messages.js';
import {
  inviteRequestSchema,
  MEMBER_ROLES,
  type MemberRole,
  type TeamInvitation,
  type TeamMember,
  type TeamRole,
} from '../../../../contract/team.js';
import { errorMessageOf } from '../../../api/api-error.js';
import {
  useChangeRoleMutation,
  useInviteMutation,
  useRemoveMemberMutation,
  useRevokeInvitationMutation,
  useTeamInvitationsQuery,
  useTeamMembersQuery,
} from '../../../api/team.js';
import { Banner } from '../../../components/banner.js';
import { ConfirmDialog } from '../../../components/confirm-dialog.js';
import { DataCell, ScrollTable } from '../../../components/data-table.js';
import { Dialog } from '../../../components/dialog.js';
import { Panel } from '../../../components/panel.js';
import { QueryView } from '../../../components/query-view.js';
import { SelectField, TextField } from '../../../components/text-field.js';
import { formatDate, formatDateTime } from '../../../lib/format.js';
import { usePageTitle } from '../page-title.js';
import { ROLE_TITLES } from './role-titles.js';
import '../../../components/panel.css';
import './team.css';

const t = messages.teamScreen;

const ROLE_HINTS: Record<TeamRole, string> = { owner: t.roleOwnerHint, manager: t.roleManagerHint, analyst: t.roleAnalystHint };
const STATUS_TITLES: Record<TeamInvitation['status'], string> = {
  pending: t.statusPending,
  accepted: t.statusAccepted,
  revoked: t.statusRevoked,
  expired: t.statusExpired,
};

/** «Команда» (the owner's): members and their roles, invitations, the invite dialog. */
export function TeamPage() {
  const members = useTeamMembersQuery();
  const invitations = useTeamInvitationsQuery();
  const [inviting, setInviting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="dashboard-page team">
      <h1 className="dashboard-page__title">{usePageTitle()}</h1>
      <p className="team__lead">{t.lead}</p>
      <ul className="team__roles">
        {(['owner', ...MEMBER_ROLES] as const).map((role) => (
          <li key={role}>
            <strong>{ROLE_TITLES[role]}</strong> — {ROLE_HINTS[role]}
          </li>
        ))}
      </ul>
      {notice && (
        <Banner tone="success">
          <span role="status">{notice}</span>
        </Banner>
      )}
      <button type="button" className="button button--primary" onClick={() => setInviting(true)}>
        {t.inviteButton}
      </button>

      <Panel title={t.membersTitle}>
        <QueryView query={members} loading={messages.common.loading} failed={t.loadFailed}>
          {(list) => <MembersTable members={list} onDone={setNotice} />}
        </QueryView>
      </Panel>

      <Panel title={t.invitationsTitle}>
        <QueryView
          query={invitations}
          loading={messages.common.loading}
          failed={t.loadFailed}
          empty={{ text: t.invitationsEmpty, when: (list) => list.length === 0 }}
        >
          {(list) => <InvitationsTable invitations={list} onDone={setNotice} />}
        </QueryView>
      </Panel>

      {inviting && (
        <InviteDialog
          onClose={() => setInviting(false)}
          onSent={(message) => {
            setNotice(message);
            setInviting(false);
          }}
        />
      )}
    </section>
  );
}

function MembersTable({ members, onDone }: { members: TeamMember[]; onDone: (message: string) => void }) {
  const changeRole = useChangeRoleMutation();
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const remove = useRemoveMemberMutation();
  const failure = changeRole.error ?? remove.error;
  return (
    <>
      {failure && <Banner tone="error">{errorMessageOf(failure, messages.common.requestFailed)}</Banner>}
      <ScrollTable caption={t.membersTitle} cards>
        <thead>
          <tr>
            <th scope="col">{t.columnName}</th>
            <th scope="col">{t.columnEmail}</th>
            <th scope="col">{t.columnRole}</th>
            <th scope="col">{t.columnJoined}</th>
            <th scope="col">{t.columnActions}</th>
          </tr>
        </thead>
        <tbody>
          {members.map((member) => (
            <tr key={member.user_id}>
              <DataCell label={t.columnName}>{member.name}</DataCell>
              <DataCell label={t.columnEmail}>{member.email}</DataCell>
              <DataCell label={t.columnRole}>
                {member.role === 'owner' ? (
                  ROLE_TITLES.owner
                ) : (
                  <select
                    className="team__role-select"
                    aria-label={fillMessage(t.roleLabel, { name: member.name })}
                    value={member.role}
                    disabled={changeRole.isPending}
                    onChange={(event) =>
                      changeRole.mutate(
                        { memberId: member.user_id, role: event.target.value as MemberRole },
                        { onSuccess: ({ message }) => onDone(message) },
                      )
                    }
                  >
                    {MEMBER_ROLES.map((role) => (
                      <option key={role} value={role}>
                        {ROLE_TITLES[role]}
                      </option>
                    ))}
                  </select>
                )}
              </DataCell>
              <DataCell label={t.columnJoined}>{member.joined_at ? formatDate(new Date(member.joined_at)) : '—'}</DataCell>
              <DataCell label={t.columnActions}>
                {member.role !== 'owner' && (
                  <button type="button" className="button button--secondary button--small" onClick={() => setRemoving(member)}>
                    {t.remove}
                  </button>
                )}
              </DataCell>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {removing && (
        <ConfirmDialog
          title={fillMessage(t.removeTitle, { name: removing.name })}
          tone="danger"
          confirmLabel={t.remove}
          pending={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.user_id, {
              onSuccess: ({ message }) => onDone(message),
              onSettled: () => setRemoving(null),
            })
          }
        >
          <p>{t.removeBody}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

function InvitationsTable({ invitations, onDone }: { invitations: TeamInvitation[]; onDone: (message: string) => void }) {
  const [revoking, setRevoking] = useState<TeamInvitation | null>(null);
  const revoke = useRevokeInvitationMutation();
  return (
    <>
      {revoke.isError && <Banner tone="error">{errorMessageOf(revoke.error, messages.common.requestFailed)}</Banner>}
      <ScrollTable caption={t.invitationsTitle} cards>
        <thead>
          <tr>
            <th scope="col">{t.columnEmail}</th>
            <th scope="col">{t.columnRole}</th>
            <th scope="col">{t.columnStatus}</th>
            <th scope="col">{t.columnExpires}</th>
            <th scope="col">{t.columnActions}</th>
          </tr>
        </thead>
        <tbody>
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <DataCell label={t.columnEmail}>{invitation.email}</DataCell>
              <DataCell label={t.columnRole}>{ROLE_TITLES[invitation.role]}</DataCell>
              <DataCell label={t.columnStatus}>{STATUS_TITLES[invitation.status]}</DataCell>
              <DataCell label={t.columnExpires}>{formatDateTime(new Date(invitation.expires_at))}</DataCell>
              <DataCell label={t.columnActions}>
                {invitation.status === 'pending' && (
                  <button type="button" className="button button--secondary button--small" onClick={() => setRevoking(invitation)}>
                    {t.revoke}
                  </button>
                )}
              </DataCell>
            </tr>
          ))}
        </tbody>
      </ScrollTable>
      {revoking && (
        <ConfirmDialog
          title={fillMessage(t.revokeTitle, { email: revoking.email })}
          tone="danger"
          confirmLabel={t.revoke}
          pending={revoke.isPending}
          onClose={() => setRevoking(null)}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: ({ message }) => onDone(message),
              onSettled: () => setRevoking(null),
            })
          }
        >
          <p>{revoking.email}</p>
        </ConfirmDialog>
      )}
    </>
  );
}

const inviteFormSchema = inviteRequestSchema.omit({ user_id: true });

function InviteDialog({ onClose, onSent }: { onClose: () => void; onSent: (message: string) => void }) {
  const invite = useInviteMutation();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(inviteFormSchema), defaultValues: { email: '', role: 'manager' as MemberRole } });
  const formId = 'team-invite-form';
  const handleInvite = handleSubmit((input) => invite.mutate(input, { onSuccess: ({ message }) => onSent(message) }));
  return (
    <Dialog
      title={t.inviteTitle}
      onClose={onClose}
      actions={(close) => (
        <>
          <button type="button" className="button button--secondary" onClick={close}>
            {t.cancel}
          </button>
          <button type="submit" form={formId} className="button button--primary" disabled={invite.isPending}>
            {t.inviteSubmit}
          </button>
        </>
      )}
    >
      <form id={formId} noValidate onSubmit={handleInvite}>
        {invite.isError && <Banner tone="error">{errorMessageOf(invite.error, messages.common.requestFailed)}</Banner>}
        <TextField label={t.inviteEmail} type="email" autoComplete="off" required error={errors.email} {...register('email')} />
        <SelectField label={t.inviteRole} error={errors.role} hint={ROLE_HINTS.manager} {...register('role')}>
          {MEMBER_ROLES.map((role) => (
            <option key={role} value={role}>
              {ROLE_TITLES[role]}
            </option>
          ))}
        </SelectField>
      </form>
    </Dialog>
  );
}
