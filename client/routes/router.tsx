// The route tree (TanStack Router, code-based). Each page route declares its page kind through
// `guardPage`, so redirects happen before anything renders.
import { createRootRoute, createRoute, createRouter, Link, Outlet, redirect, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isNetworkFailure } from '../api/http';
import { AuthMode } from '../auth/auth-flow';
import { AuthLayout } from '../components/auth-layout';
import { Button } from '../components/button';
import { PageLoader } from '../components/feedback';
import { useT } from '../i18n';
import { ensureWorkspaces } from '../stores/workspace-store';
import { AdminPage } from './admin-page';
import { ApiTokensSettingsPage } from './api-tokens-settings-page';
import { guardPage } from './guard';
import { InvitationsSettingsPage } from './invitations-settings-page';
import { MembersSettingsPage } from './members-settings-page';
import { OnboardingPage } from './onboarding-page';
import { PageKind } from './page-kinds';
import { createPagesRoutes } from './pages-routes';
import { ForgotPasswordPage, ResetPasswordPage, SetPasswordPage } from './password-pages';
import { ProfilePage } from './profile-page';
import { SignInPage } from './sign-in-page';
import { WorkspaceHomePage, WorkspaceLayout } from './workspace-pages';
import { CreateWorkspacePage, InvitationsPage, WorkspaceInvitationPage } from './workspace-entry-pages';
import { createWorkRoutes } from './work-routes';

/** Keeps only the named query values, as strings (the router parses "5065" into a number). */
function pickSearch<K extends string>(...keys: K[]) {
  return (search: Record<string, unknown>): Partial<Record<K, string>> => {
    const picked: Partial<Record<K, string>> = {};
    for (const key of keys) {
      const value = search[key];
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') picked[key] = String(value);
    }
    return picked;
  };
}

function NotFound() {
  const t = useT();
  return (
    <AuthLayout title={t('page.notFound.title')} subtitle={t('page.notFound.body')}>
      <Link to="/" className="btn btn-primary btn-block">{t('page.goHome')}</Link>
    </AuthLayout>
  );
}

/**
 * What a route whose loading or rendering failed shows: "cannot reach the server" only when a
 * request went unanswered, otherwise a plain "something went wrong"; both with a retry.
 */
function RouteError({ error, reset }: ErrorComponentProps) {
  const t = useT();
  const router = useRouter();
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <AuthLayout title={t('page.error.title')} subtitle={t(isNetworkFailure(error) ? 'common.errorNetwork' : 'common.errorGeneric')}>
      <Button block onClick={retry} data-testid="retry-button">
        {t('common.retry')}
      </Button>
    </AuthLayout>
  );
}

const rootRoute = createRootRoute({
  component: Outlet,
  notFoundComponent: NotFound,
  errorComponent: RouteError,
});

const signInSearch = pickSearch('next_path', 'error_code', 'error_message', 'email', 'success');

const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: signInSearch,
  beforeLoad: guardPage(PageKind.NON_AUTHENTICATED),
  component: function SignInRoute() {
    return <SignInPage search={signInRoute.useSearch()} initialMode={AuthMode.SIGN_IN} />;
  },
});

const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-up',
  validateSearch: signInSearch,
  beforeLoad: guardPage(PageKind.NON_AUTHENTICATED),
  component: function SignUpRoute() {
    return <SignInPage search={signUpRoute.useSearch()} initialMode={AuthMode.SIGN_UP} />;
  },
});

/** Old form-style redirects land on /sign-in; the sign-in page is `/`. */
const legacySignInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: signInSearch,
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/', search });
  },
});

const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accounts/forgot-password',
  validateSearch: pickSearch('email'),
  beforeLoad: guardPage(PageKind.NON_AUTHENTICATED),
  component: function ForgotPasswordRoute() {
    return <ForgotPasswordPage search={forgotPasswordRoute.useSearch()} />;
  },
});

