// The route × caller matrix (STYLE §4, DESIGN "Security"): every registered route is called by
// anonymous, an outsider, a guest, a member and an admin of one world, and the status must agree
// with the rule the route declares. An explicit table pins the rule each route should declare, so
// a route declaring the wrong rule fails too.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { AccessRule, ScopedRule } from '../../server/plugins/access';
import { createTestServer, type TestServer } from '../support/server';
import { buildWorld, fillPath, restoreWorld, routeCollector, type CallerName, type RouteInfo, type World } from '../support/world';

const PUBLIC = 'public';
const AUTH = 'authenticated';
const INSTANCE_ADMIN = 'instance-admin';
const ws = (min: ScopedRule['min'], extra: Partial<ScopedRule> = {}): ScopedRule => ({ scope: 'workspace', min, ...extra });
const p = (min: ScopedRule['min'], extra: Partial<ScopedRule> = {}): ScopedRule => ({ scope: 'project', min, ...extra });

interface Expected {
  access: AccessRule;
  apiKey?: boolean;
}

/**
 * The rule each route must declare, by 'METHOD url'. Every registered route must be listed: a new
 * route fails this suite until its rule (from spec §6 and the references' role notation) is added.
 * Project rules at `guest` whose reference rule is "X or creator/owner" leave the rest to row rules.
 */
