// The route × caller matrix (STYLE §4, DESIGN "Security"): every registered route is called by
// anonymous, an outsider, a guest, a member and an admin of one world, and the status must agree
// with the rule of the permission it declares — read from the one permission table
// (shared/permission-table.ts), never restated here. An explicit list pins which permission each
// route should declare, so a route declaring the wrong permission fails too.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { AccessLevel, type PermissionRule } from '../../shared/permissions';
import { PERMISSIONS, isPermissionName, type PermissionName } from '../../shared/permission-table';
import { Role, roleFromName } from '../../shared/roles';
import { createTestServer, type TestServer } from '../support/server';
import { buildWorld, buildWorldApiKeys, fillPath, restoreWorld, routeCollector, type CallerName, type RouteInfo, type World } from '../support/world';

/**
 * The permission each route must declare, by 'METHOD url'. Every registered route must be listed: a
 * new route fails this suite until its permission (from spec §6 and the references' role notation)
 * is added. `project.row-rule` routes ("X or creator/owner") leave the rest to row rules.
 */
const EXPECTED: Record<string, PermissionName> = {
  // users (reference §3)
  'GET /api/users/me/': 'account.read-by-api-key',
  'PATCH /api/users/me/': 'authenticated',
  'DELETE /api/users/me/': 'authenticated',
  'GET /api/users/session/': 'public',
  'GET /api/users/me/profile/': 'authenticated',
  'PATCH /api/users/me/profile/': 'authenticated',
  'GET /api/users/me/settings/': 'authenticated',
  'GET /api/users/me/instance-admin/': 'authenticated',
  'PATCH /api/users/me/onboard/': 'authenticated',
  'PATCH /api/users/me/tour-completed/': 'authenticated',
  'GET /api/users/me/notification-preferences/': 'authenticated',
  'PATCH /api/users/me/notification-preferences/': 'authenticated',
  'GET /api/users/me/activities/': 'authenticated',
  'GET /api/users/me/accounts/': 'authenticated',
  'GET /api/users/me/accounts/:accountId/': 'authenticated',
  'DELETE /api/users/me/accounts/:accountId/': 'authenticated',
  // workspaces (§4.1)
  'POST /api/workspaces/': 'authenticated',
  'GET /api/workspaces/': 'authenticated',
  'GET /api/users/me/workspaces/': 'authenticated',
  'GET /api/workspace-slug-check/': 'authenticated',
  'GET /api/workspaces/:slug/': 'workspace.view',
  'PATCH /api/workspaces/:slug/': 'workspace.manage',
  'PUT /api/workspaces/:slug/': 'workspace.manage',
  'DELETE /api/workspaces/:slug/': 'workspace.manage',
  // members (§4.2)
  'GET /api/workspaces/:slug/members/': 'workspace.read',
  'GET /api/workspaces/:slug/members/:memberId/': 'workspace.read',
  'PATCH /api/workspaces/:slug/members/:memberId/': 'workspace.manage',
  'DELETE /api/workspaces/:slug/members/:memberId/': 'workspace.manage',
  'POST /api/workspaces/:slug/members/leave/': 'workspace.own-settings',
  'GET /api/workspaces/:slug/workspace-members/me/': 'workspace.read',
  'POST /api/workspaces/:slug/workspace-views/': 'workspace.own-settings',
  // member profile pages (§4.4: caller and target active members; counts and history limited to the caller's projects)
  'GET /api/workspaces/:slug/user-profile/:userId/': 'workspace.read',
  'GET /api/workspaces/:slug/user-activity/:userId/': 'workspace.read',
  'GET /api/workspaces/:slug/user-stats/:userId/': 'workspace.read',
  'GET /api/users/me/workspaces/:slug/project-roles/': 'workspace.read',
  // invitations (§4.3)
  'POST /api/workspaces/:slug/invitations/': 'workspace.invite',
  'GET /api/workspaces/:slug/invitations/': 'workspace.invite',
  'GET /api/workspaces/:slug/invitations/:invitationId/': 'workspace.invite',
  'PATCH /api/workspaces/:slug/invitations/:invitationId/': 'workspace.invite',
  'DELETE /api/workspaces/:slug/invitations/:invitationId/': 'workspace.invite',
  'GET /api/workspaces/:slug/invitations/:invitationId/join/': 'public',
  'POST /api/workspaces/:slug/invitations/:invitationId/join/': 'public',
  'GET /api/users/me/workspaces/invitations/': 'authenticated',
  'POST /api/users/me/workspaces/invitations/': 'authenticated',
  // API tokens (API.md)
  'GET /api/workspaces/:slug/api-tokens/': 'workspace.api-tokens',
  'POST /api/workspaces/:slug/api-tokens/': 'workspace.api-tokens',
  'GET /api/workspaces/:slug/api-tokens/:tokenId/': 'workspace.api-tokens',
  'DELETE /api/workspaces/:slug/api-tokens/:tokenId/': 'workspace.api-tokens',
  // integrations (spec §7 Projects, issue #15): install/list WS{20,15}; a project's repository sync P{20}
  'GET /api/workspaces/:slug/workspace-integrations/': 'workspace.integrations',
  'POST /api/workspaces/:slug/workspace-integrations/:provider/': 'workspace.integrations',
  'GET /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/github-repository-sync/': 'project.admin',
  'POST /api/workspaces/:slug/projects/:projectId/workspace-integrations/:integrationId/github-repository-sync/': 'project.admin',
  // webhooks (§10: WS{20})
  'GET /api/workspaces/:slug/webhooks/': 'workspace.webhooks',
  'POST /api/workspaces/:slug/webhooks/': 'workspace.webhooks',
  'GET /api/workspaces/:slug/webhooks/:webhookId/': 'workspace.webhooks',
  'PATCH /api/workspaces/:slug/webhooks/:webhookId/': 'workspace.webhooks',
  'DELETE /api/workspaces/:slug/webhooks/:webhookId/': 'workspace.webhooks',
  'POST /api/workspaces/:slug/webhooks/:webhookId/regenerate/': 'workspace.webhooks',
  'GET /api/workspaces/:slug/webhook-logs/:webhookId/': 'workspace.webhooks',
  'POST /api/workspaces/:slug/webhook-logs/:webhookId/:logId/redeliver/': 'workspace.webhooks',
  // issue exports (accounts §4.4, work-items §8.3: WS{20,15}; history and files are the initiator's own)
  'POST /api/workspaces/:slug/export-issues/': 'workspace.export',
  'GET /api/workspaces/:slug/export-issues/': 'workspace.export',
  'GET /api/workspaces/:slug/export-issues/:exportId/download/': 'workspace.export',
  // analytics (work-items §8.2: WS{20,15} unless noted; default-analytics any member; analytic-view WS{20})
  'GET /api/workspaces/:slug/analytics/': 'workspace.analytics',
  'GET /api/workspaces/:slug/default-analytics/': 'workspace.read',
  'GET /api/workspaces/:slug/project-stats/': 'workspace.analytics',
  'GET /api/workspaces/:slug/analytic-view/': 'workspace.analytic-views',
  'POST /api/workspaces/:slug/analytic-view/': 'workspace.analytic-views',
  'GET /api/workspaces/:slug/analytic-view/:viewId/': 'workspace.analytic-views',
  'PATCH /api/workspaces/:slug/analytic-view/:viewId/': 'workspace.analytic-views',
  'DELETE /api/workspaces/:slug/analytic-view/:viewId/': 'workspace.analytic-views',
  'GET /api/workspaces/:slug/saved-analytic-view/:viewId/': 'workspace.analytics',
  // auth (reference §1, API.md)
  'GET /auth/get-csrf-token/': 'public',
  'POST /auth/email-check/': 'public',
  'POST /auth/magic-generate/': 'public',
  'POST /auth/magic-sign-in/': 'public',
  'POST /auth/magic-sign-up/': 'public',
  'POST /auth/sign-in/': 'public',
  'POST /auth/sign-up/': 'public',
  'POST /auth/forgot-password/': 'public',
  'POST /auth/reset-password/:uidb64/:token/': 'public',
  'POST /auth/change-password/': 'authenticated',
  'POST /auth/set-password/': 'authenticated',
  'POST /auth/sign-out/': 'public',
  'GET /auth/google/': 'public',
  'GET /auth/google/callback/': 'public',
  'GET /auth/github/': 'public',
  'GET /auth/github/callback/': 'public',
  'GET /auth/gitlab/': 'public',
  'GET /auth/gitlab/callback/': 'public',
  // operator probes (server/ops/): public; /metrics checks its own bearer token (METRICS_TOKEN)
  'GET /healthz': 'public',
  'GET /readyz': 'public',
  'GET /metrics': 'public',
  // instance and instance admin (reference §2)
  'GET /api/instances/': 'public',
  'PATCH /api/instances/': 'instance-admin',
  'GET /api/instances/configurations/': 'instance-admin',
  'PATCH /api/instances/configurations/': 'instance-admin',
  'POST /api/instances/admins/sign-up/': 'public',
  'POST /api/instances/admins/sign-in/': 'public',
  'POST /api/instances/admins/sign-out/': 'public',
  'GET /api/instances/admins/session/': 'public',
  'GET /api/instances/admins/me/': 'instance-admin',
  // bulk issue operations (API.md; work-items 1.1: bulk delete is Admin)
  'POST /api/workspaces/:slug/projects/:projectId/bulk-operation-issues/': 'project.edit',
  'DELETE /api/workspaces/:slug/projects/:projectId/bulk-delete-issues/': 'project.admin',
  'POST /api/workspaces/:slug/projects/:projectId/issue-dates/': 'project.edit',
  // comment reactions (work-items 1.1: Guest+)
  'GET /api/workspaces/:slug/projects/:projectId/comments/:commentId/reactions/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/comments/:commentId/reactions/': 'project.participate',
  'DELETE /api/workspaces/:slug/projects/:projectId/comments/:commentId/reactions/:reactionCode/': 'project.participate',
  // publish / deploy boards (accounts 5.2: read any member, write P{20,15})
  'GET /api/workspaces/:slug/projects/:projectId/project-deploy-boards/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/project-deploy-boards/': 'project.configure',
  'GET /api/workspaces/:slug/projects/:projectId/project-deploy-boards/:boardId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/project-deploy-boards/:boardId/': 'project.configure',
  'DELETE /api/workspaces/:slug/projects/:projectId/project-deploy-boards/:boardId/': 'project.configure',
  // estimates (accounts §8: read any project member, write P{20,15}; project-estimates P{20,15})
  'GET /api/workspaces/:slug/projects/:projectId/estimates/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/estimates/': 'project.configure',
  'GET /api/workspaces/:slug/projects/:projectId/estimates/:estimateId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/estimates/:estimateId/': 'project.configure',
  'DELETE /api/workspaces/:slug/projects/:projectId/estimates/:estimateId/': 'project.configure',
  'POST /api/workspaces/:slug/projects/:projectId/estimates/:estimateId/estimate-points/': 'project.configure',
  'PATCH /api/workspaces/:slug/projects/:projectId/estimates/:estimateId/estimate-points/:pointId/': 'project.configure',
  'DELETE /api/workspaces/:slug/projects/:projectId/estimates/:estimateId/estimate-points/:pointId/': 'project.configure',
  'GET /api/workspaces/:slug/projects/:projectId/project-estimates/': 'project.configure',
  'GET /api/workspaces/:slug/estimates/': 'workspace.read',
  // favorites (accounts §9: WS{20,15}, guests 403; user-favorite-projects kept at the same rule)
  'GET /api/workspaces/:slug/user-favorites/': 'workspace.favorites',
  'POST /api/workspaces/:slug/user-favorites/': 'workspace.favorites',
  'PATCH /api/workspaces/:slug/user-favorites/:favoriteId/': 'workspace.favorites',
  'DELETE /api/workspaces/:slug/user-favorites/:favoriteId/': 'workspace.favorites',
  'GET /api/workspaces/:slug/user-favorites/:favoriteId/group/': 'workspace.favorites',
  'GET /api/workspaces/:slug/user-favorite-projects/': 'workspace.favorites',
  'POST /api/workspaces/:slug/user-favorite-projects/': 'workspace.favorites',
  'DELETE /api/workspaces/:slug/user-favorite-projects/:projectId/': 'workspace.favorites',
  // archived issues (work-items 1.1: Member+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/archive/': 'project.edit',
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/archive/': 'project.edit',
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/archive/': 'project.edit',
  'GET /api/workspaces/:slug/projects/:projectId/archived-issues/': 'project.edit',
  'POST /api/workspaces/:slug/projects/:projectId/bulk-archive-issues/': 'project.edit',
  // attachments (work-items 1.1: POST/GET Guest+; DELETE admin or creator is a row rule)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments/': 'project.participate',
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments/:attachmentId/': 'project.participate',
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments/:attachmentId/download/': 'project.read',
  // comments (work-items 1.6.2: Guest+; edit/delete admin or creator are row rules)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/': 'project.participate',
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId/': 'project.participate',
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId/': 'project.participate',
  // drafts (API.md; work-items 1.6.13: workspace Guest+, draft-to-issue Member+; creator/admin row rules)
  'GET /api/workspaces/:slug/projects/:projectId/issue-drafts/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/issue-drafts/': 'project.create',
  'GET /api/workspaces/:slug/projects/:projectId/issue-drafts/:issueId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/issue-drafts/:issueId/': 'project.row-rule',
  'DELETE /api/workspaces/:slug/projects/:projectId/issue-drafts/:issueId/': 'project.row-rule',
  'GET /api/workspaces/:slug/draft-issues/': 'workspace.draft',
  'POST /api/workspaces/:slug/draft-issues/': 'workspace.draft',
  'GET /api/workspaces/:slug/draft-issues/:issueId/': 'workspace.draft',
  'PATCH /api/workspaces/:slug/draft-issues/:issueId/': 'workspace.draft',
  'DELETE /api/workspaces/:slug/draft-issues/:issueId/': 'workspace.draft',
  'POST /api/workspaces/:slug/draft-to-issue/:issueId/': 'workspace.publish-draft',
  // activity (work-items 1.1: Guest+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/history/': 'project.read',
  // links (work-items 1.1: read any member, write Member+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/': 'project.edit',
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId/': 'project.edit',
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId/': 'project.edit',
  // issue reactions (work-items 1.1: Guest+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/reactions/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/reactions/': 'project.participate',
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/reactions/:reactionCode/': 'project.participate',
  // relations (work-items 1.1: read any member, write Member+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-relation/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-relation/': 'project.edit',
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/remove-relation/': 'project.edit',
  // search (work-items 1.6.12, §13: any member; results filtered)
  'GET /api/workspaces/:slug/projects/:projectId/search-issues/': 'project.read',
  'GET /api/workspaces/:slug/search/': 'workspace.read',
  // subscriptions (work-items 1.1: subscribe any member; issue-subscribers write Member+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscribe/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscribe/': 'project.participate',
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscribe/': 'project.participate',
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-subscribers/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-subscribers/': 'project.edit',
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-subscribers/:userId/': 'project.edit',
  // issue list (work-items 1.1: Guest+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/': 'project.read',
  'GET /api/workspaces/:slug/projects/:projectId/issues-detail/': 'project.read',
  // sync (work-items 1.1: Guest+)
  'GET /api/workspaces/:slug/projects/:projectId/v2/issues/': 'project.read',
  'GET /api/workspaces/:slug/projects/:projectId/deleted-issues/': 'project.read',
  // issues (work-items 1.1: create Member+; read Guest+; PATCH member+ or creator, DELETE admin or creator are row rules)
  'POST /api/workspaces/:slug/projects/:projectId/issues/': 'project.create',
  'GET /api/workspaces/:slug/projects/:projectId/issues/list/': 'project.read',
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/issues/:issueId/': 'project.row-rule',
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/': 'project.row-rule',
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/meta/': 'project.read',
  // work-items 1.1: the key names the project, whose membership the service checks
  'GET /api/workspaces/:slug/work-items/:identifier/': 'workspace.read',
  // labels (accounts §7: read any member, write P{20})
  'GET /api/workspaces/:slug/projects/:projectId/issue-labels/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/issue-labels/': 'project.admin',
  'GET /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId/': 'project.admin',
  'PUT /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId/': 'project.admin',
  'DELETE /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId/': 'project.admin',
  'POST /api/workspaces/:slug/projects/:projectId/bulk-create-labels/': 'project.admin',
  'GET /api/workspaces/:slug/labels/': 'workspace.read',
  // page actions (spec §6: lock/access owner, archive owner or admin — row rules; favorite Member+)
  'POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/access/': 'project.row-rule',
  'POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/lock/': 'project.row-rule',
  'DELETE /api/workspaces/:slug/projects/:projectId/pages/:pageId/lock/': 'project.row-rule',
  'POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/archive/': 'project.row-rule',
  'DELETE /api/workspaces/:slug/projects/:projectId/pages/:pageId/archive/': 'project.row-rule',
  'GET /api/workspaces/:slug/projects/:projectId/favorite-pages/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/favorite-pages/:pageId/': 'project.configure',
  'DELETE /api/workspaces/:slug/projects/:projectId/favorite-pages/:pageId/': 'project.configure',
  // page description (spec §5/§6: read per page rule, edit owner or member+ — row rules)
  'GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/description/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/pages/:pageId/description/': 'project.row-rule',
  // pages (spec §6: create Member+; edit/duplicate owner or member+, delete owner or admin — row rules)
  'GET /api/workspaces/:slug/projects/:projectId/pages/': 'project.read',
  'GET /api/workspaces/:slug/projects/:projectId/archived-pages/': 'project.read',
  'GET /api/workspaces/:slug/projects/:projectId/pages-summary/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/pages/': 'project.create',
  'GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/pages/:pageId/': 'project.row-rule',
  'DELETE /api/workspaces/:slug/projects/:projectId/pages/:pageId/': 'project.row-rule',
  'POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/duplicate/': 'project.row-rule',
  'GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/versions/': 'project.read',
  'GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/versions/:versionId/': 'project.read',
  // project identifiers (accounts §5: WS{20,15})
  'GET /api/workspaces/:slug/project-identifiers/': 'workspace.create-project',
  'DELETE /api/workspaces/:slug/project-identifiers/': 'workspace.create-project',
  // project members (accounts 5.1; join projects WS{20,15})
  'GET /api/workspaces/:slug/projects/:projectId/members/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/members/': 'project.admin',
  'POST /api/workspaces/:slug/projects/:projectId/members/leave/': 'project.own-settings',
  'GET /api/workspaces/:slug/projects/:projectId/members/:memberId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/members/:memberId/': 'project.row-rule',
  'DELETE /api/workspaces/:slug/projects/:projectId/members/:memberId/': 'project.admin',
  'GET /api/workspaces/:slug/projects/:projectId/project-members/me/': 'project.read',
  // accounts 5.1: P{any}; the service lets a member PATCH only their own preferences
  'GET /api/workspaces/:slug/projects/:projectId/preferences/member/:userId/': 'project.own-settings',
  'PATCH /api/workspaces/:slug/projects/:projectId/preferences/member/:userId/': 'project.own-settings',
  'POST /api/workspaces/:slug/projects/:projectId/project-views/': 'workspace.own-settings',
  'GET /api/workspaces/:slug/project-members/': 'workspace.read',
  'POST /api/users/me/workspaces/:slug/projects/invitations/': 'workspace.create-project',
  // project user properties (accounts 5.2: P{any})
  'GET /api/workspaces/:slug/projects/:projectId/user-properties/': 'project.own-settings',
  'PATCH /api/workspaces/:slug/projects/:projectId/user-properties/': 'project.own-settings',
  // projects (accounts §5: PATCH/DELETE P{20} or WS{20}; archive P{20,15})
  'GET /api/workspaces/:slug/projects/': 'workspace.read',
  'GET /api/workspaces/:slug/projects/details/': 'workspace.read',
  'POST /api/workspaces/:slug/projects/': 'workspace.create-project',
  'GET /api/workspaces/:slug/projects/:projectId/': 'workspace.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/': 'project.manage',
  'DELETE /api/workspaces/:slug/projects/:projectId/': 'project.manage',
  'POST /api/workspaces/:slug/projects/:projectId/archive/': 'project.configure',
  'DELETE /api/workspaces/:slug/projects/:projectId/archive/': 'project.configure',
  // states (accounts §6: write P{20}; PATCH/PUT member+ — the guest quirk fixed)
  'GET /api/workspaces/:slug/projects/:projectId/states/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/states/': 'project.admin',
  'GET /api/workspaces/:slug/projects/:projectId/states/:stateId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/states/:stateId/': 'project.configure',
  'PUT /api/workspaces/:slug/projects/:projectId/states/:stateId/': 'project.configure',
  'DELETE /api/workspaces/:slug/projects/:projectId/states/:stateId/': 'project.admin',
  'POST /api/workspaces/:slug/projects/:projectId/states/:stateId/mark-default/': 'project.admin',
  'GET /api/workspaces/:slug/states/': 'workspace.read',
  'GET /api/workspaces/:slug/projects/:projectId/intake-state/': 'project.read',
  // sub-issues (work-items 1.1: read any member, POST Member+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues/': 'project.edit',
  // saved display filters (work-items 1.6.10: Guest+; workspace WS{any})
  // cycles (work-items §2.2: list, progress, analytics Guest+; create Member+ (spec §6); detail, edits,
  // cycle issues, transfer, archive, archived lists and favorites Member+; delete admin or creator)
  'GET /api/workspaces/:slug/projects/:projectId/cycles/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/cycles/': 'project.create',
  'POST /api/workspaces/:slug/projects/:projectId/cycles/date-check/': 'project.edit',
  'GET /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/': 'project.edit',
  'PATCH /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/': 'project.edit',
  'DELETE /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/': 'project.row-rule',
  'GET /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues/': 'project.edit',
  'POST /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues/': 'project.edit',
  'DELETE /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues/:issueId/': 'project.edit',
  'POST /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/transfer-issues/': 'project.edit',
  'GET /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/progress/': 'project.read',
  'GET /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-progress/': 'project.read',
  'GET /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/analytics/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/archive/': 'project.edit',
  'DELETE /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/archive/': 'project.edit',
  'GET /api/workspaces/:slug/projects/:projectId/archived-cycles/': 'project.edit',
  'GET /api/workspaces/:slug/projects/:projectId/archived-cycles/:cycleId/': 'project.edit',
  'POST /api/workspaces/:slug/projects/:projectId/user-favorite-cycles/': 'project.edit',
  'DELETE /api/workspaces/:slug/projects/:projectId/user-favorite-cycles/:cycleId/': 'project.edit',
  'GET /api/workspaces/:slug/cycles/': 'workspace.read',
  'GET /api/workspaces/:slug/active-cycles/': 'workspace.read',
  'GET /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/user-properties/': 'project.own-settings',
  'PATCH /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/user-properties/': 'project.own-settings',
  'GET /api/workspaces/:slug/projects/:projectId/modules/:moduleId/user-properties/': 'project.own-settings',
  'PATCH /api/workspaces/:slug/projects/:projectId/modules/:moduleId/user-properties/': 'project.own-settings',
  'GET /api/workspaces/:slug/user-properties/': 'workspace.own-settings',
  'PATCH /api/workspaces/:slug/user-properties/': 'workspace.own-settings',
  'GET /api/workspaces/:slug/projects/:projectId/issue-display-properties/': 'project.own-settings',
  'POST /api/workspaces/:slug/projects/:projectId/issue-display-properties/': 'project.own-settings',
  // intake, both spellings (work-items §6: list/submit/read Guest+ with the guest rule; PATCH/DELETE admin or submitter, row rules)
  'GET /api/workspaces/:slug/projects/:projectId/intake-issues/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/intake-issues/': 'project.participate',
  'GET /api/workspaces/:slug/projects/:projectId/intake-issues/:issueId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/intake-issues/:issueId/': 'project.row-rule',
  'DELETE /api/workspaces/:slug/projects/:projectId/intake-issues/:issueId/': 'project.row-rule',
  'GET /api/workspaces/:slug/projects/:projectId/inbox-issues/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/inbox-issues/': 'project.participate',
  'GET /api/workspaces/:slug/projects/:projectId/inbox-issues/:issueId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/inbox-issues/:issueId/': 'project.row-rule',
  'DELETE /api/workspaces/:slug/projects/:projectId/inbox-issues/:issueId/': 'project.row-rule',
  // the project's intakes, both spellings (work-items §6: Member+; the default intake cannot be deleted)
  'GET /api/workspaces/:slug/projects/:projectId/intakes/': 'project.member-read',
  'POST /api/workspaces/:slug/projects/:projectId/intakes/': 'project.configure',
  'PATCH /api/workspaces/:slug/projects/:projectId/intakes/:intakeId/': 'project.configure',
  'DELETE /api/workspaces/:slug/projects/:projectId/intakes/:intakeId/': 'project.configure',
  'GET /api/workspaces/:slug/projects/:projectId/inboxes/': 'project.member-read',
  'POST /api/workspaces/:slug/projects/:projectId/inboxes/': 'project.configure',
  'PATCH /api/workspaces/:slug/projects/:projectId/inboxes/:intakeId/': 'project.configure',
  'DELETE /api/workspaces/:slug/projects/:projectId/inboxes/:intakeId/': 'project.configure',
  // notifications (work-items §7.1: workspace Guest+; the service scopes every row to receiver = caller)
  'GET /api/workspaces/:slug/users/notifications/': 'workspace.read',
  'GET /api/workspaces/:slug/users/notifications/unread/': 'workspace.read',
  'POST /api/workspaces/:slug/users/notifications/mark-all-read/': 'workspace.read',
  'GET /api/workspaces/:slug/users/notifications/:notificationId/': 'workspace.read',
  'PATCH /api/workspaces/:slug/users/notifications/:notificationId/': 'workspace.read',
  'DELETE /api/workspaces/:slug/users/notifications/:notificationId/': 'workspace.read',
  'POST /api/workspaces/:slug/users/notifications/:notificationId/read/': 'workspace.read',
  'DELETE /api/workspaces/:slug/users/notifications/:notificationId/read/': 'workspace.read',
  'POST /api/workspaces/:slug/users/notifications/:notificationId/archive/': 'workspace.read',
  'DELETE /api/workspaces/:slug/users/notifications/:notificationId/archive/': 'workspace.read',
  // home dashboard (accounts §12.1: each member's own; someone else's dashboard is a 404 row rule)
  'GET /api/workspaces/:slug/dashboard/': 'workspace.own-settings',
  'GET /api/workspaces/:slug/dashboard/:dashboardId/': 'workspace.read',
  'GET /api/dashboard/:dashboardId/': 'authenticated',
  'PATCH /api/dashboard/:dashboardId/widgets/:widgetId/': 'authenticated',
  // workspace issue lists (work-items 1.6.11, accounts §4.4: workspace Guest+)
  'GET /api/workspaces/:slug/issues/': 'workspace.read',
  'GET /api/workspaces/:slug/my-issues/': 'workspace.read',
  'GET /api/workspaces/:slug/user-issues/:userId/': 'workspace.read',
  // modules (work-items §3: list read any member, detail and issue list Member+; write Member+; delete admin or creator is a row rule; favorites Member+)
  'GET /api/workspaces/:slug/projects/:projectId/modules/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/modules/': 'project.create',
  'GET /api/workspaces/:slug/projects/:projectId/modules/:moduleId/': 'project.member-read',
  'PATCH /api/workspaces/:slug/projects/:projectId/modules/:moduleId/': 'project.edit',
  'PUT /api/workspaces/:slug/projects/:projectId/modules/:moduleId/': 'project.edit',
  'DELETE /api/workspaces/:slug/projects/:projectId/modules/:moduleId/': 'project.row-rule',
  'POST /api/workspaces/:slug/projects/:projectId/modules/:moduleId/archive/': 'project.edit',
  'DELETE /api/workspaces/:slug/projects/:projectId/modules/:moduleId/archive/': 'project.edit',
  'GET /api/workspaces/:slug/projects/:projectId/archived-modules/': 'project.read',
  'GET /api/workspaces/:slug/projects/:projectId/archived-modules/:moduleId/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/user-favorite-modules/': 'project.configure',
  'DELETE /api/workspaces/:slug/projects/:projectId/user-favorite-modules/:moduleId/': 'project.configure',
  'GET /api/workspaces/:slug/modules/': 'workspace.read',
  'GET /api/workspaces/:slug/projects/:projectId/modules/:moduleId/issues/': 'project.member-read',
  'POST /api/workspaces/:slug/projects/:projectId/modules/:moduleId/issues/': 'project.edit',
  'DELETE /api/workspaces/:slug/projects/:projectId/modules/:moduleId/issues/:issueId/': 'project.edit',
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/modules/': 'project.edit',
  'GET /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-links/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-links/': 'project.edit',
  'GET /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-links/:linkId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-links/:linkId/': 'project.edit',
  'DELETE /api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-links/:linkId/': 'project.edit',
  // saved views (work-items §4 and quirk 10: read any member (guests their own), create Member+; update/lock/access owner, delete owner or admin — row rules)
  'GET /api/workspaces/:slug/projects/:projectId/views/': 'project.read',
  'POST /api/workspaces/:slug/projects/:projectId/views/': 'project.create',
  'GET /api/workspaces/:slug/projects/:projectId/views/:viewId/': 'project.read',
  'PATCH /api/workspaces/:slug/projects/:projectId/views/:viewId/': 'project.row-rule',
  'DELETE /api/workspaces/:slug/projects/:projectId/views/:viewId/': 'project.row-rule',
  'POST /api/workspaces/:slug/projects/:projectId/views/:viewId/lock/': 'project.row-rule',
  'DELETE /api/workspaces/:slug/projects/:projectId/views/:viewId/lock/': 'project.row-rule',
  'POST /api/workspaces/:slug/projects/:projectId/views/:viewId/access/': 'project.row-rule',
  'GET /api/workspaces/:slug/projects/:projectId/views/:viewId/issues/': 'project.read',
  'GET /api/workspaces/:slug/views/': 'workspace.read',
  'POST /api/workspaces/:slug/views/': 'workspace.create',
  'GET /api/workspaces/:slug/views/:viewId/': 'workspace.read',
  'PATCH /api/workspaces/:slug/views/:viewId/': 'workspace.row-rule',
  'DELETE /api/workspaces/:slug/views/:viewId/': 'workspace.row-rule',
  'POST /api/workspaces/:slug/views/:viewId/lock/': 'workspace.row-rule',
  'DELETE /api/workspaces/:slug/views/:viewId/lock/': 'workspace.row-rule',
  'POST /api/workspaces/:slug/views/:viewId/access/': 'workspace.row-rule',
  'GET /api/workspaces/:slug/views/:viewId/issues/': 'workspace.read',
  'POST /api/workspaces/:slug/projects/:projectId/user-favorite-views/': 'project.configure',
  'DELETE /api/workspaces/:slug/projects/:projectId/user-favorite-views/:viewId/': 'project.configure',
      // Public routes may answer 403 for their own reasons (a wrong invitation token, CSRF on forms).
    // ~1,100 requests (every route × 5 callers): ~25 s on Postgres, longer on PGlite.
  // Plane's public API (server/routes/api-v1/, called with API keys): each route declares the
  // permission of the app API route doing the same thing. Its OpenAPI document is public.
  'GET /api/v1/schema/': 'public',
  'GET /api/v1/workspaces/:slug/projects/:projectId/archived-work-items/': 'project.edit',
  'GET /api/v1/workspaces/:slug/work-items/search/': 'workspace.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/archive/': 'project.edit',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/unarchive/': 'project.edit',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/archive/': 'project.edit',
  'GET /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/relations/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/relations/': 'project.edit',
  'POST /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/relations/remove/': 'project.edit',
  'GET /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/activities/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/archive/': 'project.edit',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/unarchive/': 'project.edit',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/archive/': 'project.edit',
  'GET /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/relations/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/relations/': 'project.edit',
  'POST /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/relations/remove/': 'project.edit',
  'GET /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/activities/': 'project.read',
  'GET /api/v1/workspaces/:slug/projects/:projectId/cycles/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/cycles/': 'project.create',
  'GET /api/v1/workspaces/:slug/projects/:projectId/cycles/:cycleId/': 'project.edit',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/cycles/:cycleId/': 'project.edit',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/cycles/:cycleId/': 'project.row-rule',
  'GET /api/v1/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues/': 'project.edit',
  'POST /api/v1/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues/': 'project.edit',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/cycles/:cycleId/cycle-issues/:issueId/': 'project.edit',
  'POST /api/v1/workspaces/:slug/projects/:projectId/cycles/:cycleId/transfer-issues/': 'project.edit',
  'POST /api/v1/workspaces/:slug/projects/:projectId/cycles/:cycleId/archive/': 'project.edit',
  'GET /api/v1/workspaces/:slug/projects/:projectId/archived-cycles/': 'project.edit',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/archived-cycles/:cycleId/unarchive/': 'project.edit',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/cycles/:cycleId/archive/': 'project.edit',
  'GET /api/v1/workspaces/:slug/projects/:projectId/labels/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/labels/': 'project.admin',
  'GET /api/v1/workspaces/:slug/projects/:projectId/labels/:labelId/': 'project.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/labels/:labelId/': 'project.admin',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/labels/:labelId/': 'project.admin',
  'GET /api/v1/workspaces/:slug/projects/:projectId/modules/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/modules/': 'project.create',
  'GET /api/v1/workspaces/:slug/projects/:projectId/modules/:moduleId/': 'project.member-read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/modules/:moduleId/': 'project.edit',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/modules/:moduleId/': 'project.row-rule',
  'GET /api/v1/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues/': 'project.member-read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues/': 'project.edit',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/modules/:moduleId/module-issues/:issueId/': 'project.edit',
  'POST /api/v1/workspaces/:slug/projects/:projectId/modules/:moduleId/archive/': 'project.edit',
  'GET /api/v1/workspaces/:slug/projects/:projectId/archived-modules/': 'project.read',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/archived-modules/:moduleId/unarchive/': 'project.edit',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/modules/:moduleId/archive/': 'project.edit',
  'GET /api/v1/workspaces/:slug/projects/': 'workspace.read',
  'POST /api/v1/workspaces/:slug/projects/': 'workspace.create-project',
  'GET /api/v1/workspaces/:slug/projects/:projectId/': 'workspace.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/': 'project.manage',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/': 'project.manage',
  'POST /api/v1/workspaces/:slug/projects/:projectId/archive/': 'project.configure',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/archive/': 'project.configure',
  'GET /api/v1/workspaces/:slug/projects/:projectId/project-members/': 'project.read',
  'GET /api/v1/workspaces/:slug/projects/:projectId/members/': 'project.read',
  'GET /api/v1/workspaces/:slug/projects/:projectId/states/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/states/': 'project.admin',
  'GET /api/v1/workspaces/:slug/projects/:projectId/states/:stateId/': 'project.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/states/:stateId/': 'project.configure',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/states/:stateId/': 'project.admin',
  'GET /api/v1/users/me/': 'account.read-by-api-key',
  'GET /api/v1/workspaces/:slug/members/': 'workspace.read',
  'GET /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/comments/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/comments/': 'project.participate',
  'GET /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/comments/:commentId/': 'project.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/comments/:commentId/': 'project.participate',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/comments/:commentId/': 'project.participate',
  'GET /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/comments/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/comments/': 'project.participate',
  'GET /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId/': 'project.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId/': 'project.participate',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId/': 'project.participate',
  'GET /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/links/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/links/': 'project.edit',
  'GET /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/links/:linkId/': 'project.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/links/:linkId/': 'project.edit',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/links/:linkId/': 'project.edit',
  'GET /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/links/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/links/': 'project.edit',
  'GET /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/links/:linkId/': 'project.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/links/:linkId/': 'project.edit',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/links/:linkId/': 'project.edit',
  'GET /api/v1/workspaces/:slug/projects/:projectId/work-items/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/work-items/': 'project.create',
  'GET /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/': 'project.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/': 'project.row-rule',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/': 'project.row-rule',
  'GET /api/v1/workspaces/:slug/work-items/:identifier/': 'workspace.read',
  'GET /api/v1/workspaces/:slug/projects/:projectId/issues/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/issues/': 'project.create',
  'GET /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/': 'project.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/': 'project.row-rule',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/': 'project.row-rule',
  'GET /api/v1/workspaces/:slug/issues/:identifier/': 'workspace.read',
  'POST /api/v1/attachment-uploads/:attachmentId/': 'public',
  'GET /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/attachments/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/attachments/': 'project.participate',
  'GET /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/attachments/:attachmentId/': 'project.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/attachments/:attachmentId/': 'project.participate',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/work-items/:issueId/attachments/:attachmentId/': 'project.participate',
  'GET /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/attachments/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/attachments/': 'project.participate',
  'GET /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/attachments/:attachmentId/': 'project.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/attachments/:attachmentId/': 'project.participate',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/issues/:issueId/attachments/:attachmentId/': 'project.participate',
  'GET /api/v1/workspaces/:slug/projects/:projectId/features/': 'project.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/features/': 'project.manage',
  'POST /api/v1/workspaces/:slug/projects/:projectId/project-members/': 'project.admin',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/project-members/:memberId/': 'project.row-rule',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/project-members/:memberId/': 'project.admin',
  'POST /api/v1/workspaces/:slug/projects/:projectId/members/': 'project.admin',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/members/:memberId/': 'project.row-rule',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/members/:memberId/': 'project.admin',
  'GET /api/v1/workspaces/:slug/projects/:projectId/intake-issues/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/intake-issues/': 'project.participate',
  'GET /api/v1/workspaces/:slug/projects/:projectId/intake-issues/:issueId/': 'project.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/intake-issues/:issueId/': 'project.row-rule',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/intake-issues/:issueId/status/': 'project.row-rule',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/intake-issues/:issueId/': 'project.row-rule',
  'GET /api/v1/workspaces/:slug/projects/:projectId/estimates/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/estimates/': 'project.configure',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/estimates/': 'project.configure',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/estimates/': 'project.configure',
  'GET /api/v1/workspaces/:slug/projects/:projectId/estimates/:estimateId/estimate-points/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/estimates/:estimateId/estimate-points/': 'project.configure',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/estimates/:estimateId/estimate-points/:pointId/': 'project.configure',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/estimates/:estimateId/estimate-points/:pointId/': 'project.configure',
  'GET /api/v1/workspaces/:slug/projects/:projectId/pages/': 'project.read',
  'POST /api/v1/workspaces/:slug/projects/:projectId/pages/': 'project.create',
  'GET /api/v1/workspaces/:slug/projects/:projectId/pages/:pageId/': 'project.read',
  'PATCH /api/v1/workspaces/:slug/projects/:projectId/pages/:pageId/': 'project.row-rule',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/pages/:pageId/': 'project.row-rule',
  'POST /api/v1/workspaces/:slug/projects/:projectId/pages/:pageId/archive/': 'project.row-rule',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/pages/:pageId/unarchive/': 'project.row-rule',
  'DELETE /api/v1/workspaces/:slug/projects/:projectId/pages/:pageId/archive/': 'project.row-rule',
};

