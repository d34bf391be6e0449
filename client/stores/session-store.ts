// The signed-in user, their profile and settings, and every auth action (sign-in/up, codes,
// passwords, onboarding, sign-out). Components call these actions; they never call fetch.
import { create } from 'zustand';
import { ApiError, http, resetCsrfToken } from '../api/http';
import type { AuthSuccess, OnboardingStep, Profile, UserMe, UserSettings } from '../api/types';
import type { EmailCheckResult } from '../auth/auth-flow';
import { applyProfileLanguage } from '../i18n';
import { clearOfflineApiCache } from '../service-worker/register';
import type { LoadStatus } from './create-entity-store';

interface SessionState {
  status: LoadStatus;
  user: UserMe | null;
  profile: Profile | null;
  settings: UserSettings | null;
}

export const useSessionStore = create<SessionState>(() => ({ status: 'idle', user: null, profile: null, settings: null }));

let sessionRequest: Promise<SessionState> | null = null;

/**
 * Loads the current user, profile and settings. A 401/403 means "signed out", not an error.
 * @throws ApiError for any other failure of `GET /api/users/me/`.
 */
function fetchSession(): Promise<SessionState> {
  sessionRequest ??= loadSession().finally(() => {
    sessionRequest = null;
  });
  return sessionRequest;
}

/** Loads the session once; later calls return the loaded state. */
export async function ensureSession(): Promise<SessionState> {
  const state = useSessionStore.getState();
  return state.status === 'ready' ? state : fetchSession();
}

/**
 * The signed-in user's id as soon as `users/me/` has answered (before the profile and settings);
 * null when nobody is signed in or the session could not be loaded.
 */
export function whenUserKnown(): Promise<string | null> {
  return new Promise((resolve) => {
    const settle = (state: SessionState): boolean => {
      if (state.user) resolve(state.user.id);
      else if (state.status === 'ready' || state.status === 'error') resolve(null);
      else return false;
      return true;
    };
    if (settle(useSessionStore.getState())) return;
    const stop = useSessionStore.subscribe((state) => {
      if (settle(state)) stop();
    });
  });
}

/** Drops a loaded session so the next `ensureSession` asks the server again. */
export function forgetSession(): void {
  useSessionStore.setState({ status: 'idle', user: null, profile: null, settings: null });
}

/**
 * Whether this browser was signed in at its last session load. A visitor who was not is asked
 * through the public `GET /api/users/session/` first, so a signed-out page load makes no request
 * that answers 401 (each one is an error in the browser's console); a signed-in one still reads
 * me, profile and settings in one round trip (and offline from the service worker's cache).
 */
const SIGNED_IN_HINT = 'trellis:signed-in';

function readSignedInHint(): boolean {
  try {
    return localStorage.getItem(SIGNED_IN_HINT) === '1';
  } catch {
    return true;
  }
}

function writeSignedInHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SIGNED_IN_HINT, '1');
    else localStorage.removeItem(SIGNED_IN_HINT);
  } catch {
    // Storage refused (private mode, quota): the next load asks the server as before.
  }
}

function signedOutState(): SessionState {
  writeSignedInHint(false);
  useSessionStore.setState({ status: 'ready', user: null, profile: null, settings: null });
  applyProfileLanguage(null);
  return useSessionStore.getState();
}

async function loadSession(): Promise<SessionState> {
  useSessionStore.setState({ status: 'loading' });
  if (!readSignedInHint()) {
    let session: { is_authenticated?: unknown };
    try {
      session = await http.get<{ is_authenticated?: unknown }>('/api/users/session/');
    } catch (error) {
      useSessionStore.setState({ status: 'error' });
      throw error;
    }
    if (!session || typeof session !== 'object' || typeof session.is_authenticated !== 'boolean') {
      // Something other than the API answered (a proxy or static host): not a session.
      useSessionStore.setState({ status: 'error' });
      throw new ApiError(502, session);
    }
    if (!session.is_authenticated) return signedOutState();
  }
  // All three at once (one round trip, not two): profile and settings are only read when `me`
  // names a user; signed out they answer 401 and are dropped.
  const profileRequest = http.get<Profile>('/api/users/me/profile/');
  // Settings only steer redirects; the app still works without them.
  const settingsRequest = http.get<UserSettings>('/api/users/me/settings/').catch(() => null);
  profileRequest.catch(() => undefined);
  let user: UserMe;
  try {
    user = await http.get<UserMe>('/api/users/me/');
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return signedOutState();
    useSessionStore.setState({ status: 'error' });
    throw error;
  }
  if (!user || typeof user !== 'object' || !user.id) {
    // Something other than the API answered (a proxy or static host): not a session.
    useSessionStore.setState({ status: 'error' });
    throw new ApiError(502, user);
  }
  // Known before the profile and settings: the local cache opens this user's database meanwhile
  // (whenUserKnown). The session stays `loading` until all three are in.
  useSessionStore.setState({ user });
  const [profile, settings] = await Promise.all([profileRequest, settingsRequest]);
  writeSignedInHint(true);
  applyProfileLanguage(profile.language);
  useSessionStore.setState({ status: 'ready', user, profile, settings });
  return useSessionStore.getState();
}

/** Re-reads `GET /api/users/me/settings/` (last and fallback workspace, invite count). */
export async function refreshSettings(): Promise<UserSettings | null> {
  const settings = await http.get<UserSettings>('/api/users/me/settings/').catch(() => null);
  useSessionStore.setState({ settings });
  return settings;
}

/**
 * Re-reads the profile and the settings: the server records a created or joined workspace in
 * them (onboarding steps, last workspace), and the pages deciding where to go read them here.
 */
