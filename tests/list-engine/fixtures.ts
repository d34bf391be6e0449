// Rows for list-engine tests, inserted straight into the test database (the list engine reads;
// it does not care how issues were written).
import { sql } from 'drizzle-orm';
import {
  cycleIssues,
  cycles,
  issueAssignees,
  issueLabels,
  issueSubscribers,
  issues,
  labels,
  moduleIssues,
  modules,
} from '../../db/schema/index';
import type { Db } from '../../db/client';
import type { TestProject } from '../support/factories';
import { executeRows } from '../../db/rows';

export interface IssueSpec {
  name?: string;
  stateId?: string | null;
  priority?: string;
  startDate?: string | null;
  targetDate?: string | null;
  createdAt?: Date;
  createdBy?: string | null;
  sortOrder?: number;
  parentId?: string | null;
  labelIds?: string[];
  assigneeIds?: string[];
  moduleIds?: string[];
  cycleId?: string | null;
  subscriberIds?: string[];
  archivedAt?: Date | null;
  isDraft?: boolean;
  deletedAt?: Date | null;
  id?: string;
}

const sequences = new Map<string, number>();

/** Inserts issues (and their links) in one project; returns their ids in order. */
export async function insertIssues(db: Db, project: TestProject, specs: IssueSpec[]): Promise<string[]> {
  if (specs.length === 0) return [];
  // Continue after issues created through the API in the same project, if any.
  const [{ highest }] = await executeRows<{ highest: number }>(db, sql`select coalesce(max(sequence_id), 0)::int as highest from issues where project_id = ${project.id}`);
  const start = Math.max(sequences.get(project.id) ?? 0, Number(highest));
  sequences.set(project.id, start + specs.length);
  const rows = await db
    .insert(issues)
    .values(
      specs.map((spec, index) => ({
        ...(spec.id ? { id: spec.id } : {}),
        projectId: project.id,
        workspaceId: project.workspaceId,
        name: spec.name ?? `Issue ${start + index + 1}`,
        stateId: spec.stateId === undefined ? project.states.backlog : spec.stateId,
        priority: spec.priority ?? 'none',
        startDate: spec.startDate ?? null,
        targetDate: spec.targetDate ?? null,
        sequenceId: start + index + 1,
        sortOrder: spec.sortOrder ?? 65535,
        parentId: spec.parentId ?? null,
        createdBy: spec.createdBy ?? null,
        createdAt: spec.createdAt ?? new Date(),
        updatedAt: spec.createdAt ?? new Date(),
        archivedAt: spec.archivedAt ?? null,
        isDraft: spec.isDraft ?? false,
        deletedAt: spec.deletedAt ?? null,
      })),
    )
    .returning({ id: issues.id });
  const ids = rows.map((row) => row.id);
  const base = { projectId: project.id, workspaceId: project.workspaceId };
  const links = <T>(pick: (spec: IssueSpec) => string[] | undefined, make: (issueId: string, id: string) => T) =>
    specs.flatMap((spec, index) => (pick(spec) ?? []).map((id) => make(ids[index], id)));
  const labelRows = links((s) => s.labelIds, (issueId, labelId) => ({ ...base, issueId, labelId }));
  const assigneeRows = links((s) => s.assigneeIds, (issueId, assigneeId) => ({ ...base, issueId, assigneeId }));
  const moduleRows = links((s) => s.moduleIds, (issueId, moduleId) => ({ ...base, issueId, moduleId }));
  const subscriberRows = links((s) => s.subscriberIds, (issueId, subscriberId) => ({ ...base, issueId, subscriberId }));
  const cycleRows = links((s) => (s.cycleId ? [s.cycleId] : []), (issueId, cycleId) => ({ ...base, issueId, cycleId }));
  if (labelRows.length) await db.insert(issueLabels).values(labelRows);
  if (assigneeRows.length) await db.insert(issueAssignees).values(assigneeRows);
  if (moduleRows.length) await db.insert(moduleIssues).values(moduleRows);
  if (subscriberRows.length) await db.insert(issueSubscribers).values(subscriberRows);
  if (cycleRows.length) await db.insert(cycleIssues).values(cycleRows);
  return ids;
}

/** Creates project labels; returns their ids. */
export async function insertLabels(db: Db, project: TestProject, names: string[]): Promise<string[]> {
  const rows = await db
    .insert(labels)
    .values(names.map((name, index) => ({ projectId: project.id, workspaceId: project.workspaceId, name, sortOrder: 65535 + index * 10000 })))
    .returning({ id: labels.id });
  return rows.map((row) => row.id);
}

/** Creates project modules; returns their ids. */
export async function insertModules(db: Db, project: TestProject, names: string[]): Promise<string[]> {
  const rows = await db
    .insert(modules)
    .values(names.map((name) => ({ projectId: project.id, workspaceId: project.workspaceId, name })))
    .returning({ id: modules.id });
  return rows.map((row) => row.id);
}

/** Creates project cycles; returns their ids. */
export async function insertCycles(db: Db, project: TestProject, names: string[]): Promise<string[]> {
  const rows = await db
    .insert(cycles)
    .values(names.map((name) => ({ projectId: project.id, workspaceId: project.workspaceId, name })))
    .returning({ id: cycles.id });
  return rows.map((row) => row.id);
}

/** Removes every issue of the project (property runs reuse one project). */
export async function clearIssues(db: Db, project: TestProject): Promise<void> {
  await db.execute(sql`delete from issues where project_id = ${project.id}`);
}
