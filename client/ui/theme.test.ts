// @vitest-environment happy-dom
// Theme switching: the profile setting paints <html data-theme>; "system" follows the OS
// preference and its changes; choosing light or dark stops following it.
import { afterEach, describe, expect, test } from 'vitest';
import { useSessionStore } from '../stores/session-store';
import type { Profile } from '../api/types';
import { applyTheme, getThemeSetting, resolveTheme, themeSettingOf, ThemeSetting } from './theme';
import { startThemeSync } from './theme-sync';

/** A stand-in for the browser's `matchMedia('(prefers-color-scheme: dark)')` result. */
class ColorSchemeQuery extends EventTarget {
  constructor(public matches: boolean) {
    super();
  }
  readonly media = '(prefers-color-scheme: dark)';
  flip(dark: boolean) {
    this.matches = dark;
    this.dispatchEvent(new Event('change'));
  }
}

const painted = () => document.documentElement.dataset.theme;

afterEach(() => {
  applyTheme(ThemeSetting.LIGHT, null);
  useSessionStore.setState({ profile: null });
});

describe('theme', () => {
  test('the profile setting is read from theme.theme; unknown means system', () => {
    expect(themeSettingOf({ theme: 'dark' })).toBe('dark');
    expect(themeSettingOf({ theme: 'light-contrast' })).toBe('light');
    expect(themeSettingOf({ theme: 'custom' })).toBe('system');
    expect(themeSettingOf(null)).toBe('system');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });

  test('system follows the OS preference as it changes; an explicit choice stops following', () => {
    const query = new ColorSchemeQuery(false);
    applyTheme(ThemeSetting.SYSTEM, query as unknown as MediaQueryList);
    expect(painted()).toBe('light');
    query.flip(true);
    expect(painted()).toBe('dark');
    expect(document.documentElement.style.colorScheme).toBe('dark');
    applyTheme(ThemeSetting.LIGHT, query as unknown as MediaQueryList);
    query.flip(true);
    expect(painted()).toBe('light');
  });

  test('the signed-in profile drives the theme and a change to it repaints', () => {
    const stop = startThemeSync();
    useSessionStore.setState({ profile: { id: 'p', user: 'u', is_onboarded: true, onboarding_step: { profile_complete: true, workspace_create: true, workspace_invite: true, workspace_join: true }, last_workspace_id: null, theme: { theme: 'dark' } } as unknown as Profile });
    expect(painted()).toBe('dark');
    expect(getThemeSetting()).toBe('dark');
    useSessionStore.setState((state) => ({ profile: { ...state.profile!, theme: { theme: 'light' } } }));
    expect(painted()).toBe('light');
    stop();
  });
});
