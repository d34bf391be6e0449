// `/{workspaceSlug}/settings/members`: list members, change roles, remove, invite by email.
import { useState } from 'react';
import type { WorkspaceMember } from '../api/types';
import { useFormError } from '../auth/use-form-error';
import { Alert } from '../components/alert';
import { AppShell } from '../components/app-shell';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState } from '../components/feedback';
import { Button, Dialog, SkeletonRows } from '../ui';
import { InviteRowsForm } from '../components/invite-rows-form';
import { RoleSelect, roleLabel } from '../components/role-select';
import { Link } from '@tanstack/react-router';
import { useT } from '../i18n';
import { removeMember, updateMemberRole, useMembers, useMembersStatus } from '../stores/member-store';
import { useSessionStore } from '../stores/session-store';
import { useWorkspace } from '../stores/workspace-store';
import { can, memberContext } from '../../shared/permission-table';

function memberName(member: WorkspaceMember['member']): string {
  return member.display_name || [member.first_name, member.last_name].filter(Boolean).join(' ') || member.email || '';
}

export function MembersSettingsPage({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useT();
  const workspace = useWorkspace(workspaceSlug);
  const members = useMembers(workspaceSlug);
  const status = useMembersStatus(workspaceSlug);
  const me = useSessionStore((state) => state.user);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<WorkspaceMember | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const errors = useFormError();
  const myRole = workspace?.role ?? 0;
  const isAdmin = can('workspace.manage', memberContext(myRole));

  const handleRoleChange = async (member: WorkspaceMember, role: number) => {
    await errors.attempt(() => updateMemberRole(workspaceSlug, member.id, role));
  };

  return (
    <AppShell
      workspaceSlug={workspaceSlug}
      title={t('members.title')}
      actions={
        can('workspace.invite', memberContext(myRole)) && (
          <Button onClick={() => setInviting(true)} data-testid="invite-members-button">
            {t('members.invite')}
          </Button>
        )
      }
    >
      <p className="page-lead">{t('members.subtitle', { workspace: workspace?.name ?? '' })}</p>
      {errors.banner && <Alert onDismiss={errors.clear}>{errors.banner}</Alert>}
      {notice && <Alert tone="success" onDismiss={() => setNotice(null)}>{notice}</Alert>}
      <section className="card card-flush">
        {status !== 'ready' && members.length === 0 ? (
          status === 'error' ? null : <SkeletonRows />
        ) : members.length === 0 ? (
          <EmptyState title={t('members.emptyTitle')} body={t('members.emptyBody')} />
        ) : (
          <table className="table" data-testid="members-table">
            <thead>
              <tr>
                <th scope="col">{t('members.column.name')}</th>
                <th scope="col">{t('members.column.email')}</th>
                <th scope="col">{t('members.column.role')}</th>
                <th scope="col"><span className="sr-only">{t('members.column.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {members.map((row) => {
                const isMe = row.member.id === me?.id;
                const isActive = row.is_active !== false;
                const name = memberName(row.member);
                const canEdit = isAdmin && !isMe && isActive;
                return (
                  <tr key={row.id} data-testid="member-row" data-member-email={row.member.email}>
                    <td>
                      <span className="person">
                        <span className="avatar" aria-hidden="true">{name.charAt(0).toUpperCase()}</span>
                        <span>
                          <Link to="/$workspaceSlug/profile/$userId" params={{ workspaceSlug, userId: row.member.id }} search={{ tab: 'summary' }} data-testid="member-profile-link">
                            {name}
                          </Link>
                          {isMe && <span className="badge">{t('members.you')}</span>}
                          {!isActive && <span className="badge badge-muted">{t('members.suspended')}</span>}
                        </span>
                      </span>
                    </td>
                    <td className="muted">{row.member.email}</td>
                    <td>
                      {canEdit ? (
                        <RoleSelect
                          value={row.role}
                          onChange={(role) => void handleRoleChange(row, role)}
                          label={t('members.roleFor', { name })}
                          testId="member-role-select"
                        />
                      ) : (
                        roleLabel(t, row.role)
                      )}
                    </td>
                    <td className="table-actions">
                      {canEdit && (
                        <Button variant="ghost" size="sm" onClick={() => setRemoving(row)} data-testid="remove-member-button">
                          {t('members.remove')}
                        </Button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      {inviting && (
        <Dialog title={t('inviteModal.title', { workspace: workspace?.name ?? '' })} onClose={() => setInviting(false)} testId="invite-modal">
          <InviteRowsForm
            workspaceSlug={workspaceSlug}
            maxRole={myRole}
            onSent={(_rows, { emailed }) => {
              setInviting(false);
              setNotice(t(emailed ? 'inviteModal.sent' : 'screens.invite.created'));
            }}
          />
        </Dialog>
      )}
      {removing && (
        <ConfirmDialog
          title={t('members.remove')}
          message={t('members.removeConfirm', { name: memberName(removing.member) })}
          confirmLabel={t('members.remove')}
          onConfirm={() => removeMember(workspaceSlug, removing.id)}
          onClose={() => setRemoving(null)}
        />
      )}
    </AppShell>
  );
}
