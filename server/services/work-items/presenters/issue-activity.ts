// Wire shapes of the issue history (reference §9 IssueActivity) and of the small user object
// (`actor_detail`) that activity, comments, links and reactions embed.
import type { IssueActivity, Project, User, Workspace } from '../../../../db/schema/index';
import { presentStampsWithDeletedAt } from '../../../presenters/dates';
import { presentProjectLite } from '../../accounts/presenters/project-member';
import { presentWorkspaceLite } from '../../accounts/presenters/workspace';

/** UserLite: the user fields every embedded `*_detail` carries. */
export function presentUserLite(user: Pick<User, 'id' | 'firstName' | 'lastName' | 'avatar' | 'isBot' | 'displayName'> | null) {
  if (!user) return null;
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    avatar: user.avatar,
    avatar_url: user.avatar,
    is_bot: user.isBot,
    display_name: user.displayName,
  };
}
export type UserLite = NonNullable<ReturnType<typeof presentUserLite>>;

/** The project/workspace/issue context embedded in history rows. */
export interface ActivityContext {
  actor: UserLite | null;
  issue: { id: string; name: string; descriptionHtml: string; priority: string; startDate: string | null; targetDate: string | null; sequenceId: number; sortOrder: number; isDraft: boolean } | null;
  project: { id: string; identifier: string; name: string; coverImage: string | null; logoProps: unknown; description: string };
  workspace: { id: string; name: string; slug: string; logo: string | null };
}

/** The project part of an ActivityContext. */
export function activityProject(project: Pick<Project, 'id' | 'identifier' | 'name' | 'coverImage' | 'logoProps' | 'description'>): ActivityContext['project'] {
  return { id: project.id, identifier: project.identifier, name: project.name, coverImage: project.coverImage, logoProps: project.logoProps, description: project.description };
}

/** The workspace part of an ActivityContext. */
export function activityWorkspace(workspace: Pick<Workspace, 'id' | 'name' | 'slug' | 'logo'>): ActivityContext['workspace'] {
  return { id: workspace.id, name: workspace.name, slug: workspace.slug, logo: workspace.logo };
}

/** One IssueActivity row with its `*_detail` objects. */
export function presentActivity(row: IssueActivity, context: ActivityContext) {
  const { issue, project, workspace } = context;
  return {
    id: row.id,
    activity_type: 'ACTIVITY' as const,
    ...presentStampsWithDeletedAt(row),
    workspace: row.workspaceId,
    project: row.projectId,
    issue: row.issueId,
    verb: row.verb,
    field: row.field,
    old_value: row.oldValue,
    new_value: row.newValue,
    comment: row.comment,
    attachments: row.attachments,
    issue_comment: row.issueCommentId,
    actor: row.actorId,
    old_identifier: row.oldIdentifier,
    new_identifier: row.newIdentifier,
    epoch: row.epoch,
    source_data: null,
    actor_detail: context.actor,
    issue_detail: issue && {
      id: issue.id,
      name: issue.name,
      description_json: null,
      description_html: issue.descriptionHtml,
      priority: issue.priority,
      start_date: issue.startDate,
      target_date: issue.targetDate,
      sequence_id: issue.sequenceId,
      sort_order: issue.sortOrder,
      is_draft: issue.isDraft,
    },
    project_detail: presentProjectLite(project),
    workspace_detail: presentWorkspaceLite(workspace),
  };
}
