// Workspace settings screens under `/$workspaceSlug/settings/`: members, invitations, API tokens, webhooks.
// Each loader loads the list its screen shows; a failure shows the screen's error with a Retry.
import { createRoute } from '@tanstack/react-router';
import { fetchApiTokens } from '../stores/api-token-store';
import { fetchWorkspaceInvitations } from '../stores/invitation-store';
import { fetchMembers } from '../stores/member-store';
import { fetchWebhooks } from '../stores/webhook-store';
import { ensureWorkspaces, findWorkspace } from '../stores/workspace-store';
import { ApiTokensSettingsPage } from './api-tokens-settings-page';
import { InvitationsSettingsPage } from './invitations-settings-page';
import { MembersSettingsPage } from './members-settings-page';
import { WebhooksSettingsPage } from './webhooks-settings-page';
import { screenStates } from './screen-states';
import { workspaceRoute } from './workspace-route';
import { can, memberContext } from '../../shared/permission-table';

const membersSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/members',
  loader: async ({ params }) => {
    await fetchMembers(params.workspaceSlug);
  },
  ...screenStates,
  component: function MembersSettingsRoute() {
    return <MembersSettingsPage workspaceSlug={membersSettingsRoute.useParams().workspaceSlug} />;
  },
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
  component: function InvitationsSettingsRoute() {
    return <InvitationsSettingsPage workspaceSlug={invitationsSettingsRoute.useParams().workspaceSlug} />;
  },
});

const apiTokensSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/api-tokens',
  loader: async ({ params }) => {
    await fetchApiTokens(params.workspaceSlug);
  },
  ...screenStates,
  component: function ApiTokensSettingsRoute() {
    return <ApiTokensSettingsPage workspaceSlug={apiTokensSettingsRoute.useParams().workspaceSlug} />;
  },
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
  component: function WebhooksSettingsRoute() {
    return <WebhooksSettingsPage workspaceSlug={webhooksSettingsRoute.useParams().workspaceSlug} />;
  },
});

export const settingsRoutes = [membersSettingsRoute, invitationsSettingsRoute, apiTokensSettingsRoute, webhooksSettingsRoute] as const;
