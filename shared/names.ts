// Display helpers for names (spec §5 "Untitled", §9 "up to three names, then +N more") used by lists and notifications.

/** What an empty name shows as. */
export const UNTITLED = 'Untitled';

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
