// The quick choices of the date picker: Today, Tomorrow, In one week, and a date typed as
// YYYY-MM-DD (or MM/DD, DD.MM is ambiguous and left out). Dates are calendar days in the user's
// time zone, written as the API's `YYYY-MM-DD`.

/** `YYYY-MM-DD` of a local calendar day. */
export function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The local Date (midnight) of an ISO day, or undefined for anything else. */
export function parseIsoDay(value: string | null | undefined): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  if (!match) return undefined;
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  // Rejects 2026-02-31 and the like, which Date would roll over into March.
  return isoDay(date) === value ? date : undefined;
}

function addDays(date: Date, days: number): Date {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate() + days);
}

export type DatePreset = 'today' | 'tomorrow' | 'nextWeek';

/** The ISO day of each preset, counted from `now`. */
export function presetDays(now: Date): Record<DatePreset, string> {
  return { today: isoDay(now), tomorrow: isoDay(addDays(now, 1)), nextWeek: isoDay(addDays(now, 7)) };
}

/**
 * The day a typed text names, or undefined: `2026-12-24`, or `12/24` / `12/24/2026` (month first,
 * the year defaulting to this one).
 */
export function parseTypedDay(text: string, now: Date): string | undefined {
  const value = text.trim();
  if (parseIsoDay(value)) return value;
  const match = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{4}))?$/.exec(value);
  if (!match) return undefined;
  const iso = `${match[3] ?? now.getFullYear()}-${match[1]!.padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
  return parseIsoDay(iso) ? iso : undefined;
}
