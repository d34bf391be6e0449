// `/onboarding`: profile name → create or join a workspace → invite teammates, then finish
// (spec §4: all four steps true, last_workspace_id = first workspace, is_onboarded). It resumes
// from what the server holds (onboarding-resume.ts): a reload keeps a created workspace, and an
// invited teammate who is already a member gives a name and lands in that workspace.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { onboardingDisplayName } from '../../shared/names';
import { Role } from '../../shared/roles';
import type { WorkspaceInvitation } from '../api/types';
import { AuthErrorDisplay } from '../auth/auth-errors';
import { useFormError } from '../auth/use-form-error';
import { Alert } from '../components/alert';
import { AuthLayout } from '../components/auth-layout';
import { Spinner } from '../components/feedback';
import { TextField } from '../components/field';
import { InviteRowsForm } from '../components/invite-rows-form';
import { InvitationOffers } from '../components/invitation-offers';
import { WorkspaceForm } from '../components/workspace-form';
import { useT } from '../i18n';
import { acceptInvitations, useMyInvitations, useMyInvitationsRead, useMyInvitationsStatus } from '../stores/invitation-store';
import { completeOnboardingStep, finishOnboarding, refreshProfileAndSettings, updateCurrentUser, useSessionStore } from '../stores/session-store';
import { useMailConfigured } from '../stores/instance-store';
import { fetchMyWorkspaces } from '../stores/workspace-store';
import { OnboardingStep, resumeOnboarding, type OnboardingWorkspace } from './onboarding-resume';
import { Button } from '../ui';

type Step = Exclude<OnboardingStep, 'FINISH'>;
const STEPS: Step[] = [OnboardingStep.PROFILE, OnboardingStep.WORKSPACE, OnboardingStep.INVITE];

export function OnboardingPage() {
  const t = useT();
  const navigate = useNavigate();
  // Read once: later steps are taken here, and each one is also recorded by the server.
  const [resumed] = useState(() => {
    const { profile, settings } = useSessionStore.getState();
    return resumeOnboarding(profile, settings);
  });
  const [step, setStep] = useState<Step>(resumed.step === OnboardingStep.FINISH ? OnboardingStep.PROFILE : resumed.step);
  const [workspace, setWorkspace] = useState<OnboardingWorkspace | null>(resumed.workspace);
  const [finishing, setFinishing] = useState(resumed.step === OnboardingStep.FINISH);
  const errors = useFormError();
  const mailConfigured = useMailConfigured();
  // A teammate who joined by invitation is only asked for a name: a one-step onboarding.
  const steps = resumed.joined ? [OnboardingStep.PROFILE] : STEPS;

  const finish = async (target: OnboardingWorkspace) => {
    setFinishing(true);
    const done = await errors.attempt(async () => {
      await finishOnboarding(target.id);
      await navigate({ to: '/$workspaceSlug', params: { workspaceSlug: target.slug } });
    });
    if (!done) setFinishing(false);
  };

  // Everything was done but the finish (a reload at that moment): finish now, once.
  const finishedOnMount = useRef(false);
  useEffect(() => {
    if (resumed.step !== OnboardingStep.FINISH || !resumed.workspace || finishedOnMount.current) return;
    finishedOnMount.current = true;
    void finish(resumed.workspace);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the resumed state is read once
  }, []);

  const afterProfile = async () => {
    const { profile, settings } = useSessionStore.getState();
    const next = resumeOnboarding(profile, settings);
    if (next.step === OnboardingStep.FINISH && next.workspace) return finish(next.workspace);
    setWorkspace(next.workspace);
    setStep(next.step === OnboardingStep.FINISH ? OnboardingStep.WORKSPACE : next.step);
  };

  const titles: Record<Step, [string, string]> = {
    PROFILE: [
      t('onboarding.profile.title'),
      resumed.joined && workspace ? t('onboarding.profile.subtitleJoined', { workspace: workspace.name }) : t('onboarding.profile.subtitle'),
    ],
    WORKSPACE: [t('onboarding.workspace.title'), t('onboarding.workspace.subtitle')],
    INVITE: [t('onboarding.invite.title'), t(mailConfigured === false ? 'screens.invite.subtitleNoMail' : 'onboarding.invite.subtitle', { workspace: workspace?.name ?? '' })],
  };

  return (
    <AuthLayout title={titles[step][0]} subtitle={titles[step][1]} wide>
      <p className="stepper" aria-live="polite" data-testid="onboarding-step" data-step={step} hidden={steps.length < 2}>
        {t('onboarding.stepOf', { current: steps.indexOf(step) + 1, total: steps.length })}
      </p>
      {steps.length > 1 && (
        <div className="stepper-bar" aria-hidden="true">
          {steps.map((item, index) => (
            <span key={item} className={`stepper-dot${index <= steps.indexOf(step) ? ' stepper-dot-done' : ''}`} />
          ))}
        </div>
      )}
      {errors.banner && <Alert>{errors.banner}</Alert>}
      {finishing ? (
        <Spinner />
      ) : (
        <>
          {step === OnboardingStep.PROFILE && <ProfileStep onDone={afterProfile} />}
          {step === OnboardingStep.WORKSPACE && (
            <WorkspaceStep
              onCreated={async (created) => {
                // The server recorded the workspace and the step; the session learns it too, so
                // coming back to this page resumes at the invite step. The workspace exists either
                // way: a failed re-read must not send anyone back to the form ("already taken").
                await refreshProfileAndSettings().catch(() => undefined);
                setWorkspace(created);
                setStep(OnboardingStep.INVITE);
              }}
              onJoined={finish}
            />
          )}
          {step === OnboardingStep.INVITE && workspace && (
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
          )}
        </>
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
    await errors.attempt(async () => {
      // The names people see are display names: one still derived from the email becomes the full name.
      const displayName = user ? onboardingDisplayName(user, firstName, lastName) : null;
      await updateCurrentUser({ first_name: firstName.trim(), last_name: lastName.trim(), ...(displayName ? { display_name: displayName } : {}) });
      await completeOnboardingStep('profile_complete');
      onDone();
    });
    setBusy(false);
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

function WorkspaceStep({ onCreated, onJoined }: {
  onCreated: (workspace: OnboardingWorkspace) => Promise<void>;
  onJoined: (workspace: OnboardingWorkspace) => Promise<void>;
}) {
  const t = useT();
  const invitations = useMyInvitations();
  const status = useMyInvitationsStatus();
  const [joiningId, setJoiningId] = useState<string | null>(null);
  const errors = useFormError();

  useMyInvitationsRead(errors.showError);

  // One click joins that workspace and finishes onboarding into it.
  const handleJoin = async (invitation: WorkspaceInvitation) => {
    setJoiningId(invitation.id);
    await errors.attempt(async () => {
      await acceptInvitations([invitation.id]);
      const workspaces = await fetchMyWorkspaces();
      const joined = workspaces.find((workspace) => workspace.slug === invitationSlug(invitation)) ?? workspaces[0];
      if (joined) await onJoined(joined);
    });
    setJoiningId(null);
  };

  if (status === 'loading' && invitations.length === 0) return <Spinner />;
  return (
    <div className="stack">
      {errors.banner && <Alert>{errors.banner}</Alert>}
      {invitations.length > 0 && (
        <section className="panel">
          <h2 className="panel-title">{t('onboarding.workspace.invitesTitle')}</h2>
          <InvitationOffers invitations={invitations} joiningId={joiningId} onJoin={(invitation) => void handleJoin(invitation)} />
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