const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accounts/reset-password',
  validateSearch: pickSearch('uidb64', 'token', 'email', 'error_code'),
  beforeLoad: guardPage(PageKind.PUBLIC),
  component: function ResetPasswordRoute() {
    return <ResetPasswordPage search={resetPasswordRoute.useSearch()} />;
  },
});

const setPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/accounts/set-password',
  validateSearch: pickSearch('next_path'),
  beforeLoad: guardPage(PageKind.SET_PASSWORD),
  component: function SetPasswordRoute() {
    return <SetPasswordPage search={setPasswordRoute.useSearch()} />;
  },
});

const onboardingRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/onboarding',
  beforeLoad: guardPage(PageKind.ONBOARDING),
  component: OnboardingPage,
});

const createWorkspaceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/create-workspace',
  beforeLoad: guardPage(PageKind.AUTHENTICATED),
  loader: () => ensureWorkspaces().catch(() => []),
  component: CreateWorkspacePage,
});

const invitationsRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invitations',
  beforeLoad: guardPage(PageKind.AUTHENTICATED),
  component: InvitationsPage,
});

const workspaceInvitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/workspace-invitations',
  validateSearch: pickSearch('invitation_id', 'slug', 'token', 'email'),
  beforeLoad: guardPage(PageKind.PUBLIC),
  component: function WorkspaceInvitationRoute() {
    return <WorkspaceInvitationPage search={workspaceInvitationRoute.useSearch()} />;
  },
});

const profileRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/profile',
  beforeLoad: guardPage(PageKind.AUTHENTICATED),
  loader: () => ensureWorkspaces().catch(() => []),
  component: ProfilePage,
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  component: AdminPage,
});

const workspaceRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$workspaceSlug',
  beforeLoad: guardPage(PageKind.AUTHENTICATED),
  loader: () => ensureWorkspaces(),
  component: function WorkspaceRoute() {
    return <WorkspaceLayout workspaceSlug={workspaceRoute.useParams().workspaceSlug} />;
  },
});

const workspaceHomeRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: '/',
  component: function WorkspaceHomeRoute() {
    return <WorkspaceHomePage workspaceSlug={workspaceRoute.useParams().workspaceSlug} />;
  },
});

const membersSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/members',
  component: function MembersSettingsRoute() {
    return <MembersSettingsPage workspaceSlug={workspaceRoute.useParams().workspaceSlug} />;
  },
});

const invitationsSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/invitations',
  component: function InvitationsSettingsRoute() {
    return <InvitationsSettingsPage workspaceSlug={workspaceRoute.useParams().workspaceSlug} />;
  },
});

const apiTokensSettingsRoute = createRoute({
  getParentRoute: () => workspaceRoute,
  path: 'settings/api-tokens',
  component: function ApiTokensSettingsRoute() {
    return <ApiTokensSettingsPage workspaceSlug={workspaceRoute.useParams().workspaceSlug} />;
  },
});

const pagesRoutes = createPagesRoutes(workspaceRoute);
const workRoutes = createWorkRoutes(workspaceRoute);

export const routeTree = rootRoute.addChildren([
  signInRoute,
  signUpRoute,
  legacySignInRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  setPasswordRoute,
  onboardingRoute,
  createWorkspaceRoute,
  invitationsRoute,
  workspaceInvitationRoute,
  profileRoute,
  adminRoute,
  workspaceRoute.addChildren([workspaceHomeRoute, membersSettingsRoute, invitationsSettingsRoute, apiTokensSettingsRoute, ...pagesRoutes, ...workRoutes]),
]);

/** Builds the app's router (tests pass their own history). */
export function createAppRouter(options: { history?: Parameters<typeof createRouter>[0]['history'] } = {}) {
  return createRouter({
    routeTree,
    history: options.history,
    defaultPendingComponent: PageLoader,
    // Every route gets its own boundary: a failing child leaves its parents rendered.
    defaultErrorComponent: RouteError,
    defaultPendingMs: 200,
    defaultPreload: false,
    scrollRestoration: true,
  });
}

export type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
