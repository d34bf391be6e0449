// Turns workspace invitation rows into the Workspace Invite wire object of reference §13/§4.3.
import type { Workspace, WorkspaceInvitation } from '../../../../db/schema/index';
import { presentWorkspaceLite } from './workspace';

/** The link the invite email carries; the `/workspace-invitations` page reads these three params. */
export function invitationLink(appBaseUrl: string, invitation: WorkspaceInvitation, workspace: Pick<Workspace, 'slug'>): string {
  const query = new URLSearchParams({ invitation_id: invitation.id, slug: workspace.slug, token: invitation.token });
  return `${appBaseUrl}/workspace-invitations/?${query.toString()}`;
}

type WorkspaceForInvite = Pick<Workspace, 'id' | 'name' | 'slug' | 'logo'>;

/**
 * An Invite. Workspace admins and members see `token` and `invite_link` (they may share the link);
 * the anonymous join page and the invitee's own list do not (reference §14: the join GET leaked it).
 */
export function presentInvitation(
  invitation: WorkspaceInvitation,
  workspace: WorkspaceForInvite,
  options: { appBaseUrl: string; withSecret: boolean },
) {
  return {
    id: invitation.id,
    workspace: presentWorkspaceLite(workspace),
    email: invitation.email,
    role: invitation.role,
    accepted: invitation.accepted,
    message: invitation.message,
    responded_at: invitation.respondedAt?.toISOString() ?? null,
    ...(options.withSecret
      ? { token: invitation.token, invite_link: invitationLink(options.appBaseUrl, invitation, workspace) }
      : {}),
    created_at: invitation.createdAt.toISOString(),
    updated_at: invitation.updatedAt.toISOString(),
    deleted_at: invitation.deletedAt?.toISOString() ?? null,
    created_by: invitation.createdBy,
    updated_by: invitation.updatedBy,
  };
}
