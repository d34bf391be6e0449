// Keeps the painted theme equal to the signed-in profile's setting (and "system" when signed
// out), and saves a change the user makes back to the profile.
import { updateProfile, useSessionStore } from '../stores/session-store';
import { applyTheme, themeSettingOf, type ThemeSetting } from './theme';

/** Starts following the session's profile theme; returns the unsubscribe. */
export function startThemeSync(): () => void {
  let current = themeSettingOf(useSessionStore.getState().profile?.theme);
  applyTheme(current);
  return useSessionStore.subscribe((state) => {
    const next = themeSettingOf(state.profile?.theme);
    if (next === current) return;
    current = next;
    applyTheme(next);
  });
}

/** Switches the theme at once and stores it in the profile (other fields of `theme` are kept). */
export async function chooseTheme(setting: ThemeSetting): Promise<void> {
  applyTheme(setting);
  const profile = useSessionStore.getState().profile;
  if (!profile) return;
  const previous = (profile.theme ?? {}) as Record<string, unknown>;
  await updateProfile({ theme: { ...previous, theme: setting } });
}
