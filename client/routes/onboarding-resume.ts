// Where onboarding resumes, from what the server already holds (profile `onboarding_step`, and the
// settings' last or fallback workspace): a reload never loses a created workspace, and an invited
// teammate who is already a member is asked only for a name. Pure, so it is tested without a page.
import type { Profile, UserSettings, Workspace } from '../api/types';

export const OnboardingStep = {
  PROFILE: 'PROFILE',
  WORKSPACE: 'WORKSPACE',
  INVITE: 'INVITE',
  /** Nothing left to ask: finish into the workspace. */
  FINISH: 'FINISH',
} as const;
export type OnboardingStep = (typeof OnboardingStep)[keyof typeof OnboardingStep];

/** The workspace onboarding leads into (a created or joined one). */
export type OnboardingWorkspace = Pick<Workspace, 'id' | 'slug' | 'name'>;

interface OnboardingResume {
  step: OnboardingStep;
  workspace: OnboardingWorkspace | null;
  /** Already a member of a workspace they did not create (joined by invitation): only the name is asked. */
  joined: boolean;
}

/** The workspace the settings name: the last one, else the fallback (oldest active membership). */
function settingsWorkspace(settings: UserSettings | null): OnboardingWorkspace | null {
  const held = settings?.workspace;
  if (held?.last_workspace_id && held.last_workspace_slug) {
    return { id: held.last_workspace_id, slug: held.last_workspace_slug, name: held.last_workspace_name ?? held.last_workspace_slug };
  }
  if (held?.fallback_workspace_id && held.fallback_workspace_slug) {
    return { id: held.fallback_workspace_id, slug: held.fallback_workspace_slug, name: held.fallback_workspace_slug };
  }
  return null;
}

/**
 * The step to show: the name first; then, for a workspace this person created, the invite step
 * until it is done; for any other membership, finish into it; with no workspace, create or join one.
 */
export function resumeOnboarding(profile: Profile | null, settings: UserSettings | null): OnboardingResume {
  const steps = profile?.onboarding_step;
  const workspace = settingsWorkspace(settings);
  const created = !!workspace && !!steps?.workspace_create;
  const joined = !!workspace && !created;
  if (!steps?.profile_complete) return { step: OnboardingStep.PROFILE, workspace, joined };
  if (!workspace) return { step: OnboardingStep.WORKSPACE, workspace, joined };
  if (created && !steps.workspace_invite) return { step: OnboardingStep.INVITE, workspace, joined };
  return { step: OnboardingStep.FINISH, workspace, joined };
}
