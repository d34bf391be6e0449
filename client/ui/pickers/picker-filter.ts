// How a picker's typed query narrows its options: every word of the query must appear in the
// option's label or keywords (case-insensitive), and options whose label starts with the query rank
// first. cmdk calls this per option; its own fuzzy score lets "hg" match "High" and ranks ids
// (the item values) too, which reads as noise in a property picker.

/** cmdk filter: 0 hides the option, a higher number ranks it higher. */
export function pickerFilter(_value: string, search: string, keywords?: string[]): number {
  const query = search.trim().toLowerCase();
  if (!query) return 1;
  const text = (keywords ?? []).join(' ').toLowerCase();
  const words = query.split(/\s+/);
  if (!words.every((word) => text.includes(word))) return 0;
  return text.startsWith(query) ? 2 : 1;
}

/** True when a typed name matches no option exactly, so "Create …" is worth offering. */
export function isNewName(query: string, names: string[]): boolean {
  const wanted = query.trim().toLowerCase();
  return wanted.length > 0 && !names.some((name) => name.trim().toLowerCase() === wanted);
}