const CALLERS: CallerName[] = ['anonymous', 'outsider', 'guest', 'member', 'admin'];
const ROLE_OF: Record<CallerName, number> = { anonymous: 0, outsider: 0, guest: Role.GUEST, member: Role.MEMBER, admin: Role.ADMIN };

type Expectation = { kind: 'status'; status: number } | { kind: 'allowed' } | { kind: 'not-401' };

/** What a caller must get from a route declaring `rule`. */
function expectationFor(rule: PermissionRule, caller: CallerName): Expectation {
  if (rule === AccessLevel.PUBLIC) return caller === 'anonymous' ? { kind: 'not-401' } : { kind: 'allowed' };
  if (caller === 'anonymous') return { kind: 'status', status: 401 };
  if (rule === AccessLevel.AUTHENTICATED) return { kind: 'allowed' };
  if (rule === AccessLevel.INSTANCE_ADMIN) return { kind: 'status', status: 403 };
  if (caller === 'outsider') return { kind: 'status', status: rule.hideFromOutsiders ? 404 : 403 };
  if (rule.scope === 'project' && rule.workspaceAdminBypass && caller === 'admin') return { kind: 'allowed' };
  return ROLE_OF[caller] >= roleFromName(rule.min)! ? { kind: 'allowed' } : { kind: 'status', status: 403 };
}

