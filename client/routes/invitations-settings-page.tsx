// `/{workspaceSlug}/settings/invitations`: pending invitations the workspace sent; edit role, revoke.
import { Mail } from 'lucide-react';
import { useState } from 'react';
import type { WorkspaceInvitation } from '../api/types';
import { useFormError } from '../auth/use-form-error';
import { Alert } from '../components/alert';
import { AppShell } from '../components/app-shell';
import { ConfirmDialog } from '../components/confirm-dialog';
import { EmptyState, Spinner } from '../components/feedback';
import { formatDate } from '../components/format';
import { CopyButton } from '../components/copy-button';
import { InviteRowsForm } from '../components/invite-rows-form';
import { RoleSelect, roleLabel } from '../components/role-select';
import { useLocale, useT } from '../i18n';
import {
  deleteInvitation,
  updateInvitationRole,
  useWorkspaceInvitations,
  useWorkspaceInvitationsStatus,
} from '../stores/invitation-store';
import { useWorkspace } from '../stores/workspace-store';
import { can, memberContext } from '../../shared/permission-table';
import { Button, Dialog } from '../ui';

export function InvitationsSettingsPage({ workspaceSlug }: { workspaceSlug: string }) {
  const t = useT();
  const locale = useLocale();
  const workspace = useWorkspace(workspaceSlug);
  const invitations = useWorkspaceInvitations(workspaceSlug);
  const status = useWorkspaceInvitationsStatus(workspaceSlug);
  const [inviting, setInviting] = useState(false);
  const [revoking, setRevoking] = useState<WorkspaceInvitation | null>(null);
  const errors = useFormError();
  const myRole = workspace?.role ?? 0;
  const canManage = can('workspace.invite', memberContext(myRole));

  const handleRoleChange = async (invitation: WorkspaceInvitation, role: number) => {
    await errors.attempt(() => updateInvitationRole(workspaceSlug, invitation.id, role));
  };

  return (
    <AppShell
      workspaceSlug={workspaceSlug}
      title={t('wsInvitations.title')}
      actions={canManage && <Button onClick={() => setInviting(true)} data-testid="invite-members-button">{t('members.invite')}</Button>}
    >
      <p className="page-lead">{t('wsInvitations.subtitle', { workspace: workspace?.name ?? '' })}</p>
      {errors.banner && <Alert onDismiss={errors.clear}>{errors.banner}</Alert>}
      <section className="card card-flush">
        {canManage && status !== 'ready' && invitations.length === 0 ? (
          status === 'error' ? null : <Spinner />
        ) : invitations.length === 0 ? (
          <EmptyState title={t('wsInvitations.emptyTitle')} body={t('wsInvitations.emptyBody')} icon={<Mail size={22} />} />
        ) : (
          <table className="table" data-testid="invitations-table">
            <thead>
              <tr>
                <th scope="col">{t('members.column.email')}</th>
                <th scope="col">{t('members.column.role')}</th>
                <th scope="col">{t('wsInvitations.column.sent')}</th>
                <th scope="col"><span className="sr-only">{t('members.column.actions')}</span></th>
              </tr>
            </thead>
            <tbody>
              {invitations.map((invitation) => (
                <tr key={invitation.id} data-testid="invitation-row" data-invitation-email={invitation.email}>
                  <td>{invitation.email}</td>
                  <td>
                    {canManage ? (
                      <RoleSelect
                        value={invitation.role}
                        maxRole={myRole}
                        onChange={(role) => void handleRoleChange(invitation, role)}
                        label={t('members.roleFor', { name: invitation.email })}
                        testId="invitation-role-select"
                      />
                    ) : (
                      roleLabel(t, invitation.role)
                    )}
                  </td>
                  <td className="muted">{formatDate(invitation.created_at, locale)}</td>
                  <td className="table-actions">
                    {invitation.invite_link && <CopyButton text={invitation.invite_link} label={t('screens.invite.copyLink')} testId="copy-invitation-link" />}
                    {canManage && (
                      <Button variant="ghost" size="sm" onClick={() => setRevoking(invitation)} data-testid="revoke-invitation-button">
                        {t('wsInvitations.revoke')}
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {inviting && (
        <Dialog title={t('inviteModal.title', { workspace: workspace?.name ?? '' })} onClose={() => setInviting(false)} testId="invite-modal">
          <InviteRowsForm workspaceSlug={workspaceSlug} maxRole={myRole} onSent={() => setInviting(false)} />
        </Dialog>
      )}
      {revoking && (
        <ConfirmDialog
          title={t('wsInvitations.revoke')}
          message={t('wsInvitations.revokeConfirm', { email: revoking.email })}
          confirmLabel={t('wsInvitations.revoke')}
          onConfirm={() => deleteInvitation(workspaceSlug, revoking.id)}
          onClose={() => setRevoking(null)}
        />
      )}
    </AppShell>
  );
}
