// `/onboarding`: profile name → create or join a workspace → invite teammates, then finish
// (spec §4: all four steps true, last_workspace_id = first workspace, is_onboarded).
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { onboardingDisplayName } from '../../shared/names';
import { Role } from '../../shared/roles';
import type { Workspace } from '../api/types';
import { AuthErrorDisplay } from '../auth/auth-errors';
import { useFormError } from '../auth/use-form-error';
import { Alert } from '../components/alert';
import { AuthLayout } from '../components/auth-layout';
import { Button } from '../components/button';
import { Spinner } from '../components/feedback';
import { TextField } from '../components/field';
import { InviteRowsForm } from '../components/invite-rows-form';
import { InvitationChecklist } from '../components/invitation-checklist';
import { WorkspaceForm } from '../components/workspace-form';
import { useT } from '../i18n';
import { acceptInvitations, fetchMyInvitations, useMyInvitations, useMyInvitationsStatus } from '../stores/invitation-store';
import { completeOnboardingStep, finishOnboarding, updateCurrentUser, useSessionStore } from '../stores/session-store';
import { useMailConfigured } from '../stores/instance-store';
import { fetchMyWorkspaces } from '../stores/workspace-store';

type Step = 'PROFILE' | 'WORKSPACE' | 'INVITE';
const STEPS: Step[] = ['PROFILE', 'WORKSPACE', 'INVITE'];

export function OnboardingPage() {
  const t = useT();
  const navigate = useNavigate();
  const profile = useSessionStore((state) => state.profile);
  const [step, setStep] = useState<Step>(profile?.onboarding_step?.profile_complete ? 'WORKSPACE' : 'PROFILE');
  const [workspace, setWorkspace] = useState<Workspace | null>(null);
  const [finishing, setFinishing] = useState(false);
  const errors = useFormError();
  const mailConfigured = useMailConfigured();

  const finish = async (target: Workspace) => {
    setFinishing(true);
    errors.clear();
    try {
      await finishOnboarding(target.id);
      await navigate({ to: '/$workspaceSlug', params: { workspaceSlug: target.slug } });
    } catch (error) {
      errors.showError(error);
      setFinishing(false);
    }
  };

  const titles: Record<Step, [string, string]> = {
    PROFILE: [t('onboarding.profile.title'), t('onboarding.profile.subtitle')],
    WORKSPACE: [t('onboarding.workspace.title'), t('onboarding.workspace.subtitle')],
    INVITE: [t('onboarding.invite.title'), t(mailConfigured === false ? 'screens.invite.subtitleNoMail' : 'onboarding.invite.subtitle', { workspace: workspace?.name ?? '' })],
  };

  return (
    <AuthLayout title={titles[step][0]} subtitle={titles[step][1]} wide>
      <p className="stepper" aria-live="polite" data-testid="onboarding-step" data-step={step}>
        {t('onboarding.stepOf', { current: STEPS.indexOf(step) + 1, total: STEPS.length })}
      </p>
      <div className="stepper-bar" aria-hidden="true">
        {STEPS.map((item, index) => (
          <span key={item} className={`stepper-dot${index <= STEPS.indexOf(step) ? ' stepper-dot-done' : ''}`} />
        ))}
      </div>
      {errors.banner && <Alert>{t('onboarding.finishError')} {errors.banner}</Alert>}
      {step === 'PROFILE' && <ProfileStep onDone={() => setStep('WORKSPACE')} />}
      {step === 'WORKSPACE' && (
        <WorkspaceStep
          onCreated={async (created) => {
            await completeOnboardingStep('workspace_create');
            setWorkspace(created);
            setStep('INVITE');
          }}
          onJoined={async (joined) => {
            await completeOnboardingStep('workspace_join');
            await finish(joined);
          }}
        />
      )}
      {step === 'INVITE' && workspace && (
        finishing ? (
          <Spinner />
        ) : (
          <InviteRowsForm
            workspaceSlug={workspace.slug}
            maxRole={Role.ADMIN}
            submitLabel={t('onboarding.invite.send')}
            onSent={() => finish(workspace)}
            secondaryAction={
              <Button variant="ghost" onClick={() => void finish(workspace)} data-testid="skip-button">
                {t('common.skip')}
              </Button>
            }
          />
        )
      )}
    </AuthLayout>
  );
}

