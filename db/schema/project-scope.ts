// The two keys of every row that lives in a project: the project and its workspace (kept on the row so
// workspace-wide reads and deletes need no join), the row going with either.
//
// Cycle-safety: project.ts uses these while the two files import each other; only hoisted function
// declarations are exported, and the tables are read lazily inside `references`.
import { index, type PgColumn } from 'drizzle-orm/pg-core';
import { cascadeRef } from './columns';
import { projects } from './project';
import { workspaces } from './workspace';

/** projectId / workspaceId: required, and deleted with the project or the workspace. */
export function projectScopeColumns() {
  return {
    projectId: cascadeRef(() => projects.id),
    workspaceId: cascadeRef(() => workspaces.id),
  };
}

/** Indexes on projectId and workspaceId (every foreign key is indexed). */
export function projectScopeIndexes(t: { projectId: PgColumn; workspaceId: PgColumn }) {
  return [index().on(t.projectId), index().on(t.workspaceId)];
}
