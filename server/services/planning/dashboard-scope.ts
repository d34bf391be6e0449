// The workspace list scope for the home dashboard's widgets, with the caller's projects resolved
// first (one small query) and handed to the widget statements as uuid arrays. The list engine's
// scope (list-engine/scope.ts workspaceIssueScope) embeds the membership as subqueries; on the
// projects table (a few dozen rows, below the analyze threshold) the planner expects ONE member
// project, and so ran every count widget as a per-project loop over all the projects' issues
// (issue #14 bench: 1.5 s for overview_stats at 100,000 issues). With the ids as parameters of an
// unnamed statement, Postgres plans with the actual array and starts from the caller's own rows
// (issue_assignees by assignee, issues by creator). Same rule as workspaceIssueScope: live projects
// the caller is an active member of; where they may not see everything (a guest without
// guest_view_all_features, not a workspace admin) only the issues they created.
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import type { WorkspaceActor } from '../../actor';
import { baseExclusions } from '../../list-engine/scope';
import { fullAccessSql } from '../../policies/row-access';

export interface DashboardScope {
  /** Projects whose every listed issue the caller sees. */
  fullProjectIds: string[];
  /** Projects where the caller sees only the issues they created. */
  ownOnlyProjectIds: string[];
}

/** The caller's live member projects, split by what they may see of them. */
export async function resolveDashboardScope(database: Database, actor: WorkspaceActor): Promise<DashboardScope> {
  const rows = await database.query<{ id: string; full: boolean }>(sql`
    select pm.project_id::text as id, ${fullAccessSql(sql`pm.role`, sql`p.guest_view_all_features`, actor.workspaceRole)} as full
    from project_members pm join projects p on p.id = pm.project_id
    where pm.member_id = ${actor.userId} and pm.is_active and p.workspace_id = ${actor.workspace.id}
      and p.deleted_at is null and p.archived_at is null`);
  return {
    fullProjectIds: rows.filter((row) => row.full).map((row) => row.id),
    ownOnlyProjectIds: rows.filter((row) => !row.full).map((row) => row.id),
  };
}

/** Every project of the scope. */
export const scopeProjectIds = (scope: DashboardScope) => [...scope.fullProjectIds, ...scope.ownOnlyProjectIds];

const uuidArray = (ids: string[]) => sql`${`{${ids.join(',')}}`}::uuid[]`;

/** The issues (alias `i`) the scope lets the caller see: the list engine's base exclusions included. */
export function dashboardIssueWhere(scope: DashboardScope, userId: string): SQL {
  const { fullProjectIds: full, ownOnlyProjectIds: ownOnly } = scope;
  const projects =
    ownOnly.length === 0
      ? sql`i.project_id = any(${uuidArray(full)})`
      : full.length === 0
        ? sql`i.project_id = any(${uuidArray(ownOnly)}) and i.created_by = ${userId}`
        : sql`(i.project_id = any(${uuidArray(full)}) or (i.project_id = any(${uuidArray(ownOnly)}) and i.created_by = ${userId}))`;
  return sql`${projects} and ${baseExclusions()}`;
}
