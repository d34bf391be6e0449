// Change events for issue activity rows, so an open issue detail or peek shows a new row the moment
// it is written. Each event carries the row as the history route presents it (reference §9
// IssueActivity); rows the property history leaves out (comments, reactions) are not sent, because
// their own entities already reach the client.
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { issues, projects, users, workspaces, type IssueActivity, type Project } from '../../../db/schema/index';
import { activityVersion, isPropertyActivity } from '../../../shared/issue-activity';
import { LiveEntity } from '../../../shared/live-protocol';
import { noteFieldChanges, recordChange, type ChangeOp } from '../../live/record-change';
import type { WorkspaceActor } from '../../actor';
import { activityProject, activityWorkspace, presentActivity, presentUserLite, type ActivityContext, type UserLite } from './presenters/issue-activity';

/** The issue columns an activity row embeds (not the whole row: its Yjs state can be kilobytes). */
const contextIssue = {
  id: issues.id,
  name: issues.name,
  descriptionHtml: issues.descriptionHtml,
  priority: issues.priority,
  startDate: issues.startDate,
  targetDate: issues.targetDate,
  sequenceId: issues.sequenceId,
  sortOrder: issues.sortOrder,
  isDraft: issues.isDraft,
};

/** Who writes, and in which workspace: known to a request from its actor, so the context need not be read. */
export interface ActivityAuthor {
  workspace: ActivityContext['workspace'];
  actor: UserLite | null;
}

/** The request actor as an ActivityAuthor; undefined when the actor carries no user row (made outside a request). */
export function activityAuthorOf(actor: WorkspaceActor): ActivityAuthor | undefined {
  return actor.person ? { workspace: activityWorkspace(actor.workspace), actor: presentUserLite(actor.person) } : undefined;
}

/**
 * The context of an issue's activity rows from what the writer holds: the author, the project and the
 * issue's row as it now stands (after the write's update). Saves the context read on creates and PATCHes.
 */
export function knownActivityContext(author: ActivityAuthor | undefined, project: Project, issue: NonNullable<ActivityContext['issue']>): ActivityContext | undefined {
  if (!author) return undefined;
  const { id, name, descriptionHtml, priority, startDate, targetDate, sequenceId, sortOrder, isDraft } = issue;
  return { ...author, project: activityProject(project), issue: { id, name, descriptionHtml, priority, startDate, targetDate, sequenceId, sortOrder, isDraft } };
}

/** What an activity row embeds (issue, project, workspace, actor), read in the writing transaction in one query. */
async function loadContext(tx: Db, issueId: string, actorId: string | null): Promise<ActivityContext | null> {
  const [row] = await tx
    .select({ issue: contextIssue, project: projects, workspace: workspaces, actor: users })
    .from(issues)
    .innerJoin(projects, eq(projects.id, issues.projectId))
    .innerJoin(workspaces, eq(workspaces.id, issues.workspaceId))
    .leftJoin(users, actorId ? eq(users.id, actorId) : sql`false`)
    .where(eq(issues.id, issueId));
  if (!row) return null;
  return { issue: row.issue, project: activityProject(row.project), workspace: activityWorkspace(row.workspace), actor: presentUserLite(row.actor) };
}

/**
 * Records the `issue_activity` changes of rows of many issues by one actor (a cycle move, a bulk
 * write): the issues, projects, workspaces and the actor are read in one query per chunk of issues
 * instead of one per issue.
 */
export async function recordActivityChangesMany(tx: Db, rows: IssueActivity[], op: Extract<ChangeOp, 'create' | 'update'>): Promise<void> {
  noteActivityFields(tx, rows);
  const visible = rows.filter((row) => row.issueId && isPropertyActivity(row.field));
  if (visible.length === 0) return;
  const actorId = visible[0].actorId;
  const issueIds = [...new Set(visible.map((row) => row.issueId!))];
  const contexts = new Map<string, ActivityContext>();
  for (let start = 0; start < issueIds.length; start += CONTEXT_CHUNK) {
    const found = await tx
      .select({ issue: contextIssue, project: projects, workspace: workspaces, actor: users })
      .from(issues)
      .innerJoin(projects, eq(projects.id, issues.projectId))
      .innerJoin(workspaces, eq(workspaces.id, issues.workspaceId))
      .leftJoin(users, actorId ? eq(users.id, actorId) : sql`false`)
      .where(inArray(issues.id, issueIds.slice(start, start + CONTEXT_CHUNK)));
    for (const row of found) {
      contexts.set(row.issue.id, { issue: row.issue, project: activityProject(row.project), workspace: activityWorkspace(row.workspace), actor: presentUserLite(row.actor) });
    }
  }
  for (const row of visible) {
    const context = contexts.get(row.issueId!);
    if (context) recordActivity(tx, row, context, op);
  }
}

const CONTEXT_CHUNK = 1000;

function recordActivity(tx: Db, row: IssueActivity, context: ActivityContext, op: Extract<ChangeOp, 'create' | 'update'>) {
  recordChange(tx, {
    workspaceId: row.workspaceId,
    projectId: row.projectId,
    entity: LiveEntity.ISSUE_ACTIVITY,
    entityId: row.id,
    op,
    version: activityVersion(row.updatedAt),
    data: presentActivity(row, context),
    issueIds: [row.issueId!],
  });
}

/**
 * Records one `issue_activity` change per row (rows of one issue by one actor, as writeActivities
 * and the description move write them, in this transaction).
 * `issueIds` names the issue, so the restricted-guest filter can decide the event without its data.
 */
export async function recordActivityChanges(tx: Db, rows: IssueActivity[], op: Extract<ChangeOp, 'create' | 'update'>, known?: ActivityContext): Promise<void> {
  const visible = rows.filter((row) => row.issueId && isPropertyActivity(row.field));
  if (visible.length === 0) return;
  const issueId = visible[0].issueId!;
  const context = known?.issue?.id === issueId ? known : await loadContext(tx, issueId, visible[0].actorId);
  if (!context) return;
  for (const row of visible) recordActivity(tx, row, context, op);
}

/**
 * Notes the fields activity rows changed on their issues, so each issue's next update change
 * carries them (the webhook feed's one delivery per changed field, reference §10). Rows without a
 * field (an issue created) note nothing.
 */
export function noteActivityFields(tx: Db, rows: Array<Pick<IssueActivity, 'issueId' | 'field' | 'oldValue' | 'newValue' | 'oldIdentifier' | 'newIdentifier'>>): void {
  for (const row of rows) {
    if (!row.issueId || !row.field) continue;
    noteFieldChanges(tx, LiveEntity.ISSUE, row.issueId, [
      { field: row.field, old_value: row.oldValue, new_value: row.newValue, old_identifier: row.oldIdentifier, new_identifier: row.newIdentifier },
    ]);
  }
}