function meets(expectation: Expectation, status: number): boolean {
  if (status >= 500) return false;
  switch (expectation.kind) {
    case 'status':
      return status === expectation.status;
    case 'allowed':
      // Public routes may answer 403 for their own reasons (a wrong invitation token, CSRF on forms).
      return status !== 401 && status !== 403;
    case 'not-401':
      return status !== 401;
  }
}

describe('route × caller permission matrix', () => {
  let server: TestServer;
  let world: World;
  let apiKeys: Record<CallerName, Record<string, string>>;
  const collector = routeCollector();
  let routes: RouteInfo[] = [];

  beforeAll(async () => {
    server = await createTestServer({ onRoute: collector.onRoute });
    world = await buildWorld(server);
    apiKeys = await buildWorldApiKeys(server, world);
    routes = collector.routes.filter((route) => !route.websocket && route.method !== 'HEAD' && route.method !== 'OPTIONS' && route.access);
  });
  afterAll(async () => server?.close());

  test('every route declares a permission of the shared table, and the one this list expects', () => {
    const failures: string[] = [];
    const seen = new Set<string>();
    for (const route of collector.routes.filter((route) => route.method !== 'HEAD' && route.method !== 'OPTIONS')) {
      if (!isPermissionName(route.access)) failures.push(`${route.method} ${route.url} (${route.file}) declares ${JSON.stringify(route.access)}, not a permission of shared/permission-table.ts`);
    }
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      seen.add(key);
      const expected = EXPECTED[key];
      if (!expected) {
        failures.push(`${key} (${route.file}) is missing from the list; it declares ${JSON.stringify(route.access)}`);
        continue;
      }
      if (route.access !== expected) failures.push(`${key} declares ${JSON.stringify(route.access)}, the list expects ${JSON.stringify(expected)}`);
    }
    for (const key of Object.keys(EXPECTED)) if (!seen.has(key)) failures.push(`${key} is in the list but not registered`);
    expect(failures).toEqual([]);
  });

  test('every route answers each caller as its declared rule says', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      for (const caller of CALLERS) {
        const expectation = expectationFor(PERMISSIONS[route.access as PermissionName].rule, caller);
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const response = await server.inject({
          method: route.method as 'GET',
          url: fillPath(route.url, world),
          // The public API takes API keys only; the app API session cookies.
          headers: route.url.startsWith('/api/v1/') ? apiKeys[caller] : world.headers[caller],
          ...(hasBody ? { payload: {} } : {}),
        });
        if (!meets(expectation, response.statusCode)) {
          failures.push(`${route.method} ${route.url} as ${caller}: ${response.statusCode} ${response.body.slice(0, 120)} (expected ${JSON.stringify(expectation)})`);
        }
        if (route.method !== 'GET' && response.statusCode < 400) await restoreWorld(server, world);
      }
    }
    expect(failures).toEqual([]);
    // ~1,100 requests (every route × 5 callers): ~25 s on Postgres, longer on PGlite.
  }, 180_000);
});
