// What an issue export contains and how it is read: the columns of one exported issue, and the
// batched reader that walks the chosen projects' issues in keyset order (project, sequence_id) so
// an export of 100 000 issues holds one batch in memory at a time, on Postgres and PGlite alike.
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { effectiveProjectRole } from '../../../shared/roles';
import { issueAccess } from '../../../shared/policies/issue';
import { isProjectIssue } from '../../list-engine/scope';

/** Issues read per statement; each batch is written out before the next is read. */
const EXPORT_BATCH_SIZE = 1000;

/** The exported columns, in file order (CSV header, XLSX header row, JSON keys). */
export const EXPORT_COLUMNS = [
  { key: 'id', header: 'ID' },
  { key: 'project', header: 'Project' },
  { key: 'name', header: 'Name' },
  { key: 'description', header: 'Description' },
  { key: 'state', header: 'State' },
  { key: 'state_group', header: 'State group' },
  { key: 'priority', header: 'Priority' },
  { key: 'start_date', header: 'Start date' },
  { key: 'target_date', header: 'Target date' },
  { key: 'assignees', header: 'Assignees' },
  { key: 'labels', header: 'Labels' },
  { key: 'cycle', header: 'Cycle' },
  { key: 'modules', header: 'Modules' },
  { key: 'estimate', header: 'Estimate' },
  { key: 'parent', header: 'Parent' },
  { key: 'created_by', header: 'Created by' },
  { key: 'created_at', header: 'Created at' },
  { key: 'updated_at', header: 'Updated at' },
  { key: 'completed_at', header: 'Completed at' },
  { key: 'archived_at', header: 'Archived at' },
] as const;

type ExportColumnKey = (typeof EXPORT_COLUMNS)[number]['key'];
/** One exported issue: every value a string (empty when unset), keyed as EXPORT_COLUMNS. */
export type ExportRow = Record<ExportColumnKey, string>;

/** A project as the export reads it, with the caller's guest limitation decided up front. */
export interface ExportProject {
  id: string;
  identifier: string;
  name: string;
  /** Guests without "view all" see only issues they created (reference §0.2). */
  onlyCreatedBy: string | null;
}

interface RawRow {
  sequence_id: number;
  name: string;
  description: string | null;
  priority: string;
  start_date: string | null;
  target_date: string | null;
  created_at: string | Date;
  updated_at: string | Date;
  completed_at: string | Date | null;
  archived_at: string | Date | null;
  state_name: string | null;
  state_group: string | null;
  estimate: string | null;
  created_by_name: string | null;
  parent: string | null;
  assignees: string | null;
  labels: string | null;
  cycle: string | null;
  modules: string | null;
}

/** The projects of `projectIds` the user may export (active member of a live project), with the guest rule. */
export async function loadExportProjects(database: Database, workspaceId: string, userId: string, workspaceRole: number, projectIds: string[]): Promise<ExportProject[]> {
  if (projectIds.length === 0) return [];
  const rows = await database.query<{ id: string; identifier: string; name: string; role: number; guest_view_all_features: boolean }>(sql`
    select p.id, p.identifier, p.name, pm.role, p.guest_view_all_features
    from projects p join project_members pm on pm.project_id = p.id and pm.member_id = ${userId} and pm.is_active
    where p.workspace_id = ${workspaceId} and p.deleted_at is null
      and p.id in (select jsonb_array_elements_text(${JSON.stringify(projectIds)}::jsonb)::uuid)
    order by p.identifier`);
  return rows.map((row) => {
    const access = issueAccess(effectiveProjectRole(row.role, workspaceRole), row.guest_view_all_features);
    return { id: row.id, identifier: row.identifier, name: row.name, onlyCreatedBy: access === 'full' ? null : userId };
  });
}

/** The exported issues of a project: live, not drafts, not waiting in intake; a limited guest's own only. */
function issueConditions(project: ExportProject) {
  return sql`i.project_id = ${project.id} and ${isProjectIssue('i', 'any')}${project.onlyCreatedBy ? sql` and i.created_by = ${project.onlyCreatedBy}` : sql``}`;
}

