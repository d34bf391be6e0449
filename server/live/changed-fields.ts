// The fields an update changed, for entities whose writers have no history rows to give (projects,
// cycles, modules): each requested key whose value differs between the entity as presented before
// and after the write (what Plane's model_activity sends its webhooks, reference §10 "one delivery
// per changed field"). Keys the wire object does not have are left out.
import type { FieldChange } from './record-change';

/** The keys of a request body that were sent (undefined is "not sent"). */
export function sentKeys(body: object): string[] {
  return Object.entries(body)
    .filter(([, value]) => value !== undefined)
    .map(([key]) => key);
}

/** One FieldChange per key of `keys` whose value in `before` and `after` differs. */
export function changedFields(keys: Iterable<string>, before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const fields: FieldChange[] = [];
  for (const key of new Set(keys)) {
    if (!(key in after)) continue;
    const oldValue = before[key] ?? null;
    const newValue = after[key] ?? null;
    // Both sides come from the same presenter, so equal values serialize alike.
    if (JSON.stringify(oldValue) === JSON.stringify(newValue)) continue;
    fields.push({ field: key, old_value: oldValue, new_value: newValue, old_identifier: null, new_identifier: null });
  }
  return fields;
}
