// Display helpers for names (spec §5 "Untitled", §9 "up to three names, then +N more") used by lists and notifications.

/** What an empty name shows as. */
const UNTITLED = 'Untitled';

/** The name itself, or "Untitled" when it is missing or blank. */
export function nameOrUntitled(name: string | null | undefined): string {
  return name && name.trim() !== '' ? name : UNTITLED;
}

/**
 * Joins up to `max` names with ", " and summarises the rest: `["a","b","c","d"]` → `"a, b, c +1 more"`.
 * Blank names are shown as "Untitled".
 */
export function displayNames(names: readonly (string | null | undefined)[], max = 3): string {
  const limit = Math.max(0, Math.floor(max));
  const shown = names.slice(0, limit).map(nameOrUntitled).join(', ');
  const rest = names.length - Math.min(names.length, limit);
  if (rest <= 0) return shown;
  return shown ? `${shown} +${rest} more` : `+${rest} more`;
}

/** The display name an account starts with: the local part of its email (as sign-up sets it). */
export function defaultDisplayName(email: string): string {
  return email.split('@')[0]!.slice(0, 255);
}

/**
 * The display name to save with a first and last name typed at onboarding: the full name while
 * the account still has its email-derived default (so the name people see is the one they gave),
 * else null (a display name the person chose is kept).
 */
export function onboardingDisplayName(user: { email: string; display_name?: string | null }, firstName: string, lastName: string): string | null {
  const fullName = [firstName.trim(), lastName.trim()].filter(Boolean).join(' ').slice(0, 255);
  if (!fullName) return null;
  const current = user.display_name ?? '';
  return current === '' || current === defaultDisplayName(user.email) ? fullName : null;
}
