// Invitations addressed to me, each with its own "Join" button: one click joins that workspace
// (onboarding's workspace step offers them this way, issue #26).
import type { WorkspaceInvitation } from '../api/types';
import { useT } from '../i18n';
import { Button } from '../ui';
import { roleLabel } from './role-select';
import { WorkspaceAvatar } from './workspace-switcher';

/** The workspace an invitation points at, as far as the invitation names it. */
function invitedWorkspace(invitation: WorkspaceInvitation): { name: string; slug: string } {
  return typeof invitation.workspace === 'object' ? invitation.workspace : { name: invitation.email, slug: '' };
}

export function InvitationOffers({ invitations, joiningId, onJoin }: {
  invitations: WorkspaceInvitation[];
  /** The invitation being joined right now (its button spins, the others wait). */
  joiningId: string | null;
  onJoin: (invitation: WorkspaceInvitation) => void;
}) {
  const t = useT();
  return (
    <ul className="choice-list">
      {invitations.map((invitation) => {
        const workspace = invitedWorkspace(invitation);
        return (
          <li key={invitation.id} className="choice choice-static" data-testid="invitation-offer">
            <WorkspaceAvatar workspace={workspace} />
            <span className="choice-text">
              <span className="choice-title">{workspace.name}</span>
              <span className="choice-subtitle">{t('invitations.invitedAs', { role: roleLabel(t, invitation.role) })}</span>
            </span>
            <Button
              size="sm"
              className="choice-action"
              busy={joiningId === invitation.id}
              disabled={joiningId !== null}
              onClick={() => onJoin(invitation)}
              aria-label={t('onboarding.workspace.joinNamed', { workspace: workspace.name })}
              data-testid={`join-invitation-${workspace.slug || invitation.id}`}
            >
              {t('onboarding.workspace.join')}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
