// Plane's `expand=assignees,labels,state` on public work items: the ids an item carries become the
// objects the app API presents for them, loaded once for a whole page.
import { inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { labels, states } from '../../../db/schema/index';
import { presentLabel } from '../work-items/presenters/label';
import { presentState } from '../work-items/presenters/state';
import { presentV1 } from './presenters/api-v1';
import { loadUserLites } from '../work-items/issue-read';

type Wire = Record<string, unknown>;

/** Expansion keys of public work items. */
const WORK_ITEM_EXPANSIONS = ['assignees', 'labels', 'state'] as const;

/** The expansion keys asked for in `expand=` (unknown keys are ignored, as Plane does). */
export function expansionKeys(expand: string | undefined): Set<string> {
  const asked = (expand ?? '').split(',').map((key) => key.trim());
  return new Set(asked.filter((key) => (WORK_ITEM_EXPANSIONS as readonly string[]).includes(key)));
}

const ids = (value: unknown): string[] => (Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);

/** Replaces the ids of `keys` in each public work item with the objects they name. */
export async function expandWorkItems(db: Db, items: Wire[], keys: Set<string>): Promise<Wire[]> {
  if (keys.size === 0 || items.length === 0) return items;
  const stateIds = keys.has('state') ? [...new Set(items.map((item) => item.state).filter((id): id is string => typeof id === 'string'))] : [];
  const labelIds = keys.has('labels') ? [...new Set(items.flatMap((item) => ids(item.labels)))] : [];
  const userIds = keys.has('assignees') ? items.flatMap((item) => ids(item.assignees)) : [];
  const [stateRows, labelRows, users] = await Promise.all([
    stateIds.length ? db.select().from(states).where(inArray(states.id, stateIds)) : [],
    labelIds.length ? db.select().from(labels).where(inArray(labels.id, labelIds)) : [],
    loadUserLites(db, userIds),
  ]);
  const stateById = new Map(stateRows.map((row) => [row.id, presentV1(presentState(row))]));
  const labelById = new Map(labelRows.map((row) => [row.id, presentV1(presentLabel(row))]));
  return items.map((item) => ({
    ...item,
    ...(keys.has('state') ? { state: typeof item.state === 'string' ? (stateById.get(item.state) ?? null) : null } : {}),
    ...(keys.has('labels') ? { labels: ids(item.labels).flatMap((id) => labelById.get(id) ?? []) } : {}),
    ...(keys.has('assignees') ? { assignees: ids(item.assignees).flatMap((id) => users.get(id) ?? []) } : {}),
  }));
}
