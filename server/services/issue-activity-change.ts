// Change events for issue activity rows, so an open issue detail or peek shows a new row the moment
// it is written. Each event carries the row as the history route presents it (reference §9
// IssueActivity); rows the property history leaves out (comments, reactions) are not sent, because
// their own entities already reach the client.
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { issues, projects, workspaces, type IssueActivity } from '../../db/schema/index';
import { activityVersion, isPropertyActivity } from '../../shared/issue-activity';
import { LiveEntity } from '../../shared/live-protocol';
import { recordChange, type ChangeOp } from '../live/record-change';
import { activityProject, activityWorkspace, presentActivity, type ActivityContext } from '../presenters/issue-activity';
import { loadUserLites } from './issue-read';

/** The issue, project and workspace an activity row embeds, read in the writing transaction. */
async function loadIssueContext(tx: Db, issueId: string): Promise<Omit<ActivityContext, 'actor'> | null> {
  const [row] = await tx
    .select({ issue: issues, project: projects, workspace: workspaces })
    .from(issues)
    .innerJoin(projects, eq(projects.id, issues.projectId))
    .innerJoin(workspaces, eq(workspaces.id, issues.workspaceId))
    .where(eq(issues.id, issueId));
  if (!row) return null;
  return { issue: row.issue, project: activityProject(row.project), workspace: activityWorkspace(row.workspace) };
}

/**
 * Records one `issue_activity` change per row (rows of one issue, written in this transaction).
 * `issueIds` names the issue, so the restricted-guest filter can decide the event without its data.
 */
export async function recordActivityChanges(tx: Db, rows: IssueActivity[], op: Extract<ChangeOp, 'create' | 'update'>): Promise<void> {
  const visible = rows.filter((row) => row.issueId && isPropertyActivity(row.field));
  if (visible.length === 0) return;
  const context = await loadIssueContext(tx, visible[0].issueId!);
  if (!context) return;
  const actors = await loadUserLites(tx, visible.map((row) => row.actorId));
  for (const row of visible) {
    recordChange(tx, {
      workspaceId: row.workspaceId,
      projectId: row.projectId,
      entity: LiveEntity.ISSUE_ACTIVITY,
      entityId: row.id,
      op,
      version: activityVersion(row.updatedAt),
      data: presentActivity(row, { ...context, actor: actors.get(row.actorId ?? '') ?? null }),
      issueIds: [row.issueId!],
    });
  }
}
