import { describe, expect, test } from 'vitest';
import type { Profile, UserMe, UserSettings, Workspace } from '../api/types';
import { getPostAuthPath, PageKind, resolvePageRedirect, sanitizeNextPath, type RedirectContext } from './page-kinds';

const user = (over: Partial<UserMe> = {}): UserMe => ({
  id: 'u1', email: 'a@x.io', first_name: 'A', last_name: '', display_name: 'a', is_password_autoset: false, ...over,
}) as UserMe; // only the fields the redirect rules read
const profile = (over: Partial<Profile> = {}): Profile => ({
  id: 'p1', user: 'u1', is_onboarded: true, last_workspace_id: null,
  onboarding_step: { profile_complete: true, workspace_create: true, workspace_invite: true, workspace_join: true }, ...over,
}) as Profile;
const settings = (workspace: Partial<UserSettings['workspace']> = {}): UserSettings => ({
  id: 'u1', email: 'a@x.io',
  workspace: { last_workspace_id: null, last_workspace_slug: null, fallback_workspace_id: null, fallback_workspace_slug: null, invites: 0, ...workspace },
});
const ws = (slug: string, id = slug): Workspace => ({ id, slug, name: slug }) as Workspace;

const signedOut: RedirectContext = { isSetupDone: true, href: '/acme/settings/members', user: null, profile: null, settings: null };
const signedIn = (over: Partial<RedirectContext> = {}): RedirectContext => ({
  isSetupDone: true, href: '/', user: user(), profile: profile(), settings: settings(), ...over,
});

describe('post sign-in destination (reference §1.1)', () => {
  test('next_path first', () => {
    expect(getPostAuthPath(signedIn(), '/acme/settings/api-tokens')).toBe('/acme/settings/api-tokens');
  });
  test('then onboarding when not onboarded', () => {
    expect(getPostAuthPath(signedIn({ profile: profile({ is_onboarded: false }) }))).toBe('/onboarding');
  });
  test('then the last workspace, then the fallback, then the first of mine', () => {
    expect(getPostAuthPath(signedIn({ settings: settings({ last_workspace_slug: 'last', fallback_workspace_slug: 'fb' }) }))).toBe('/last');
    expect(getPostAuthPath(signedIn({ settings: settings({ fallback_workspace_slug: 'fb' }) }))).toBe('/fb');
    expect(getPostAuthPath(signedIn({ settings: null, workspaces: [ws('one'), ws('two')] }))).toBe('/one');
    expect(getPostAuthPath(signedIn({ settings: null, profile: profile({ last_workspace_id: 'two' }), workspaces: [ws('one'), ws('two')] }))).toBe('/two');
  });
  test('then invitations, else workspace creation', () => {
    expect(getPostAuthPath(signedIn({ settings: settings({ invites: 2 }) }))).toBe('/invitations');
    expect(getPostAuthPath(signedIn({ settings: null, invitationCount: 1 }))).toBe('/invitations');
    expect(getPostAuthPath(signedIn())).toBe('/create-workspace');
  });
});

describe('next_path safety', () => {
  test('accepts same-site paths only', () => {
    expect(sanitizeNextPath('/acme?x=1')).toBe('/acme?x=1');
    expect(sanitizeNextPath('https://evil.example/acme')).toBe('/acme');
    for (const bad of ['//evil.example', 'acme', '/a/../b', 'javascript:alert(1)', '/x?<script>', '/', '/sign-up', 42, '', '/'.padEnd(501, 'a')]) {
      expect(sanitizeNextPath(bad), String(bad)).toBeNull();
    }
  });
});

describe('page kinds', () => {
  test('an instance that is not set up sends every page to /admin', () => {
    for (const kind of Object.values(PageKind)) {
      expect(resolvePageRedirect(kind, { ...signedOut, isSetupDone: false })).toBe('/admin');
    }
  });

  test('signed-out users on authenticated pages go to sign-in with next_path', () => {
    expect(resolvePageRedirect(PageKind.AUTHENTICATED, signedOut)).toBe('/?next_path=%2Facme%2Fsettings%2Fmembers');
    expect(resolvePageRedirect(PageKind.ONBOARDING, { ...signedOut, href: '/onboarding' })).toBe('/?next_path=%2Fonboarding');
    expect(resolvePageRedirect(PageKind.SET_PASSWORD, { ...signedOut, href: '/accounts/set-password' })).toBe('/');
  });

  test('signed-out users see sign-in and public pages', () => {
    expect(resolvePageRedirect(PageKind.NON_AUTHENTICATED, signedOut)).toBeNull();
    expect(resolvePageRedirect(PageKind.PUBLIC, signedOut)).toBeNull();
  });

  test('signed-in users on sign-in pages go to their destination', () => {
    expect(resolvePageRedirect(PageKind.NON_AUTHENTICATED, signedIn({ nextPath: '/acme/settings/members' }))).toBe('/acme/settings/members');
    expect(resolvePageRedirect(PageKind.NON_AUTHENTICATED, signedIn({ settings: settings({ last_workspace_slug: 'acme' }) }))).toBe('/acme');
    expect(resolvePageRedirect(PageKind.PUBLIC, signedIn())).toBeNull();
  });

  test('authenticated pages need onboarding; onboarding is left once done', () => {
    const fresh = signedIn({ profile: profile({ is_onboarded: false }), href: '/acme' });
    expect(resolvePageRedirect(PageKind.AUTHENTICATED, fresh)).toBe('/onboarding');
    expect(resolvePageRedirect(PageKind.ONBOARDING, { ...fresh, href: '/onboarding' })).toBeNull();
    expect(resolvePageRedirect(PageKind.ONBOARDING, signedIn({ settings: settings({ last_workspace_slug: 'acme' }) }))).toBe('/acme');
    expect(resolvePageRedirect(PageKind.AUTHENTICATED, signedIn({ href: '/acme' }))).toBeNull();
  });

  test('set-password is only for users whose password was auto-set', () => {
    expect(resolvePageRedirect(PageKind.SET_PASSWORD, signedIn({ user: user({ is_password_autoset: true }) }))).toBeNull();
    expect(resolvePageRedirect(PageKind.SET_PASSWORD, signedIn({ nextPath: '/acme' }))).toBe('/acme');
  });
});
