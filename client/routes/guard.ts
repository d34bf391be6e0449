// Route guard: loads the instance and the session, then applies the page-kind redirect rules.
// Every page route uses it as `beforeLoad`, so no page renders for the wrong kind of visitor.
import { redirect } from '@tanstack/react-router';
import { ensureInstance } from '../stores/instance-store';
import { fetchMyInvitations } from '../stores/invitation-store';
import { ensureSession, forgetSession } from '../stores/session-store';
import { ensureWorkspaces } from '../stores/workspace-store';
import { startScreenReadsEarly } from './screen-loaders';
import { PageKind, resolvePageRedirect, SET_UP_PATH, type SessionSnapshot } from './page-kinds';

interface GuardArgs {
  location: { pathname: string; href: string; search: unknown };
}

/** Returns a `beforeLoad` that redirects visitors who may not see a page of this kind. */
export function guardPage(kind: PageKind) {
  return async ({ location }: GuardArgs): Promise<void> => {
    // The session is asked for alongside the instance (not after it): one round trip less before
    // any screen loads.
    const sessionRequest = ensureSession();
    sessionRequest.catch(() => undefined);
    const instanceRequest = ensureInstance();
    // Signed-in pages: the screen's own reads start now too, alongside the session's round trip
    // (after the guard's own requests, which the browser's six connections serve first).
    if (kind === PageKind.AUTHENTICATED) startScreenReadsEarly(location.pathname);
    const instance = await instanceRequest;
    const isSetupDone = instance.status !== 'ready' || instance.isSetupDone;
    if (!isSetupDone) {
      // Asked before set-up, the session is "signed out": forget that answer, set-up signs someone in.
      await sessionRequest.catch(() => undefined);
      forgetSession();
      throw redirect({ href: SET_UP_PATH });
    }
    if (kind === PageKind.PUBLIC) {
      try {
        await sessionRequest;
      } catch {
        // Public pages (reset password, an invitation link) like to know who is signed in but
        // work for anyone: a failed session look-up just leaves them signed-out.
      }
      return;
    }
    const session = await sessionRequest;
    const nextPath = (location.search as Record<string, unknown> | undefined)?.next_path;
    const snapshot: SessionSnapshot = { user: session.user, profile: session.profile, settings: session.settings };
    if (session.user && session.profile?.is_onboarded && needsDestination(kind) && !hasSettingsDestination(snapshot)) {
      // Settings did not name a workspace: fall back to my workspaces and invitations.
      // A failure rejects (the route's error page offers a retry) rather than guessing "no
      // workspaces" and sending the user to create one.
      snapshot.workspaces = await ensureWorkspaces();
      if (snapshot.workspaces.length === 0) snapshot.invitationCount = (await fetchMyInvitations()).length;
    }
    const target = resolvePageRedirect(kind, { ...snapshot, isSetupDone, href: location.href, nextPath });
    if (target && target !== location.href && target !== location.pathname) throw redirect({ href: target });
  };
}

function needsDestination(kind: PageKind): boolean {
  return kind === PageKind.NON_AUTHENTICATED || kind === PageKind.ONBOARDING || kind === PageKind.SET_PASSWORD;
}

function hasSettingsDestination(snapshot: SessionSnapshot): boolean {
  const workspace = snapshot.settings?.workspace;
  return !!(workspace?.last_workspace_slug || workspace?.fallback_workspace_slug || (workspace && workspace.invites > 0));
}

/** The destination helper for pages that navigate after sign-in (same inputs as the guard). */
export async function loadPostAuthSnapshot(): Promise<SessionSnapshot> {
  const session = await ensureSession();
  const snapshot: SessionSnapshot = { user: session.user, profile: session.profile, settings: session.settings };
  if (session.user && session.profile?.is_onboarded && !hasSettingsDestination(snapshot)) {
    snapshot.workspaces = await ensureWorkspaces();
    if (snapshot.workspaces.length === 0) snapshot.invitationCount = (await fetchMyInvitations()).length;
  }
  return snapshot;
}