function ProfileStep({ onDone }: { onDone: () => void }) {
  const t = useT();
  const user = useSessionStore((state) => state.user);
  const [firstName, setFirstName] = useState(user?.first_name ?? '');
  const [lastName, setLastName] = useState(user?.last_name ?? '');
  // A user that loads after the form opened fills the fields nobody has typed in yet.
  useEffect(() => {
    if (!user) return;
    setFirstName((current) => current || user.first_name || '');
    setLastName((current) => current || user.last_name || '');
  }, [user]);
  const [busy, setBusy] = useState(false);
  const errors = useFormError([AuthErrorDisplay.FIRST_NAME]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!firstName.trim()) return errors.showMessage('common.required', AuthErrorDisplay.FIRST_NAME);
    setBusy(true);
    errors.clear();
    try {
      // The names people see are display names: one still derived from the email becomes the full name.
      const displayName = user ? onboardingDisplayName(user, firstName, lastName) : null;
      await updateCurrentUser({ first_name: firstName.trim(), last_name: lastName.trim(), ...(displayName ? { display_name: displayName } : {}) });
      await completeOnboardingStep('profile_complete');
      onDone();
    } catch (error) {
      errors.showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="form" onSubmit={handleSubmit} noValidate data-testid="profile-form">
      {errors.banner && <Alert>{errors.banner}</Alert>}
      <div className="form-grid">
        <TextField
          label={t('user.firstName')}
          autoComplete="given-name"
          autoFocus
          value={firstName}
          onChange={(event) => setFirstName(event.target.value)}
          error={errors.fieldError(AuthErrorDisplay.FIRST_NAME)}
          data-testid="first-name-input"
        />
        <TextField
          label={t('user.lastName')}
          autoComplete="family-name"
          optional
          value={lastName}
          onChange={(event) => setLastName(event.target.value)}
          data-testid="last-name-input"
        />
      </div>
      <Button type="submit" block busy={busy} data-testid="continue-button">
        {t('common.continue')}
      </Button>
    </form>
  );
}

function WorkspaceStep({ onCreated, onJoined }: { onCreated: (workspace: Workspace) => Promise<void>; onJoined: (workspace: Workspace) => Promise<void> }) {
  const t = useT();
  const invitations = useMyInvitations();
  const status = useMyInvitationsStatus();
  const [busy, setBusy] = useState(false);
  const errors = useFormError();

  const { showError } = errors;
  useEffect(() => {
    void fetchMyInvitations().catch((error) => showError(error));
  }, [showError]);

  const handleJoin = async (ids: string[]) => {
    setBusy(true);
    errors.clear();
    try {
      const slugs = invitations.filter((invitation) => ids.includes(invitation.id)).map(invitationSlug);
      await acceptInvitations(ids);
      const workspaces = await fetchMyWorkspaces();
      const joined = workspaces.find((workspace) => slugs.includes(workspace.slug)) ?? workspaces[0];
      if (joined) await onJoined(joined);
    } catch (error) {
      errors.showError(error);
    } finally {
      setBusy(false);
    }
  };

  if (status === 'loading' && invitations.length === 0) return <Spinner />;
  return (
    <div className="stack">
      {errors.banner && <Alert>{errors.banner}</Alert>}
      {invitations.length > 0 && (
        <section className="panel">
          <h2 className="panel-title">{t('onboarding.workspace.invitesTitle')}</h2>
          <InvitationChecklist invitations={invitations} busy={busy} submitLabel={t('onboarding.workspace.joinSelected')} onSubmit={handleJoin} />
        </section>
      )}
      <section className={invitations.length > 0 ? 'panel' : ''}>
        {invitations.length > 0 && <h2 className="panel-title">{t('onboarding.workspace.orCreate')}</h2>}
        <WorkspaceForm onCreated={onCreated} submitLabel={t('common.continue')} />
      </section>
    </div>
  );
}

/** The workspace slug an invitation points at (nested object or bare id). */
export function invitationSlug(invitation: { workspace?: { slug: string } | string }): string {
  return typeof invitation.workspace === 'object' ? invitation.workspace.slug : '';
}
