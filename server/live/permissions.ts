// Who may see which change, decided in memory for every event (DESIGN "Fan-out"): one
// `Visibility` per subscribed socket holds the user's workspace role, the projects they belong to
// (role, guest setting), and for restricted guests the issues they created. Membership and project
// changes update it at once, so a removed member stops receiving that project's events immediately.
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { issues, projectMembers, projects, workspaceMembers } from '../../db/schema/index';
import { canReadPage, type PageRow } from '../../shared/policies/page';
import { draftVisibleTo, issueAccess } from '../../shared/policies/issue';
import { viewAccess } from '../../shared/policies/view';
import { Role, effectiveProjectRole } from '../../shared/roles';
import { can, memberContext } from '../../shared/permission-table';
import type { LiveEntity } from '../../shared/live-protocol';
import type { Change } from './record-change';
import { PageAccess, ProjectNetwork, ViewAccess } from '../../shared/visibility';

/** What to do with one change for one socket. */
type Verdict = 'send' | 'hide' | 'send-as-delete' | 'revoke';

interface ProjectAccess {
  /** The membership row id, so a delete event (`{id}` only) can be recognised. */
  membershipId: string;
  role: number;
  guestViewAll: boolean;
}

/** Entities that hang off one issue; a restricted guest sees them only for issues they created. */
const ISSUE_CHILDREN: ReadonlySet<string> = new Set<LiveEntity>([
  'comment',
  'comment_reaction',
  'issue_reaction',
  'issue_link',
  'issue_attachment',
  'issue_relation',
  'inbox_issue',
  'issue_activity',
]);

/** Entities that belong to one user: sent to their `audienceUserId` only, never to anyone else. */
const PER_USER_ENTITIES: ReadonlySet<string> = new Set<LiveEntity>(['notification']);

/** How much of a project a user sees: nothing, a restricted guest's own issues, or everything. */
export const AccessLevel = { NONE: 0, RESTRICTED: 1, FULL: 2 } as const;
export type AccessLevel = (typeof AccessLevel)[keyof typeof AccessLevel];

type Data = Record<string, unknown>;

/** The in-memory permission state of one subscribed socket. */
export class Visibility {
  workspaceRole: number;
  workspaceMembershipId: string;
  readonly projects = new Map<string, ProjectAccess>();
  /** Issue ids created by the user, per project where the guest restriction applies. */
  readonly ownIssues = new Map<string, Set<string>>();
  /** Drafts the user created (any project): their activity is the creator's and the admins' only. */
  readonly ownDrafts = new Set<string>();

  constructor(
    readonly userId: string,
    readonly workspaceId: string,
    membership: { id: string; role: number },
  ) {
    this.workspaceRole = membership.role;
    this.workspaceMembershipId = membership.id;
  }

  /** Decides one change for this user. Call `apply` afterwards to update the state from it. */
  decide(change: Change): Verdict {
    const data = (change.data ?? {}) as Data;
    if (change.audienceUserId) return change.audienceUserId === this.userId ? 'send' : 'hide';
    // Per-user rows without an audience never leave the server (a notification reaches its receiver only).
    if (PER_USER_ENTITIES.has(change.entity)) return 'hide';
    if (change.entity === 'workspace' && change.op === 'delete') return 'revoke';
    if (change.entity === 'member') return this.decideMember(change, data);
    if (change.entity === 'project') return this.decideProject(change, data);
    if (!change.projectId) return this.decideWorkspaceLevel(change, data);
    const access = this.projects.get(change.projectId);
    if (!access) return 'hide';
    return this.decideInProject(change, data, access);
  }

  /** Updates the state from a membership or project change (call after `decide`). */
  apply(change: Change): void {
    const data = (change.data ?? {}) as Data;
    if (change.entity === 'member' && change.projectId) this.applyProjectMember(change, data);
    else if (change.entity === 'member' && this.isMe(change, data, this.workspaceMembershipId) && typeof data.role === 'number') {
      this.workspaceRole = data.role;
    } else if (change.entity === 'project') this.applyProject(change, data);
    else if (change.entity === 'inbox_issue' && change.op === 'create' && change.projectId && data.created_by === this.userId) {
      // An intake submission's issue is announced only through its intake row: it is the guest's own issue.
      const issueId = issueIdOf(data);
      if (issueId) this.ownIssues.get(change.projectId)?.add(issueId);
    } else if (change.entity === 'issue' && data.created_by === this.userId && change.projectId) {
      if (change.op === 'create') this.ownIssues.get(change.projectId)?.add(change.entityId);
      if (data.is_draft === true) this.ownDrafts.add(change.entityId);
    }
  }