/** How many issues the export of `projects` will write (the progress bar's total). */
export async function countExportIssues(database: Database, projects: ExportProject[]): Promise<number> {
  let total = 0;
  for (const project of projects) {
    const [row] = await database.query<{ n: number }>(sql`select count(*)::int as n from issues i where ${issueConditions(project)}`);
    total += Number(row?.n ?? 0);
  }
  return total;
}

/** One batch of a project's issues after `afterSequence`, in sequence order, with every column resolved. */
function batchStatement(project: ExportProject, afterSequence: number, limit: number) {
  return sql`
    select i.sequence_id, i.name, i.description_stripped as description, i.priority, i.start_date::text, i.target_date::text,
      i.created_at, i.updated_at, i.completed_at, i.archived_at,
      s.name as state_name, s."group" as state_group, ep.value as estimate, cu.display_name as created_by_name,
      case when pi.id is null then null else pp.identifier || '-' || pi.sequence_id end as parent,
      (select string_agg(u.display_name, ', ' order by u.display_name) from issue_assignees ia join users u on u.id = ia.assignee_id
        where ia.issue_id = i.id and ia.deleted_at is null) as assignees,
      (select string_agg(l.name, ', ' order by l.name) from issue_labels il join labels l on l.id = il.label_id
        where il.issue_id = i.id and il.deleted_at is null and l.deleted_at is null) as labels,
      (select c.name from cycle_issues ci join cycles c on c.id = ci.cycle_id
        where ci.issue_id = i.id and ci.deleted_at is null and c.deleted_at is null limit 1) as cycle,
      (select string_agg(m.name, ', ' order by m.name) from module_issues mi join modules m on m.id = mi.module_id
        where mi.issue_id = i.id and mi.deleted_at is null and m.deleted_at is null) as modules
    from issues i
      left join states s on s.id = i.state_id
      left join estimate_points ep on ep.id = i.estimate_point_id
      left join users cu on cu.id = i.created_by
      left join issues pi on pi.id = i.parent_id
      left join projects pp on pp.id = pi.project_id
    where ${issueConditions(project)} and i.sequence_id > ${afterSequence}
    order by i.sequence_id
    limit ${limit}`;
}

function instant(value: string | Date | null): string {
  if (value === null) return '';
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

function toExportRow(project: ExportProject, raw: RawRow): ExportRow {
  return {
    id: `${project.identifier}-${raw.sequence_id}`,
    project: project.name,
    name: raw.name,
    description: raw.description ?? '',
    state: raw.state_name ?? '',
    state_group: raw.state_group ?? '',
    priority: raw.priority,
    start_date: raw.start_date ?? '',
    target_date: raw.target_date ?? '',
    assignees: raw.assignees ?? '',
    labels: raw.labels ?? '',
    cycle: raw.cycle ?? '',
    modules: raw.modules ?? '',
    estimate: raw.estimate ?? '',
    parent: raw.parent ?? '',
    created_by: raw.created_by_name ?? '',
    created_at: instant(raw.created_at),
    updated_at: instant(raw.updated_at),
    completed_at: instant(raw.completed_at),
    archived_at: instant(raw.archived_at),
  };
}

/**
 * Yields the issues of each project in turn, one batch (≤ `batchSize` rows) per statement, keyset by
 * sequence_id (the unique (project_id, sequence_id) index): no OFFSET scans, no open cursor held
 * across awaits, and the caller writes each batch out before the next is read.
 */
export async function* readExportBatches(
  database: Database,
  projects: ExportProject[],
  batchSize = EXPORT_BATCH_SIZE,
): AsyncGenerator<{ project: ExportProject; rows: ExportRow[] }> {
  for (const project of projects) {
    let after = 0;
    for (;;) {
      const raw = await database.query<RawRow>(batchStatement(project, after, batchSize));
      if (raw.length === 0) break;
      after = raw[raw.length - 1].sequence_id;
      yield { project, rows: raw.map((row) => toExportRow(project, row)) };
      if (raw.length < batchSize) break;
    }
  }
}
