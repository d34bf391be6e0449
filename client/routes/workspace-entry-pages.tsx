// Ways into a workspace: `/create-workspace`, `/invitations` (accept invites addressed to me) and
// `/workspace-invitations` (answer an emailed invite link with its token).
import { useState } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useResource } from '../api/use-resource';
import { useFormError } from '../auth/use-form-error';
import { Alert } from '../components/alert';
import { AuthLayout } from '../components/auth-layout';
import { EmptyState, Spinner } from '../components/feedback';
import { InvitationChecklist } from '../components/invitation-checklist';
import { roleLabel } from '../components/role-select';
import { WorkspaceForm } from '../components/workspace-form';
import { useT } from '../i18n';
import {
  acceptInvitations,
  fetchInvitationForLink,
  respondToInvitationLink,
  useMyInvitations,
  useMyInvitationsRead,
  useMyInvitationsStatus,
} from '../stores/invitation-store';
import { refreshSettings, useSessionStore } from '../stores/session-store';
import { fetchMyWorkspaces } from '../stores/workspace-store';
import { invitationSlug } from './onboarding-page';
import { Button } from '../ui';

export function CreateWorkspacePage() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <AuthLayout title={t('workspace.create.title')} subtitle={t('workspace.create.subtitle')}>
      <WorkspaceForm
        onCreated={async (workspace) => {
          await refreshSettings();
          await navigate({ to: '/$workspaceSlug', params: { workspaceSlug: workspace.slug } });
        }}
      />
    </AuthLayout>
  );
}

export function InvitationsPage() {
  const t = useT();
  const navigate = useNavigate();
  const invitations = useMyInvitations();
  const status = useMyInvitationsStatus();
  const [busy, setBusy] = useState(false);
  const errors = useFormError();

  useMyInvitationsRead(errors.showError);

  const handleAccept = async (ids: string[]) => {
    setBusy(true);
    await errors.attempt(async () => {
      const slugs = invitations.filter((invitation) => ids.includes(invitation.id)).map(invitationSlug);
      await acceptInvitations(ids);
      const [workspaces] = await Promise.all([fetchMyWorkspaces(), refreshSettings()]);
      const target = workspaces.find((workspace) => slugs.includes(workspace.slug)) ?? workspaces[0];
      await navigate(target ? { to: '/$workspaceSlug', params: { workspaceSlug: target.slug } } : { to: '/create-workspace' });
    });
    setBusy(false);
  };

  const isLoading = (status === 'idle' || status === 'loading') && invitations.length === 0;
  return (
    <AuthLayout title={t('invitations.title')} subtitle={invitations.length > 0 ? t('invitations.subtitle') : undefined}>
      {errors.banner && <Alert>{errors.banner}</Alert>}
      {isLoading ? (
        <Spinner />
      ) : invitations.length === 0 ? (
        <EmptyState
          title={t('invitations.emptyTitle')}
          body={t('invitations.emptyBody')}
          action={<Link to="/create-workspace" className="btn btn-primary">{t('workspace.create.submit')}</Link>}
        />
      ) : (
        <>
          <InvitationChecklist invitations={invitations} busy={busy} submitLabel={t('invitations.accept')} onSubmit={handleAccept} />
          <p className="centered muted">
            <Link to="/create-workspace">{t('invitations.createInstead')}</Link>
          </p>
        </>
      )}
    </AuthLayout>
  );
}

interface InvitationLinkSearch {
  invitation_id?: string;
  slug?: string;
  token?: string;
  email?: string;
}

type LinkOutcome = 'accepted' | 'declined' | null;

export function WorkspaceInvitationPage({ search }: { search: InvitationLinkSearch }) {
  const t = useT();
  const navigate = useNavigate();
  const user = useSessionStore((state) => state.user);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<LinkOutcome>(null);
  const errors = useFormError();
  const { invitation_id: invitationId, slug, token } = search;
  const isComplete = !!invitationId && !!slug && !!token;
  // The details are a nicety; the token decides. Answering still works without them.
  const details = useResource(isComplete ? `${slug}/${invitationId}` : null, () => fetchInvitationForLink(slug!, invitationId!).catch(() => null));
  const invitation = details.data;
  const loading = isComplete && details.loading;

  const respond = async (accepted: boolean) => {
    setBusy(true);
    await errors.attempt(async () => {
      await respondToInvitationLink(slug!, invitationId!, token!, accepted);
      setOutcome(accepted ? 'accepted' : 'declined');
      if (accepted && user) {
        const workspaces = await fetchMyWorkspaces();
        await refreshSettings();
        if (workspaces.some((workspace) => workspace.slug === slug)) {
          await navigate({ to: '/$workspaceSlug', params: { workspaceSlug: slug! } });
        }
      }
    });
    setBusy(false);
  };

  const workspaceName = typeof invitation?.workspace === 'object' ? invitation.workspace.name : null;
  const email = invitation?.email ?? search.email;

  return (
    <AuthLayout
      title={t('joinInvite.title')}
      subtitle={workspaceName ? t('joinInvite.body', { workspace: workspaceName }) : t('joinInvite.bodyGeneric')}
    >
      {errors.banner && <Alert>{errors.banner}</Alert>}
      {loading ? (
        <Spinner />
      ) : !isComplete ? (
        <Alert testId="invitation-invalid">{t('joinInvite.invalid')}</Alert>
      ) : outcome === 'accepted' ? (
        <div className="stack">
          <Alert tone="success" testId="invitation-accepted">{user ? t('joinInvite.accepted') : t('joinInvite.acceptedSignIn')}</Alert>
          {user ? (
            <Link to="/$workspaceSlug" params={{ workspaceSlug: slug! }} className="btn btn-primary btn-block">{t('joinInvite.goToWorkspace')}</Link>
          ) : (
            <Link to="/" search={{ ...(email ? { email } : {}), next_path: `/${slug}` }} className="btn btn-primary btn-block">
              {t('joinInvite.continue')}
            </Link>
          )}
        </div>
      ) : outcome === 'declined' ? (
        <Alert tone="info" testId="invitation-declined">{t('joinInvite.declined')}</Alert>
      ) : (
        <div className="stack">
          {invitation && (
            <p className="muted centered">
              {email} · {roleLabel(t, invitation.role)}
            </p>
          )}
          <Button block busy={busy} onClick={() => void respond(true)} autoFocus data-testid="accept-invitation-button">
            {t('joinInvite.accept')}
          </Button>
          <Button block variant="secondary" disabled={busy} onClick={() => void respond(false)} data-testid="decline-invitation-button">
            {t('joinInvite.decline')}
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