  /**
   * True when this change may alter what the user sees: their own workspace or project membership,
   * or a project they belong to changing its guest setting or being deleted.
   */
  affectsAccess(change: Change): boolean {
    const data = (change.data ?? {}) as Data;
    if (change.entity === 'member') return this.isMe(change, data, this.membershipIdFor(change));
    if (change.entity !== 'project') return false;
    const access = this.projects.get(change.entityId);
    const guestSetting = data.guest_view_all_features;
    return Boolean(access) && (change.op === 'delete' || Boolean(data.deleted_at) || (typeof guestSetting === 'boolean' && guestSetting !== access!.guestViewAll));
  }

  /** How much of each of their projects this user currently sees (absent: nothing). */
  accessLevels(): Map<string, AccessLevel> {
    const levels = new Map<string, AccessLevel>();
    for (const [projectId, access] of this.projects) {
      const level = issueAccess(effectiveProjectRole(access.role, this.workspaceRole), access.guestViewAll);
      levels.set(projectId, level === 'own' ? AccessLevel.RESTRICTED : level === 'full' ? AccessLevel.FULL : AccessLevel.NONE);
    }
    return levels;
  }

  private decideMember(change: Change, data: Data): Verdict {
    if (!change.projectId) {
      const mine = this.isMe(change, data, this.workspaceMembershipId);
      if (mine && (change.op === 'delete' || data.is_active === false)) return 'revoke';
      return 'send';
    }
    // Security: a user always hears about their own membership (added, changed, removed).
    if (this.isMe(change, data, this.membershipIdFor(change))) return 'send';
    return this.projects.has(change.projectId) ? 'send' : 'hide';
  }

  private decideProject(change: Change, data: Data): Verdict {
    // The creator hears about a new project before the membership row that follows it in the log.
    if (this.projects.has(change.entityId) || change.op === 'delete' || data.created_by === this.userId) return 'send';
    // Public projects are listed to workspace members who are not guests.
    return data.network === ProjectNetwork.PUBLIC && can('workspace.browse-public-projects', memberContext(this.workspaceRole)) ? 'send' : 'hide';
  }

  private decideWorkspaceLevel(change: Change, data: Data): Verdict {
    if ((change.entity === 'view' || change.entity === 'page') && data.access === PageAccess.PRIVATE && !this.owns(data)) {
      return change.op === 'update' ? 'send-as-delete' : 'hide';
    }
    // Workspace (global) views: a workspace guest sees only the ones they own (reference §4).
    if (change.entity === 'view' && change.op !== 'delete' && viewAccess(this.workspaceRole) !== 'full' && !this.owns(data)) {
      return change.op === 'update' ? 'send-as-delete' : 'hide';
    }
    return 'send';
  }

  private decideInProject(change: Change, data: Data, access: ProjectAccess): Verdict {
    const role = effectiveProjectRole(access.role, this.workspaceRole);
    const restricted = issueAccess(role, access.guestViewAll) === 'own';
    const hidden = change.op === 'update' ? 'send-as-delete' : 'hide';
    switch (change.entity) {
      case 'page': {
        if (change.op === 'delete') return 'send';
        const actor = { userId: this.userId, projectRole: access.role, workspaceRole: this.workspaceRole };
        return canReadPage(actor, data as unknown as PageRow, { guest_view_all_features: access.guestViewAll }) ? 'send' : hidden;
      }
      case 'module':
      case 'module_link':
        // Modules and their links are read by every project member, restricted guests included (reference §3).
        return 'send';
      case 'view':
        if (change.op === 'delete') return 'send';
        if (data.access === ViewAccess.PRIVATE && !this.owns(data)) return hidden;
        return viewAccess(this.workspaceRole, { projectRole: role, guestViewAllFeatures: access.guestViewAll }) !== 'full' && !this.owns(data) ? hidden : 'send';
      case 'cycle':
        // Cycles are read by every project member (reference §2.2: list, progress, analytics Guest+);
        // outsiders never get here (no project access above).
        return 'send';
      case 'issue':
        if (!draftVisibleTo({ created_by: (data.created_by as string | null) ?? null, is_draft: data.is_draft === true }, this.userId, role)) return hidden;
        if (!restricted) return 'send';
        if (change.op === 'create') return data.created_by === this.userId ? 'send' : 'hide';
        return this.ownIssues.get(change.projectId!)?.has(change.entityId) || data.created_by === this.userId ? 'send' : 'hide';
      case 'issue_activity':
        if (!this.seesActivityOfDraft(data, role)) return 'hide';
        return this.decideIssueChild(change, data, restricted);
      default:
        return this.decideIssueChild(change, data, restricted);
    }
  }

  /** A draft's activity follows the draft rule; the event knows the draft, the socket knows its own drafts. */
  private seesActivityOfDraft(data: Data, role: number | null): boolean {
    const issue = (data.issue_detail ?? {}) as Data;
    if (issue.is_draft !== true) return true;
    const issueId = issueIdOf(data);
    const createdBy = issueId && this.ownDrafts.has(issueId) ? this.userId : null;
    return draftVisibleTo({ created_by: createdBy, is_draft: true }, this.userId, role);
  }

