// Light and dark themes. The setting is the profile's `theme.theme` ("light", "dark", "system";
// the spec's profile shape); "system" follows `prefers-color-scheme` and changes with it. The
// resolved theme is written to <html data-theme> and `color-scheme`, which the tokens in
// tokens.css switch on.
import { create } from 'zustand';

export const ThemeSetting = { LIGHT: 'light', DARK: 'dark', SYSTEM: 'system' } as const;
export type ThemeSetting = (typeof ThemeSetting)[keyof typeof ThemeSetting];
type ResolvedTheme = 'light' | 'dark';

const DARK_QUERY = '(prefers-color-scheme: dark)';

/** The setting stored in a profile's `theme` object; unknown or missing means "system". */
export function themeSettingOf(profileTheme: unknown): ThemeSetting {
  const value = (profileTheme as { theme?: unknown } | null | undefined)?.theme;
  if (typeof value !== 'string') return ThemeSetting.SYSTEM;
  // Plane's contrast variants map onto their base theme.
  if (value.startsWith('dark')) return ThemeSetting.DARK;
  if (value.startsWith('light')) return ThemeSetting.LIGHT;
  return ThemeSetting.SYSTEM;
}

export function resolveTheme(setting: ThemeSetting, systemPrefersDark: boolean): ResolvedTheme {
  if (setting === ThemeSetting.SYSTEM) return systemPrefersDark ? 'dark' : 'light';
  return setting;
}

const useThemeStore = create<{ setting: ThemeSetting; resolved: ResolvedTheme }>(() => ({ setting: ThemeSetting.SYSTEM, resolved: 'light' }));

function darkQuery(): MediaQueryList | null {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' ? window.matchMedia(DARK_QUERY) : null;
}

function paint(resolved: ResolvedTheme): void {
  const root = document.documentElement;
  root.dataset.theme = resolved;
  root.style.colorScheme = resolved;
}

let stopFollowingSystem: (() => void) | null = null;

/** Applies a theme setting now; with "system", keeps following the OS preference until changed. */
export function applyTheme(setting: ThemeSetting, media: MediaQueryList | null = darkQuery()): void {
  stopFollowingSystem?.();
  stopFollowingSystem = null;
  const update = () => {
    const resolved = resolveTheme(setting, media?.matches ?? false);
    useThemeStore.setState({ setting, resolved });
    paint(resolved);
  };
  update();
  if (setting === ThemeSetting.SYSTEM && media) {
    media.addEventListener('change', update);
    stopFollowingSystem = () => media.removeEventListener('change', update);
  }
}

export function getThemeSetting(): ThemeSetting {
  return useThemeStore.getState().setting;
}

export function useThemeSetting(): ThemeSetting {
  return useThemeStore((state) => state.setting);
}

/** "light" or "dark" as painted now. */
export function useResolvedTheme(): ResolvedTheme {
  return useThemeStore((state) => state.resolved);
}