const EXPECTED: Record<string, Expected> = {
  // users (reference §3)
  'GET /api/users/me/': { access: AUTH, apiKey: true },
  'PATCH /api/users/me/': { access: AUTH },
  'DELETE /api/users/me/': { access: AUTH },
  'GET /api/users/session/': { access: PUBLIC },
  'GET /api/users/me/profile/': { access: AUTH },
  'PATCH /api/users/me/profile/': { access: AUTH },
  'GET /api/users/me/settings/': { access: AUTH },
  'GET /api/users/me/instance-admin/': { access: AUTH },
  'PATCH /api/users/me/onboard/': { access: AUTH },
  'PATCH /api/users/me/tour-completed/': { access: AUTH },
  'GET /api/users/me/notification-preferences/': { access: AUTH },
  'PATCH /api/users/me/notification-preferences/': { access: AUTH },
  'GET /api/users/me/activities/': { access: AUTH },
  'GET /api/users/me/accounts/': { access: AUTH },
  'GET /api/users/me/accounts/:accountId/': { access: AUTH },
  'DELETE /api/users/me/accounts/:accountId/': { access: AUTH },
  // workspaces (§4.1)
  'POST /api/workspaces/': { access: AUTH },
  'GET /api/workspaces/': { access: AUTH },
  'GET /api/users/me/workspaces/': { access: AUTH },
  'GET /api/workspace-slug-check/': { access: AUTH },
  'GET /api/workspaces/:slug/': { access: ws('guest', { hideFromOutsiders: true }) },
  'PATCH /api/workspaces/:slug/': { access: ws('admin') },
  'PUT /api/workspaces/:slug/': { access: ws('admin') },
  'DELETE /api/workspaces/:slug/': { access: ws('admin') },
  // members (§4.2)
  'GET /api/workspaces/:slug/members/': { access: ws('guest') },
  'GET /api/workspaces/:slug/members/:memberId/': { access: ws('guest') },
  'PATCH /api/workspaces/:slug/members/:memberId/': { access: ws('admin') },
  'DELETE /api/workspaces/:slug/members/:memberId/': { access: ws('admin') },
  'POST /api/workspaces/:slug/members/leave/': { access: ws('guest') },
  'GET /api/workspaces/:slug/workspace-members/me/': { access: ws('guest') },
  'POST /api/workspaces/:slug/workspace-views/': { access: ws('guest') },
  // member profile pages (§4.4: caller and target active members; counts and history limited to the caller's projects)
  'GET /api/workspaces/:slug/user-profile/:userId/': { access: ws('guest') },
  'GET /api/workspaces/:slug/user-activity/:userId/': { access: ws('guest') },
  'GET /api/workspaces/:slug/user-stats/:userId/': { access: ws('guest') },
  'GET /api/users/me/workspaces/:slug/project-roles/': { access: ws('guest') },
  // invitations (§4.3)
  'POST /api/workspaces/:slug/invitations/': { access: ws('member') },
  'GET /api/workspaces/:slug/invitations/': { access: ws('member') },
  'GET /api/workspaces/:slug/invitations/:invitationId/': { access: ws('member') },
  'PATCH /api/workspaces/:slug/invitations/:invitationId/': { access: ws('member') },
  'DELETE /api/workspaces/:slug/invitations/:invitationId/': { access: ws('member') },
  'GET /api/workspaces/:slug/invitations/:invitationId/join/': { access: PUBLIC },
  'POST /api/workspaces/:slug/invitations/:invitationId/join/': { access: PUBLIC },
  'GET /api/users/me/workspaces/invitations/': { access: AUTH },
  'POST /api/users/me/workspaces/invitations/': { access: AUTH },
  // API tokens (API.md)
  'GET /api/workspaces/:slug/api-tokens/': { access: ws('member') },
  'POST /api/workspaces/:slug/api-tokens/': { access: ws('member') },
  'GET /api/workspaces/:slug/api-tokens/:tokenId/': { access: ws('member') },
  'DELETE /api/workspaces/:slug/api-tokens/:tokenId/': { access: ws('member') },
  // auth (reference §1, API.md)
  'GET /auth/get-csrf-token/': { access: PUBLIC },
  'POST /auth/email-check/': { access: PUBLIC },
  'POST /auth/magic-generate/': { access: PUBLIC },
  'POST /auth/magic-sign-in/': { access: PUBLIC },
  'POST /auth/magic-sign-up/': { access: PUBLIC },
  'POST /auth/sign-in/': { access: PUBLIC },
  'POST /auth/sign-up/': { access: PUBLIC },
  'POST /auth/forgot-password/': { access: PUBLIC },
  'POST /auth/reset-password/:uidb64/:token/': { access: PUBLIC },
  'POST /auth/change-password/': { access: AUTH },
  'POST /auth/set-password/': { access: AUTH },
  'POST /auth/sign-out/': { access: PUBLIC },
  'GET /auth/google/': { access: PUBLIC },
  'GET /auth/google/callback/': { access: PUBLIC },
  'GET /auth/github/': { access: PUBLIC },
  'GET /auth/github/callback/': { access: PUBLIC },
  'GET /auth/gitlab/': { access: PUBLIC },
  'GET /auth/gitlab/callback/': { access: PUBLIC },
  // instance and instance admin (reference §2)
  'GET /api/instances/': { access: PUBLIC },
  'PATCH /api/instances/': { access: INSTANCE_ADMIN },
  'GET /api/instances/configurations/': { access: INSTANCE_ADMIN },
  'PATCH /api/instances/configurations/': { access: INSTANCE_ADMIN },
  'POST /api/instances/admins/sign-up/': { access: PUBLIC },
  'POST /api/instances/admins/sign-in/': { access: PUBLIC },
  'POST /api/instances/admins/sign-out/': { access: PUBLIC },
  'GET /api/instances/admins/session/': { access: PUBLIC },
  'GET /api/instances/admins/me/': { access: INSTANCE_ADMIN },
  // bulk issue operations (API.md; work-items 1.1: bulk delete is Admin)
  'POST /api/workspaces/:slug/projects/:projectId/bulk-operation-issues/': { access: p('member') },
  'DELETE /api/workspaces/:slug/projects/:projectId/bulk-delete-issues/': { access: p('admin') },
  'POST /api/workspaces/:slug/projects/:projectId/issue-dates/': { access: p('member') },
  // comment reactions (work-items 1.1: Guest+)
  'GET /api/workspaces/:slug/projects/:projectId/comments/:commentId/reactions/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/comments/:commentId/reactions/': { access: p('guest') },
  'DELETE /api/workspaces/:slug/projects/:projectId/comments/:commentId/reactions/:reactionCode/': { access: p('guest') },
  // publish / deploy boards (accounts 5.2: read any member, write P{20,15})
  'GET /api/workspaces/:slug/projects/:projectId/project-deploy-boards/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/project-deploy-boards/': { access: p('member') },
  'GET /api/workspaces/:slug/projects/:projectId/project-deploy-boards/:boardId/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/project-deploy-boards/:boardId/': { access: p('member') },
  'DELETE /api/workspaces/:slug/projects/:projectId/project-deploy-boards/:boardId/': { access: p('member') },
  // estimates (accounts §8: read any project member, write P{20,15}; project-estimates P{20,15})
  'GET /api/workspaces/:slug/projects/:projectId/estimates/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/estimates/': { access: p('member') },
  'GET /api/workspaces/:slug/projects/:projectId/estimates/:estimateId/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/estimates/:estimateId/': { access: p('member') },
  'DELETE /api/workspaces/:slug/projects/:projectId/estimates/:estimateId/': { access: p('member') },
  'POST /api/workspaces/:slug/projects/:projectId/estimates/:estimateId/estimate-points/': { access: p('member') },
  'PATCH /api/workspaces/:slug/projects/:projectId/estimates/:estimateId/estimate-points/:pointId/': { access: p('member') },
  'DELETE /api/workspaces/:slug/projects/:projectId/estimates/:estimateId/estimate-points/:pointId/': { access: p('member') },
  'GET /api/workspaces/:slug/projects/:projectId/project-estimates/': { access: p('member') },
  'GET /api/workspaces/:slug/estimates/': { access: ws('guest') },
  // favorites (accounts §9: WS{20,15}, guests 403; user-favorite-projects kept at the same rule)
  'GET /api/workspaces/:slug/user-favorites/': { access: ws('member') },
  'POST /api/workspaces/:slug/user-favorites/': { access: ws('member') },
  'PATCH /api/workspaces/:slug/user-favorites/:favoriteId/': { access: ws('member') },
  'DELETE /api/workspaces/:slug/user-favorites/:favoriteId/': { access: ws('member') },
  'GET /api/workspaces/:slug/user-favorites/:favoriteId/group/': { access: ws('member') },
  'GET /api/workspaces/:slug/user-favorite-projects/': { access: ws('member') },
  'POST /api/workspaces/:slug/user-favorite-projects/': { access: ws('member') },
  'DELETE /api/workspaces/:slug/user-favorite-projects/:projectId/': { access: ws('member') },
  // archived issues (work-items 1.1: Member+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/archive/': { access: p('member') },
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/archive/': { access: p('member') },
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/archive/': { access: p('member') },
  'GET /api/workspaces/:slug/projects/:projectId/archived-issues/': { access: p('member') },
  'POST /api/workspaces/:slug/projects/:projectId/bulk-archive-issues/': { access: p('member') },
  // attachments (work-items 1.1: POST/GET Guest+; DELETE admin or creator is a row rule)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments/': { access: p('guest') },
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments/:attachmentId/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments/:attachmentId/download/': { access: p('guest') },
  // comments (work-items 1.6.2: Guest+; edit/delete admin or creator are row rules)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId/': { access: p('guest') },
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId/': { access: p('guest') },
  // drafts (API.md; work-items 1.6.13: workspace Guest+, draft-to-issue Member+; creator/admin row rules)
  'GET /api/workspaces/:slug/projects/:projectId/issue-drafts/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/issue-drafts/': { access: p('member') },
  'GET /api/workspaces/:slug/projects/:projectId/issue-drafts/:issueId/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/issue-drafts/:issueId/': { access: p('guest') },
  'DELETE /api/workspaces/:slug/projects/:projectId/issue-drafts/:issueId/': { access: p('guest') },
  'GET /api/workspaces/:slug/draft-issues/': { access: ws('guest') },
  'POST /api/workspaces/:slug/draft-issues/': { access: ws('guest') },
  'GET /api/workspaces/:slug/draft-issues/:issueId/': { access: ws('guest') },
  'PATCH /api/workspaces/:slug/draft-issues/:issueId/': { access: ws('guest') },
  'DELETE /api/workspaces/:slug/draft-issues/:issueId/': { access: ws('guest') },
  'POST /api/workspaces/:slug/draft-to-issue/:issueId/': { access: ws('member') },
  // activity (work-items 1.1: Guest+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/history/': { access: p('guest') },
  // links (work-items 1.1: read any member, write Member+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/': { access: p('member') },
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId/': { access: p('member') },
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links/:linkId/': { access: p('member') },
  // issue reactions (work-items 1.1: Guest+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/reactions/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/reactions/': { access: p('guest') },
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/reactions/:reactionCode/': { access: p('guest') },
  // relations (work-items 1.1: read any member, write Member+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-relation/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-relation/': { access: p('member') },
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/remove-relation/': { access: p('member') },
  // search (work-items 1.6.12, §13: any member; results filtered)
  'GET /api/workspaces/:slug/projects/:projectId/search-issues/': { access: p('guest') },
  'GET /api/workspaces/:slug/search/': { access: ws('guest') },
  // subscriptions (work-items 1.1: subscribe any member; issue-subscribers write Member+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscribe/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscribe/': { access: p('guest') },
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/subscribe/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-subscribers/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-subscribers/': { access: p('member') },
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-subscribers/:userId/': { access: p('member') },
  // issue list (work-items 1.1: Guest+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/issues-detail/': { access: p('guest') },
  // sync (work-items 1.1: Guest+)
  'GET /api/workspaces/:slug/projects/:projectId/v2/issues/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/deleted-issues/': { access: p('guest') },
  // issues (work-items 1.1: create Member+; read Guest+; PATCH member+ or creator, DELETE admin or creator are row rules)
  'POST /api/workspaces/:slug/projects/:projectId/issues/': { access: p('member') },
  'GET /api/workspaces/:slug/projects/:projectId/issues/list/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/issues/:issueId/': { access: p('guest') },
  'DELETE /api/workspaces/:slug/projects/:projectId/issues/:issueId/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/meta/': { access: p('guest') },
  // work-items 1.1: the key names the project, whose membership the service checks
  'GET /api/workspaces/:slug/work-items/:identifier/': { access: ws('guest') },
  // labels (accounts §7: read any member, write P{20})
  'GET /api/workspaces/:slug/projects/:projectId/issue-labels/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/issue-labels/': { access: p('admin') },
  'GET /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId/': { access: p('admin') },
  'PUT /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId/': { access: p('admin') },
  'DELETE /api/workspaces/:slug/projects/:projectId/issue-labels/:labelId/': { access: p('admin') },
  'POST /api/workspaces/:slug/projects/:projectId/bulk-create-labels/': { access: p('admin') },
  'GET /api/workspaces/:slug/labels/': { access: ws('guest') },
  // page actions (spec §6: lock/access owner, archive owner or admin — row rules; favorite Member+)
  'POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/access/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/lock/': { access: p('guest') },
  'DELETE /api/workspaces/:slug/projects/:projectId/pages/:pageId/lock/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/archive/': { access: p('guest') },
  'DELETE /api/workspaces/:slug/projects/:projectId/pages/:pageId/archive/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/favorite-pages/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/favorite-pages/:pageId/': { access: p('member') },
  'DELETE /api/workspaces/:slug/projects/:projectId/favorite-pages/:pageId/': { access: p('member') },
  // page description (spec §5/§6: read per page rule, edit owner or member+ — row rules)
  'GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/description/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/pages/:pageId/description/': { access: p('guest') },
  // pages (spec §6: create Member+; edit/duplicate owner or member+, delete owner or admin — row rules)
  'GET /api/workspaces/:slug/projects/:projectId/pages/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/archived-pages/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/pages-summary/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/pages/': { access: p('member') },
  'GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/pages/:pageId/': { access: p('guest') },
  'DELETE /api/workspaces/:slug/projects/:projectId/pages/:pageId/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/pages/:pageId/duplicate/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/versions/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/pages/:pageId/versions/:versionId/': { access: p('guest') },
  // project identifiers (accounts §5: WS{20,15})
  'GET /api/workspaces/:slug/project-identifiers/': { access: ws('member') },
  'DELETE /api/workspaces/:slug/project-identifiers/': { access: ws('member') },
  // project members (accounts 5.1; join projects WS{20,15})
  'GET /api/workspaces/:slug/projects/:projectId/members/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/members/': { access: p('admin') },
  'POST /api/workspaces/:slug/projects/:projectId/members/leave/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/members/:memberId/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/members/:memberId/': { access: p('guest') },
  'DELETE /api/workspaces/:slug/projects/:projectId/members/:memberId/': { access: p('admin') },
  'GET /api/workspaces/:slug/projects/:projectId/project-members/me/': { access: p('guest') },
  // accounts 5.1: P{any}; the service lets a member PATCH only their own preferences
  'GET /api/workspaces/:slug/projects/:projectId/preferences/member/:userId/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/preferences/member/:userId/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/project-views/': { access: ws('guest') },
  'GET /api/workspaces/:slug/project-members/': { access: ws('guest') },
  'POST /api/users/me/workspaces/:slug/projects/invitations/': { access: ws('member') },
  // project user properties (accounts 5.2: P{any})
  'GET /api/workspaces/:slug/projects/:projectId/user-properties/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/user-properties/': { access: p('guest') },
  // projects (accounts §5: PATCH/DELETE P{20} or WS{20}; archive P{20,15})
  'GET /api/workspaces/:slug/projects/': { access: ws('guest') },
  'GET /api/workspaces/:slug/projects/details/': { access: ws('guest') },
  'POST /api/workspaces/:slug/projects/': { access: ws('member') },
  'GET /api/workspaces/:slug/projects/:projectId/': { access: ws('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/': { access: p('admin', { workspaceAdminBypass: true }) },
  'DELETE /api/workspaces/:slug/projects/:projectId/': { access: p('admin', { workspaceAdminBypass: true }) },
  'POST /api/workspaces/:slug/projects/:projectId/archive/': { access: p('member') },
  'DELETE /api/workspaces/:slug/projects/:projectId/archive/': { access: p('member') },
  // states (accounts §6: write P{20}; PATCH/PUT member+ — the guest quirk fixed)
  'GET /api/workspaces/:slug/projects/:projectId/states/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/states/': { access: p('admin') },
  'GET /api/workspaces/:slug/projects/:projectId/states/:stateId/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/states/:stateId/': { access: p('member') },
  'PUT /api/workspaces/:slug/projects/:projectId/states/:stateId/': { access: p('member') },
  'DELETE /api/workspaces/:slug/projects/:projectId/states/:stateId/': { access: p('admin') },
  'POST /api/workspaces/:slug/projects/:projectId/states/:stateId/mark-default/': { access: p('admin') },
  'GET /api/workspaces/:slug/states/': { access: ws('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/intake-state/': { access: p('guest') },
  // sub-issues (work-items 1.1: read any member, POST Member+)
  'GET /api/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/issues/:issueId/sub-issues/': { access: p('member') },
  // saved display filters (work-items 1.6.10: Guest+; workspace WS{any})
  'GET /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/user-properties/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/cycles/:cycleId/user-properties/': { access: p('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/modules/:moduleId/user-properties/': { access: p('guest') },
  'PATCH /api/workspaces/:slug/projects/:projectId/modules/:moduleId/user-properties/': { access: p('guest') },
  'GET /api/workspaces/:slug/user-properties/': { access: ws('guest') },
  'PATCH /api/workspaces/:slug/user-properties/': { access: ws('guest') },
  'GET /api/workspaces/:slug/projects/:projectId/issue-display-properties/': { access: p('guest') },
  'POST /api/workspaces/:slug/projects/:projectId/issue-display-properties/': { access: p('guest') },
  // workspace issue lists (work-items 1.6.11, accounts §4.4: workspace Guest+)
  'GET /api/workspaces/:slug/issues/': { access: ws('guest') },
  'GET /api/workspaces/:slug/my-issues/': { access: ws('guest') },
  'GET /api/workspaces/:slug/user-issues/:userId/': { access: ws('guest') },
};

const CALLERS: CallerName[] = ['anonymous', 'outsider', 'guest', 'member', 'admin'];
const ROLE_OF: Record<CallerName, number> = { anonymous: 0, outsider: 0, guest: 5, member: 15, admin: 20 };
const MIN: Record<ScopedRule['min'], number> = { guest: 5, member: 15, admin: 20 };

type Expectation = { kind: 'status'; status: number } | { kind: 'allowed' } | { kind: 'not-401' };

/** What a caller must get from a route declaring `rule`. */
function expectationFor(rule: AccessRule, caller: CallerName): Expectation {
  if (rule === 'public') return caller === 'anonymous' ? { kind: 'not-401' } : { kind: 'allowed' };
  if (caller === 'anonymous') return { kind: 'status', status: 401 };
  if (rule === 'authenticated') return { kind: 'allowed' };
  if (rule === 'instance-admin') return { kind: 'status', status: 403 };
  if (caller === 'outsider') return { kind: 'status', status: rule.hideFromOutsiders ? 404 : 403 };
  if (rule.scope === 'project' && rule.workspaceAdminBypass && caller === 'admin') return { kind: 'allowed' };
  return ROLE_OF[caller] >= MIN[rule.min] ? { kind: 'allowed' } : { kind: 'status', status: 403 };
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
  const collector = routeCollector();
  let routes: RouteInfo[] = [];

  beforeAll(async () => {
    server = await createTestServer({ onRoute: collector.onRoute });
    world = await buildWorld(server);
    routes = collector.routes.filter((route) => !route.websocket && route.method !== 'HEAD' && route.method !== 'OPTIONS' && route.access);
  });
  afterAll(async () => server?.close());

  test('every route declares the rule the table expects', () => {
    const failures: string[] = [];
    const seen = new Set<string>();
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      seen.add(key);
      const expected = EXPECTED[key];
      if (!expected) {
        failures.push(`${key} (${route.file}) is missing from the table; it declares ${JSON.stringify(route.access)}`);
        continue;
      }
      const declared: Expected = { access: route.access!, apiKey: route.apiKey || undefined };
      if (JSON.stringify(normalize(declared)) !== JSON.stringify(normalize(expected))) {
        failures.push(`${key} declares ${JSON.stringify(declared)}, table expects ${JSON.stringify(expected)}`);
      }
    }
    for (const key of Object.keys(EXPECTED)) if (!seen.has(key)) failures.push(`${key} is in the table but not registered`);
    expect(failures).toEqual([]);
  });

  test('every route answers each caller as its declared rule says', async () => {
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    for (const route of routes) {
      for (const caller of CALLERS) {
        const expectation = expectationFor(route.access!, caller);
        const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
        const response = await server.inject({
          method: route.method as 'GET',
          url: fillPath(route.url, world),
          headers: world.headers[caller],
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

/** Key order and absent flags must not matter when comparing rules. */
function normalize(value: Expected) {
  const access = typeof value.access === 'string' ? value.access : Object.fromEntries(Object.entries(value.access).filter(([, v]) => v !== undefined && v !== false).sort());
  return { access, apiKey: Boolean(value.apiKey) };
}