  /** Issue children reach a restricted guest only for the issues they created. */
  private decideIssueChild(change: Change, data: Data, restricted: boolean): Verdict {
    if (!restricted || !ISSUE_CHILDREN.has(change.entity)) return 'send';
    // Deletes carry only `{id}`: the parent issues come from the change row's server-only column.
    const own = this.ownIssues.get(change.projectId!);
    const parents = change.issueIds?.length ? change.issueIds : [issueIdOf(data)];
    return parents.some((issueId) => issueId && own?.has(issueId)) ? 'send' : 'hide';
  }

  private applyProjectMember(change: Change, data: Data) {
    const projectId = change.projectId!;
    const current = this.projects.get(projectId);
    if (!this.isMe(change, data, current?.membershipId)) return;
    if (change.op === 'delete' || data.is_active === false) {
      this.projects.delete(projectId);
      this.ownIssues.delete(projectId);
      return;
    }
    const role = typeof data.role === 'number' ? data.role : (current?.role ?? Role.GUEST);
    this.projects.set(projectId, { membershipId: change.entityId, role, guestViewAll: current?.guestViewAll ?? false });
    if (!this.ownIssues.has(projectId)) this.ownIssues.set(projectId, new Set());
  }

  private applyProject(change: Change, data: Data) {
    const access = this.projects.get(change.entityId);
    if (!access) return;
    if (change.op === 'delete' || (typeof data.deleted_at === 'string' && data.deleted_at)) {
      this.projects.delete(change.entityId);
      this.ownIssues.delete(change.entityId);
    } else if (typeof data.guest_view_all_features === 'boolean') {
      access.guestViewAll = data.guest_view_all_features;
    }
  }

  private membershipIdFor(change: Change): string | undefined {
    return change.projectId ? this.projects.get(change.projectId)?.membershipId : this.workspaceMembershipId;
  }

  private isMe(change: Change, data: Data, membershipId: string | undefined): boolean {
    return (membershipId !== undefined && change.entityId === membershipId) || memberUserId(data) === this.userId;
  }

  private owns(data: Data): boolean {
    return data.owned_by === this.userId || (data.owned_by === undefined && data.created_by === this.userId);
  }
}

/** The user a member wire object is about (`member` as an id or a nested user, or `member_id`). */
function memberUserId(data: Data): string | null {
  const member = data.member ?? data.member_id;
  if (typeof member === 'string') return member;
  if (member && typeof member === 'object' && typeof (member as Data).id === 'string') return (member as Data).id as string;
  return null;
}

function issueIdOf(data: Data): string | null {
  const issue = data.issue ?? data.issue_id;
  if (typeof issue === 'string') return issue;
  if (issue && typeof issue === 'object' && typeof (issue as Data).id === 'string') return (issue as Data).id as string;
  return null;
}

/** Loads a user's visibility in a workspace, or null when they are not an active member of it. */
export async function loadVisibility(db: Db, userId: string, workspaceId: string): Promise<Visibility | null> {
  const [membership] = await db
    .select({ id: workspaceMembers.id, role: workspaceMembers.role })
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.memberId, userId), eq(workspaceMembers.isActive, true)));
  if (!membership) return null;
  const visibility = new Visibility(userId, workspaceId, membership);
  const rows = await db
    .select({ membershipId: projectMembers.id, projectId: projectMembers.projectId, role: projectMembers.role, guestViewAll: projects.guestViewAllFeatures })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(
      and(
        eq(projectMembers.memberId, userId),
        eq(projectMembers.workspaceId, workspaceId),
        eq(projectMembers.isActive, true),
        isNull(projects.deletedAt),
      ),
    );
  for (const row of rows) {
    visibility.projects.set(row.projectId, { membershipId: row.membershipId, role: row.role, guestViewAll: row.guestViewAll });
  }
  const drafts = await db
    .select({ id: issues.id })
    .from(issues)
    .where(and(eq(issues.createdBy, userId), eq(issues.workspaceId, workspaceId), eq(issues.isDraft, true), isNull(issues.deletedAt)));
  for (const draft of drafts) visibility.ownDrafts.add(draft.id);
  const restricted = rows.filter((row) => issueAccess(effectiveProjectRole(row.role, membership.role), row.guestViewAll) === 'own');
  for (const row of restricted) visibility.ownIssues.set(row.projectId, new Set());
  if (restricted.length > 0) {
    const own = await db
      .select({ id: issues.id, projectId: issues.projectId })
      .from(issues)
      .where(and(eq(issues.createdBy, userId), inArray(issues.projectId, restricted.map((row) => row.projectId))));
    for (const issue of own) visibility.ownIssues.get(issue.projectId)?.add(issue.id);
  }
  return visibility;
}
