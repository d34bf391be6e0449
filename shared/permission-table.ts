// THE permission table (spec §6, the references' role notation): every action a caller can take,
// by name, with the rule that decides it. Routes declare one of these names (`config.access`), the
// access plugin enforces its rule, the live filter and the client ask `can(name, …)` of the same
// entries, and the route-matrix test derives every expected status from it. Row rules ("or the
// creator", "owner only") live in shared/policies; a name here is the gate in front of them.
import { AccessLevel, allows, projectRule, workspaceRule, type PermissionContext, type PermissionRule } from './permissions';

/** One named permission: its rule, and for `authenticated` whether an API key may call it too. */
interface PermissionEntry {
  rule: PermissionRule;
  /** `authenticated` only: an API key may call it (API.md: GET /api/users/me/). */
  apiKey?: boolean;
}

export const PERMISSIONS = {
  // ── Outside any membership ───────────────────────────────────────────────────────────────────
  /** Anyone, signed in or not: sign-in flows, the instance's public settings, invitation links. */
  public: { rule: AccessLevel.PUBLIC },
  /** Any signed-in user acting on their own account, workspace list and invitations. */
  authenticated: { rule: AccessLevel.AUTHENTICATED },
  /** The signed-in user's own record, also readable with an API key. */
  'account.read-by-api-key': { rule: AccessLevel.AUTHENTICATED, apiKey: true },
  /** Instance settings and the admin's own record (reference §2). */
  'instance-admin': { rule: AccessLevel.INSTANCE_ADMIN },

  // ── Workspace (accounts §4) ──────────────────────────────────────────────────────────────────
  /** The workspace itself; an outsider gets 404 so slugs do not leak. */
  'workspace.view': { rule: workspaceRule('guest', { hideFromOutsiders: true }) },
  /** Anything a workspace member of any role reads: members, profiles, lists, search, labels, states. */
  'workspace.read': { rule: workspaceRule('guest') },
  /** A member's own settings in the workspace (saved filters, views, display properties), leaving it. */
  'workspace.own-settings': { rule: workspaceRule('guest') },
  /** Workspace drafts: any member writes their own; the creator/admin rule is a row rule. */
  'workspace.draft': { rule: workspaceRule('guest') },
  /** Rename, delete, and change or remove members (WS{20}). */
  'workspace.manage': { rule: workspaceRule('admin') },
  /** Invite people and manage open invitations (WS{20,15}). */
  'workspace.invite': { rule: workspaceRule('member') },
  /** Personal API tokens in a workspace (WS{20,15}). */
  'workspace.api-tokens': { rule: workspaceRule('member') },
  /** Webhooks and their delivery log (accounts §10: WS{20}). */
  'workspace.webhooks': { rule: workspaceRule('admin') },
  /** Installed integrations (GitHub): list and install, no secrets involved (WS{20,15}); a repository link is a project admin's. */
  'workspace.integrations': { rule: workspaceRule('member') },
  /** Export issues and read one's own export history and files (accounts §4.4 `export-issues/`: WS{20,15}). */
  'workspace.export': { rule: workspaceRule('member') },
  /** Workspace analytics charts, project stats and running a saved analytic view (work-items §8.2: WS{20,15}). */
  'workspace.analytics': { rule: workspaceRule('member') },
  /** Saved analytic views: list, create, change, delete (work-items §8.2: WS{20}). */
  'workspace.analytic-views': { rule: workspaceRule('admin') },
  /** Favorites (accounts §9: WS{20,15}, guests 403). */
  'workspace.favorites': { rule: workspaceRule('member') },
  /** Create projects, check identifiers and join public projects (accounts §5: WS{20,15}). */
  'workspace.create-project': { rule: workspaceRule('member') },
  /** See public projects they are not a member of, live and in lists (guests see only their own projects). */
  'workspace.browse-public-projects': { rule: workspaceRule('member') },
  /** Create workspace-level items such as global views (spec §6: Member is the threshold for creating). */
  'workspace.create': { rule: workspaceRule('member') },
  /** Workspace rows whose rule is "owner only" or "owner or admin" (global views): the gate lets every member through to the row rule. */
  'workspace.row-rule': { rule: workspaceRule('guest') },
  /** Turn a draft into a real issue: creating needs Member (spec §6). */
  'workspace.publish-draft': { rule: workspaceRule('member') },

  // ── Project (accounts §5–8, work-items 1.1) ──────────────────────────────────────────────────
  /** Anything a project member of any role reads; a restricted guest's rows are filtered later. */
  'project.read': { rule: projectRule('guest') },
  /** A member's own settings in the project (display properties, saved filters, preferences), leaving it. */
  'project.own-settings': { rule: projectRule('guest') },
  /** Take part in an issue: comment, react, attach, subscribe (Guest+; edit/delete own are row rules). */
  'project.participate': { rule: projectRule('guest') },
  /** Actions whose role rule is "X or the creator/owner": the gate lets every member through to the row rule. */
  'project.row-rule': { rule: projectRule('guest') },
  /** Create issues, pages and drafts (spec §6: Member is the threshold for creating). */
  'project.create': { rule: projectRule('member') },
  /** Reads the references give to Member+ only: a module's detail and its issue list (work-items §3). */
  'project.member-read': { rule: projectRule('member') },
  /** Change issues in bulk, their links, relations, sub-issues, subscribers, archive state (Member+). */
  'project.edit': { rule: projectRule('member') },
  /** Project configuration a member may change: estimates, deploy boards, state edits, archive, favorite pages. */
  'project.configure': { rule: projectRule('member') },
  /** Triage intake requests: accept, decline, snooze, mark duplicate (reference §6: P{20}; anyone may submit). */
  'project.triage': { rule: projectRule('admin') },
  /** Labels, states, members and bulk delete (P{20}). */
  'project.admin': { rule: projectRule('admin') },
  /** Rename or delete the project: a project admin, or any workspace admin (accounts §5). */
  'project.manage': { rule: projectRule('admin', { workspaceAdminBypass: true }) },
} as const satisfies Record<string, PermissionEntry>;

/** The name of one permission in the table. */
export type PermissionName = keyof typeof PERMISSIONS;

/** The scope a permission's rule reads roles from, or `null` for rules outside any membership. */
export type PermissionScope<N extends PermissionName> = (typeof PERMISSIONS)[N]['rule'] extends { scope: infer S } ? S : null;

/** True when `name` is a permission of the table (a route declaring anything else fails the boot). */
export function isPermissionName(name: unknown): name is PermissionName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(PERMISSIONS, name);
}

/** Decides a named permission for a caller: the one question server, live filter and client ask. */
export function can(name: PermissionName, ctx: PermissionContext): boolean {
  return allows(PERMISSIONS[name].rule, ctx);
}

/** A signed-in caller with the given memberships (null: not a member), as the client and the live filter know them. */
export function memberContext(workspaceRole: number | null | undefined, projectRole: number | null | undefined = null): PermissionContext {
  return { isAuthenticated: true, isInstanceAdmin: false, workspaceRole: workspaceRole ?? null, projectRole: projectRole ?? null };
}
