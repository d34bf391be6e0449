// Workspace settings screens under `/$workspaceSlug/settings/`: general (name, logo, delete), members, invitations, API tokens, webhooks, exports.
// Each loader loads the list its screen shows; a failure shows the screen's error with a Retry.
import { lazyScreen, withScreens } from './lazy-screen';
import { createRoute } from '@tanstack/react-router';
import { fetchApiTokens } from '../stores/api-token-store';
import { fetchExports } from '../stores/export-store';
import { ensureProjects } from '../stores/project-store';
import { fetchWorkspaceInvitations } from '../stores/invitation-store';
import { fetchMembers } from '../stores/member-store';
import { fetchWebhooks } from '../stores/webhook-store';
import { ensureWorkspaces, findWorkspace } from '../stores/workspace-store';
import { screenStates } from './screen-states';
import { workspaceRoute } from './workspace-route';
import { can, memberContext } from '../../shared/permission-table';
const ExportsSettingsPage = lazyScreen(() => import('./exports-settings-page'), 'ExportsSettingsPage');
const WebhooksSettingsPage = lazyScreen(() => import('./webhooks-settings-page'), 'WebhooksSettingsPage');
const MembersSettingsPage = lazyScreen(() => import('./members-settings-page'), 'MembersSettingsPage');
const InvitationsSettingsPage = lazyScreen(() => import('./invitations-settings-page'), 'InvitationsSettingsPage');

const WorkspaceSettingsPage = lazyScreen(() => import('./workspace-settings-page'), 'WorkspaceSettingsPage');
const ApiTokensSettingsPage = lazyScreen(() => import('./api-tokens-settings-page'), 'ApiTokensSettingsPage');

const generalSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings',
  loader: async () => {
    // The workspace row (name, logo, my role) is all the screen shows.
    await ensureWorkspaces();
  },
  ...screenStates,
  component: withScreens(function GeneralSettingsRoute() {
    return <WorkspaceSettingsPage workspaceSlug={generalSettingsRoute.useParams().workspaceSlug} />;
  }, WorkspaceSettingsPage),
});

const membersSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/members',
  loader: async ({ params }) => {
    await fetchMembers(params.workspaceSlug);
  },
  ...screenStates,
  component: withScreens(function MembersSettingsRoute() {
    return <MembersSettingsPage workspaceSlug={membersSettingsRoute.useParams().workspaceSlug} />;
  }, MembersSettingsPage),
});

const invitationsSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/invitations',
  loader: async ({ params }) => {
    // Only members and admins may list the invitations; a guest's screen says so without asking.
    await ensureWorkspaces();
    if (can('workspace.invite', memberContext(findWorkspace(params.workspaceSlug)?.role))) await fetchWorkspaceInvitations(params.workspaceSlug);
  },
  ...screenStates,
  component: withScreens(function InvitationsSettingsRoute() {
    return <InvitationsSettingsPage workspaceSlug={invitationsSettingsRoute.useParams().workspaceSlug} />;
  }, InvitationsSettingsPage),
});

const apiTokensSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/api-tokens',
  loader: async ({ params }) => {
    if (can('workspace.api-tokens', memberContext(findWorkspace(params.workspaceSlug)?.role))) await fetchApiTokens(params.workspaceSlug);
  },
  ...screenStates,
  component: withScreens(function ApiTokensSettingsRoute() {
    return <ApiTokensSettingsPage workspaceSlug={apiTokensSettingsRoute.useParams().workspaceSlug} />;
  }, ApiTokensSettingsPage),
});

const webhooksSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/webhooks',
  loader: async ({ params }) => {
    // Workspace admins only; anyone else's screen says so without asking.
    await ensureWorkspaces();
    if (can('workspace.webhooks', memberContext(findWorkspace(params.workspaceSlug)?.role))) await fetchWebhooks(params.workspaceSlug);
  },
  ...screenStates,
  component: withScreens(function WebhooksSettingsRoute() {
    return <WebhooksSettingsPage workspaceSlug={webhooksSettingsRoute.useParams().workspaceSlug} />;
  }, WebhooksSettingsPage),
});

const exportsSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/exports',
  loader: async ({ params }) => {
    // Members and admins; a guest's screen says so without asking.
    await ensureWorkspaces();
    if (!can('workspace.export', memberContext(findWorkspace(params.workspaceSlug)?.role))) return;
    await Promise.all([ensureProjects(params.workspaceSlug), fetchExports(params.workspaceSlug)]);
  },
  ...screenStates,
  component: withScreens(function ExportsSettingsRoute() {
    return <ExportsSettingsPage workspaceSlug={exportsSettingsRoute.useParams().workspaceSlug} />;
  }, ExportsSettingsPage),
});

export const settingsRoutes = [generalSettingsRoute, membersSettingsRoute, invitationsSettingsRoute, apiTokensSettingsRoute, webhooksSettingsRoute, exportsSettingsRoute] as const;
