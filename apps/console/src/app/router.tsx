/** Every route of docs/product.md#routes; each screen is its own lazily loaded chunk. */
import { paths } from '@vitrine/contracts/paths';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { PageSpinner } from '@/components/ui/spinner';
import { RootLayout } from './layouts/root-layout';
import { RouteError } from './routes/route-error';

const publicRoutes: RouteObject[] = [
  // The welcome page and the blog are rendered by the server (modules/site); a navigation inside the
  // console to one of them loads it from there.
  ...[{ index: true }, { path: paths.blog }, { path: paths.blogPost(':slug') }].map((route) => ({
    ...route,
    lazy: async () => ({ Component: (await import('./routes/server-page')).ServerPageRoute }),
  })),
  {
    path: paths.success,
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/register-success')).RegisterSuccessRoute,
    }),
  },
  ...[paths.demo, paths.demoAlias].map((path) => ({
    path,
    lazy: async () => ({ Component: (await import('@/features/marketing/routes/demo')).DemoRoute }),
  })),
  {
    path: paths.accounts,
    lazy: async () => ({ Component: (await import('@/features/accounts/routes/accounts')).AccountsRoute }),
  },
  {
    path: paths.createAccount,
    lazy: async () => ({
      Component: (await import('@/features/accounts/routes/create-account')).CreateAccountRoute,
    }),
  },
];

const authRoutes: RouteObject[] = [
  ...[paths.login, paths.loginAlias].map((path) => ({
    path,
    lazy: async () => ({ Component: (await import('@/features/auth/routes/login')).LoginRoute }),
  })),
  {
    path: paths.register,
    lazy: async () => ({ Component: (await import('@/features/auth/routes/register')).RegisterRoute }),
  },
  {
    path: paths.invitation,
    lazy: async () => ({
      Component: (await import('@/features/users/routes/invitation')).InvitationRoute,
    }),
  },
  {
    path: paths.forgotPassword,
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/forgot-password')).ForgotPasswordRoute,
    }),
  },
  {
    path: paths.resetPassword,
    lazy: async () => ({
      Component: (await import('@/features/auth/routes/reset-password')).ResetPasswordRoute,
    }),
  },
];

const protectedRoutes: RouteObject[] = [
  {
    path: paths.account,
    lazy: async () => ({ Component: (await import('@/features/accounts/routes/account')).AccountRoute }),
  },
  {
    path: paths.dashboard,
    lazy: async () => ({ Component: (await import('@/features/dashboard/routes/dashboard')).DashboardRoute }),
  },
  {
    path: paths.pages,
    lazy: async () => ({ Component: (await import('@/features/pages/routes/pages')).PagesRoute }),
  },
  {
    path: paths.page(':id'),
    lazy: async () => ({ Component: (await import('@/features/pages/routes/page-detail')).PageDetailRoute }),
  },
  {
    path: paths.preferences,
    lazy: async () => ({
      Component: (await import('@/features/preferences/routes/preferences')).PreferencesRoute,
    }),
  },
  {
    path: paths.integrations,
    lazy: async () => ({
      Component: (await import('@/features/integrations/routes/integrations')).IntegrationsRoute,
    }),
  },
  {
    path: paths.leadSources,
    lazy: async () => ({
      Component: (await import('@/features/lead-sources/routes/lead-sources-route')).LeadSourcesRoute,
    }),
  },
  {
    path: paths.feeds,
    lazy: async () => ({ Component: (await import('@/features/feeds/routes/feeds')).FeedsRoute }),
  },
  {
    path: paths.conversions,
    lazy: async () => ({
      Component: (await import('@/features/conversions/routes/conversions')).ConversionsRoute,
    }),
  },
  {
    path: paths.leads,
    lazy: async () => ({ Component: (await import('@/features/leads/routes/leads')).LeadsRoute }),
  },
  {
    path: paths.analytics,
    lazy: async () => ({ Component: (await import('@/features/analytics/routes/analytics')).AnalyticsRoute }),
  },
  {
    path: paths.analyticsSession(':sessionId'),
    lazy: async () => ({
      Component: (await import('@/features/analytics/routes/analytics-session')).AnalyticsSessionRoute,
    }),
  },
  {
    path: paths.subscription,
    lazy: async () => ({
      Component: (await import('@/features/subscription/routes/subscription')).SubscriptionRoute,
    }),
  },
  {
    path: paths.users,
    lazy: async () => ({ Component: (await import('@/features/users/routes/users')).UsersRoute }),
  },
  {
    path: paths.privacy,
    lazy: async () => ({ Component: (await import('@/features/privacy/routes/privacy')).PrivacyRoute }),
  },
];

export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: PageSpinner,
    children: [
      {
        lazy: async () => ({ Component: (await import('./layouts/public-layout')).PublicLayout }),
        children: publicRoutes,
      },
      ...authRoutes,
      {
        lazy: async () => ({ Component: (await import('./layouts/dashboard-layout')).DashboardLayout }),
        // The help button sits where it covers no content (root-layout.tsx).
        handle: { shell: true },
        children: protectedRoutes,
      },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
