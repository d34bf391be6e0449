// The route tree (TanStack Router, code-based). Each page route declares its page kind through
// `guardPage`, so redirects happen before anything renders.
import { createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { AuthMode } from '../auth/auth-flow';
import { PageLoader } from '../components/feedback';
import { ensureInstance, fetchAdminSession } from '../stores/instance-store';
import { ensureSession } from '../stores/session-store';
import { ensureWorkspaces } from '../stores/workspace-store';
import { guardPage } from './guard';
import { PageKind } from './page-kinds';
import { ForgotPasswordPage, ResetPasswordPage, SetPasswordPage } from './password-pages';
import { RouteError, rootRoute } from './root-route';
import { settingsRoutes } from './settings-routes';
import { inboxWorkspaceRoutes } from './inbox-routes';
import { analyticsRoutes } from './analytics-routes';
import { SignInPage } from './sign-in-page';

// Screens a visit rarely starts on load on demand, keeping the first screen's JavaScript small.
const OnboardingPage = lazyRouteComponent(() => import('./onboarding-page'), 'OnboardingPage');
const ProfilePage = lazyRouteComponent(() => import('./profile-page'), 'ProfilePage');
const AdminPage = lazyRouteComponent(() => import('./admin-page'), 'AdminPage');
const CreateWorkspacePage = lazyRouteComponent(() => import('./workspace-entry-pages'), 'CreateWorkspacePage');
const InvitationsPage = lazyRouteComponent(() => import('./workspace-entry-pages'), 'InvitationsPage');
const WorkspaceInvitationPage = lazyRouteComponent(() => import('./workspace-entry-pages'), 'WorkspaceInvitationPage');
import { workRoutes } from './work-routes';
import { workspaceHomeRoute, workspaceRoute } from './workspace-route';

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
  loader: async () => {
    await ensureWorkspaces();
  },
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
  loader: async () => {
    await ensureWorkspaces();
  },
  component: ProfilePage,
});

const adminRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/admin',
  // The instance decides between the set-up form and the admin screens; once set up, whether an
  // admin is signed in (401/403 just mean "no"). The signed-in person's session is loaded too, so
  // their theme and language apply here as on every other screen (theme-sync and i18n follow it);
  // a failed look-up leaves the admin screens in the system theme rather than failing them.
  loader: async () => {
    const instance = await ensureInstance();
    if (instance.isSetupDone) await Promise.all([fetchAdminSession(), ensureSession().catch(() => undefined)]);
  },
  component: AdminPage,
});

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
  workspaceRoute.addChildren([workspaceHomeRoute, ...settingsRoutes, ...workRoutes, ...inboxWorkspaceRoutes, ...analyticsRoutes]),
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
    // The router's default keeps a pending screen up for at least 500 ms once shown: a start whose
    // loaders took 250 ms then sat idle until 700 ms. The pending screen is the app shell with a
    // spinner (screen-states.tsx), so swapping it for the screen early does not flash.
    defaultPendingMinMs: 0,
    defaultPreload: false,
    scrollRestoration: true,
  });
}

type AppRouter = ReturnType<typeof createAppRouter>;

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter;
  }
}