export async function refreshProfileAndSettings(): Promise<void> {
  const [profile] = await Promise.all([http.get<Profile>('/api/users/me/profile/'), refreshSettings()]);
  useSessionStore.setState({ profile });
}

/**
 * `POST /auth/email-check/`: whether the email has an account and which credential to ask for.
 * @throws ApiError with an auth `error_code` (5000, 5005, 5010, 5900).
 */
export function checkEmail(email: string): Promise<EmailCheckResult> {
  return http.post<EmailCheckResult>('/auth/email-check/', { email });
}

/**
 * `POST /auth/magic-generate/`: emails a 6-digit code.
 * @throws ApiError with an auth `error_code` (5016, 5025, 5100/5102, …).
 */
export async function generateMagicCode(email: string): Promise<void> {
  await http.post('/auth/magic-generate/', { email });
}

/**
 * Completes a sign-in or sign-up step (`/auth/sign-in/`, `/auth/sign-up/`, `/auth/magic-sign-in/`,
 * `/auth/magic-sign-up/`) in the JSON style, then loads the new session.
 * @throws ApiError 400 `{error_code, error_message}`.
 */
export async function authenticate(path: string, body: Record<string, string | undefined>): Promise<AuthSuccess> {
  const answer = await http.post<AuthSuccess>(path, body);
  // The session was rotated; so may the CSRF token have been.
  resetCsrfToken();
  // Whatever the offline copy of the API held was someone's earlier session, never this one's.
  await clearOfflineApiCache();
  await fetchSession();
  return answer;
}

/** `POST /auth/forgot-password/`. @throws ApiError with an auth `error_code`. */
export async function requestPasswordReset(email: string): Promise<void> {
  await http.post('/auth/forgot-password/', { email });
}

/** `POST /auth/reset-password/{uidb64}/{token}/` as JSON. @throws ApiError with an auth `error_code`. */
export async function resetPassword(uidb64: string, token: string, password: string): Promise<void> {
  await http.post(`/auth/reset-password/${encodeURIComponent(uidb64)}/${encodeURIComponent(token)}/`, { password });
}

/** `POST /auth/set-password/` for users whose password was auto-set. @throws ApiError (5145, 5020). */
export async function setPassword(password: string): Promise<void> {
  await http.post('/auth/set-password/', { password });
  resetCsrfToken();
  const user = useSessionStore.getState().user;
  if (user) useSessionStore.setState({ user: { ...user, is_password_autoset: false } });
}

/** `POST /auth/change-password/`. @throws ApiError (5135, 5138, 5140). */
export async function changePassword(oldPassword: string, newPassword: string): Promise<void> {
  await http.post('/auth/change-password/', { old_password: oldPassword, new_password: newPassword });
  resetCsrfToken();
}

/** `PATCH /api/users/me/`. @throws ApiError with field errors. */
export async function updateCurrentUser(patch: Partial<Pick<UserMe, 'first_name' | 'last_name' | 'display_name'>>): Promise<UserMe> {
  const answer = await http.patch<UserMe>('/api/users/me/', patch);
  const user = { ...useSessionStore.getState().user, ...answer } as UserMe;
  useSessionStore.setState({ user });
  return user;
}

/** `PATCH /api/users/me/profile/`; a changed `language` switches the interface at once. */
export async function updateProfile(patch: Partial<Omit<Profile, 'id' | 'user'>>): Promise<Profile> {
  const profile = await http.patch<Profile>('/api/users/me/profile/', patch);
  useSessionStore.setState({ profile });
  if ('language' in patch) applyProfileLanguage(profile.language ?? patch.language);
  return profile;
}

/** Marks one onboarding step done (the others keep their value). */
export function completeOnboardingStep(step: keyof OnboardingStep): Promise<Profile> {
  const current = useSessionStore.getState().profile?.onboarding_step;
  return updateProfile({ onboarding_step: { ...emptySteps(), ...current, [step]: true } });
}

/**
 * Finishes onboarding (spec §4): all four steps true, `last_workspace_id` = the first workspace,
 * then `PATCH /api/users/me/onboard/ {is_onboarded: true}`.
 */
export async function finishOnboarding(firstWorkspaceId: string | null): Promise<void> {
  await updateProfile({
    onboarding_step: { profile_complete: true, workspace_create: true, workspace_invite: true, workspace_join: true },
    ...(firstWorkspaceId ? { last_workspace_id: firstWorkspaceId } : {}),
  });
  await http.patch('/api/users/me/onboard/', { is_onboarded: true });
  const profile = useSessionStore.getState().profile;
  if (profile) useSessionStore.setState({ profile: { ...profile, is_onboarded: true } });
  await refreshSettings();
}

/**
 * Signs out: the server ends the session first (`POST /auth/sign-out/` as JSON, answered 200), so
 * nothing is dropped when it cannot be reached. Only once it answered does `signedOut` run (the
 * outbox is discarded or closed), the API answers kept for offline start are emptied (the next
 * person on this browser never starts from them) and the app goes to its root.
 * @throws NetworkError when the server is out of reach, ApiError when it refused: still signed in, nothing changed.
 */
export async function signOut(signedOut?: () => Promise<void> | void): Promise<void> {
  await http.post('/auth/sign-out/');
  writeSignedInHint(false);
  resetCsrfToken();
  await signedOut?.();
  await clearOfflineApiCache();
  window.location.assign('/');
}

/** Forgets the session (used when the server says we are signed out). */
export function resetSession(): void {
  useSessionStore.setState({ status: 'idle', user: null, profile: null, settings: null });
}

function emptySteps(): OnboardingStep {
  return { profile_complete: false, workspace_create: false, workspace_invite: false, workspace_join: false };
}
