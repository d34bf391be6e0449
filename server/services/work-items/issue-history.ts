// The issue history of reference §1.6.1: property activity, comments, or both merged by time.
import { and, asc, eq, gt, isNull, notInArray, or } from 'drizzle-orm';
import { issueActivities } from '../../../db/schema/index';
import type { ServerContext } from '../../context';
import type { ProjectActor } from '../../actor';
import { loadReadableIssue } from './policies/issue';
import { HISTORY_HIDDEN_FIELDS } from '../../../shared/issue-activity';
import { activityProject, activityWorkspace, presentActivity } from './presenters/issue-activity';
import { issueCommentRows, presentComments } from './issue-comment';
import { loadUserLites } from './issue-read';

interface HistoryQuery {
  activity_type?: 'issue-property' | 'issue-comment';
  created_at__gt?: string;
}

/** GET `history/`: `issue-property` activity, `issue-comment` comments, or both merged by created_at. */
export async function listIssueHistory(ctx: ServerContext, actor: ProjectActor, issueId: string, query: HistoryQuery) {
  const issue = await loadReadableIssue(ctx.db, actor, issueId);
  const after = query.created_at__gt;
  const wantProperty = query.activity_type !== 'issue-comment';
  const wantComments = query.activity_type !== 'issue-property';
  const items: Array<{ created_at: string | null }> = [];
  if (wantProperty) {
    const rows = await ctx.db
      .select()
      .from(issueActivities)
      .where(
        and(
          eq(issueActivities.issueId, issueId),
          isNull(issueActivities.deletedAt),
          or(isNull(issueActivities.field), notInArray(issueActivities.field, [...HISTORY_HIDDEN_FIELDS])),
          after ? gt(issueActivities.createdAt, new Date(after)) : undefined,
        ),
      )
      .orderBy(asc(issueActivities.createdAt));
    const users = await loadUserLites(ctx.db, rows.map((row) => row.actorId));
    const project = activityProject(actor.project);
    const workspace = activityWorkspace(actor.workspace);
    for (const row of rows) items.push(presentActivity(row, { actor: users.get(row.actorId ?? '') ?? null, issue, project, workspace }));
  }
  if (wantComments) items.push(...(await presentComments(ctx.db, actor, issue, await issueCommentRows(ctx.db, issueId, after))));
  return items.sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? ''));
}
