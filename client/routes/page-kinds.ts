// Page kinds (spec §2) and the redirect rules between them (reference §1.1): who may see a page,
// and where a signed-in user lands. Pure functions, so the rules are tested without a router.
import type { Profile, UserMe, UserSettings, Workspace } from '../api/types';

export const PageKind = {
  PUBLIC: 'PUBLIC',
  NON_AUTHENTICATED: 'NON_AUTHENTICATED',
  SET_PASSWORD: 'SET_PASSWORD',
  ONBOARDING: 'ONBOARDING',
  AUTHENTICATED: 'AUTHENTICATED',
} as const;
export type PageKind = (typeof PageKind)[keyof typeof PageKind];

export const SET_UP_PATH = '/admin';
const SIGN_IN_PATH = '/';
const ONBOARDING_PATH = '/onboarding';
const INVITATIONS_PATH = '/invitations';
const CREATE_WORKSPACE_PATH = '/create-workspace';

/** Pages a signed-in user is sent away from; never a useful `next_path`. */
const SIGNED_OUT_PATHS = ['/', '/sign-up', '/accounts/forgot-password', '/accounts/reset-password', '/accounts/set-password'];

export interface SessionSnapshot {
  user: UserMe | null;
  profile: Profile | null;
  settings: UserSettings | null;
  /** My workspaces, used when settings give no last or fallback workspace. */
  workspaces?: Workspace[];
  /** Pending invitations for me, used when settings are missing. */
  invitationCount?: number;
}

export interface RedirectContext extends SessionSnapshot {
  isSetupDone: boolean;
  /** Current path with its query, e.g. "/acme/settings/members?tab=1". */
  href: string;
  /** `next_path` from the query, if any. */
  nextPath?: unknown;
}

/**
 * Accepts a `next_path` only when it is a same-site path: ≤ 500 chars, starts with one "/",
 * no "..", no script-ish patterns; an absolute URL is cut down to its path and query.
 */
export function sanitizeNextPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > 500) return null;
  let path = value.replace(/\\/g, '');
  if (/^https?:\/\//i.test(path)) {
    try {
      const url = new URL(path);
      path = `${url.pathname}${url.search}`;
    } catch {
      return null;
    }
  }
  if (!path.startsWith('/') || path.startsWith('//')) return null;
  if (/\.\.|%2e%2e|javascript:|data:|vbscript:|<script|onload=|onerror=/i.test(path)) return null;
  const pathname = path.split(/[?#]/)[0].replace(/\/+$/, '') || '/';
  if (SIGNED_OUT_PATHS.includes(pathname)) return null;
  return path;
}

/** The sign-in URL that brings the user back to `href` afterwards. */
function signInPathFor(href: string): string {
  const next = sanitizeNextPath(href);
  return next ? `${SIGN_IN_PATH}?next_path=${encodeURIComponent(next)}` : SIGN_IN_PATH;
}

/**
 * Where a signed-in user goes from a sign-in page: `next_path`, else onboarding when not
 * onboarded, else the last (or fallback, or first) workspace, else invitations when there are
 * some, else workspace creation.
 */
export function getPostAuthPath(session: SessionSnapshot, nextPath?: unknown): string {
  const next = sanitizeNextPath(nextPath);
  if (next) return next;
  if (!session.profile?.is_onboarded) return ONBOARDING_PATH;
  const slug = pickWorkspaceSlug(session);
  if (slug) return `/${slug}`;
  const invites = session.settings?.workspace.invites ?? session.invitationCount ?? 0;
  if (invites > 0) return INVITATIONS_PATH;
  return CREATE_WORKSPACE_PATH;
}

function pickWorkspaceSlug(session: SessionSnapshot): string | null {
  const fromSettings = session.settings?.workspace.last_workspace_slug ?? session.settings?.workspace.fallback_workspace_slug;
  if (fromSettings) return fromSettings;
  const workspaces = session.workspaces ?? [];
  const last = workspaces.find((workspace) => workspace.id === session.profile?.last_workspace_id);
  return (last ?? workspaces[0])?.slug ?? null;
}

/** The redirect a page of `kind` needs for this session, or null to show the page. */
export function resolvePageRedirect(kind: PageKind, context: RedirectContext): string | null {
  if (!context.isSetupDone) return SET_UP_PATH;
  const { user, profile } = context;
  switch (kind) {
    case PageKind.PUBLIC:
      return null;
    case PageKind.NON_AUTHENTICATED:
      return user ? getPostAuthPath(context, context.nextPath) : null;
    case PageKind.SET_PASSWORD:
      if (!user) return signInPathFor(context.href);
      return user.is_password_autoset ? null : getPostAuthPath(context, context.nextPath);
    case PageKind.ONBOARDING:
      if (!user) return signInPathFor(context.href);
      return profile?.is_onboarded ? getPostAuthPath(context) : null;
    case PageKind.AUTHENTICATED:
      if (!user) return signInPathFor(context.href);
      return profile?.is_onboarded ? null : ONBOARDING_PATH;
    default:
      return assertNever(kind);
  }
}

function assertNever(value: never): never {
  throw new Error(`Unexpected page kind: ${String(value)}`);
}
