import type { User } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { currentUserKey, currentUserQueryOptions } from '../lib/current-user';
import { hasToken } from '../lib/session';
import { FullPageMessage } from '../ui/full-page-message';
import { redirectIfSignedInLoader } from './guards/redirect-if-signed-in';
import { requireAuthLoader } from './guards/require-auth';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import type { RouteHandle } from './route-handle';
import { RootErrorPage, RootLayout } from './shell/root-layout';

const handle = (title: string): RouteHandle => ({ title });

function Authenticating() {
  return <FullPageMessage message="Authenticating..." />;
}

function Starting() {
  return <FullPageMessage message="Loading..." />;
}

/**
 * A screen's loader that starts its first queries beside its code (decision 022): without it
 * the data waited for the chunk, the session check and the first render. It waits for
 * nothing and answers nothing; signed out, the guard sends the visitor to /auth instead.
 * A role that may not open the screen asks for none of its data (the shell says so in its
 * place, decision 039); the role table comes with the shell's code, not the entry's.
 */
function prefetchData(queryClient: QueryClient, start: (args: LoaderFunctionArgs) => Promise<unknown>) {
  return (args: LoaderFunctionArgs) => {
    if (!hasToken()) return null;
    const { pathname } = new URL(args.request.url);
    // On a cold start the user is not known yet: the role is checked once the session's answer
    // is in (the page's early request, decision 043, usually already on its way), so a role that
    // may not open the screen never asks for its data (no 403s).
    const user = queryClient.getQueryData<User>(currentUserKey);
    const known = user ? Promise.resolve(user) : queryClient.ensureQueryData(currentUserQueryOptions());
    const allowed = Promise.all([known, import('./guards/screen-access')]).then(([u, { canOpen }]) => canOpen(u.role, pathname));
    allowed.then((yes) => (yes ? start(args) : undefined)).catch(() => undefined);
    return null;
  };
}

/**
 * docs/product.md §2's route table. Every screen is its own chunk (route `lazy`), so the first screen
 * downloads only the shell and itself (docs/design.md §9: 170 KB of JS gzip at most).
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: Starting,
      ErrorBoundary: RootErrorPage,
      children: [
        {
          path: paths.auth.path,
          handle: handle('Login'),
          loader: redirectIfSignedInLoader(queryClient),
          HydrateFallback: Starting,
          lazy: () => import('../features/auth/pages/auth-page').then((m) => ({ Component: m.AuthPage })),
        },
        {
          path: paths.socialCallback.path,
          handle: handle('Signing in'),
          lazy: () =>
            import('../features/auth/pages/social-callback-page').then((m) => ({ Component: m.SocialCallbackPage })),
        },
        {
          path: paths.forgotPassword.path,
          handle: handle('Forgot password'),
          lazy: () =>
            import('../features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
        },
        {
          id: 'protected',
          loader: requireAuthLoader(queryClient),
          // The guard runs on every navigation, so an unpaid account cannot leave /billing.
          shouldRevalidate: () => true,
          HydrateFallback: Authenticating,
          // Its own chunk: /auth, the first screen of a signed-out visitor, needs none of the shell.
          lazy: () => import('./shell/app-layout').then((m) => ({ Component: m.AppLayout })),
          children: [
            {
              // Errors of a screen show inside the shell, with the navigation still there.
              ErrorBoundary: RouteErrorPage,
              children: [
                {
                  index: true,
                  handle: handle('Dashboard'),
                  loader: prefetchData(queryClient, () =>
                    Promise.all([
                      import('../features/today/api').then((m) => m.prefetchToday(queryClient)),
                      import('../features/dashboard/api').then((m) => m.prefetchDashboardScreen(queryClient)),
                    ]),
                  ),
                  lazy: () => import('./dashboard-route').then((m) => ({ Component: m.DashboardRoute })),
                },
                {
                  path: paths.flocks.path,
                  handle: handle('Flock Management'),
                  loader: prefetchData(queryClient, () =>
                    import('../features/flocks/api').then((m) => m.prefetchFlocksScreen(queryClient)),
                  ),
                  lazy: () => import('../features/flocks/pages/flocks-page').then((m) => ({ Component: m.FlocksPage })),
                },
                {
                  path: paths.eggs.path,
                  handle: handle('Egg Production'),
                  loader: prefetchData(queryClient, () => import('../features/eggs/api').then((m) => m.prefetchEggsScreen(queryClient))),
                  lazy: () => import('../features/eggs/pages/eggs-page').then((m) => ({ Component: m.EggsPage })),
                },
                {
                  path: paths.eggDay.path,
                  handle: handle("Record today's eggs"),
                  loader: prefetchData(queryClient, () => import('../features/eggs/api').then((m) => m.prefetchEggDayScreen(queryClient))),
                  lazy: () => import('../features/eggs/pages/egg-day-page').then((m) => ({ Component: m.EggDayPage })),
                },
                {
                  path: paths.sales.path,
                  handle: handle('Sales'),
                  loader: prefetchData(queryClient, () => import('../features/sales/api').then((m) => m.prefetchSalesScreen(queryClient))),
                  lazy: () => import('../features/sales/pages/sales-page').then((m) => ({ Component: m.SalesPage })),
                },
                {
                  path: paths.debtors.path,
                  handle: handle('Who owes'),
                  loader: prefetchData(queryClient, () => import('../features/sales/api').then((m) => m.prefetchDebtorsScreen(queryClient))),
                  lazy: () => import('../features/sales/pages/debtors-page').then((m) => ({ Component: m.DebtorsPage })),
                },
                {
                  path: paths.expenses.path,
                  handle: handle('Expenses'),
                  loader: prefetchData(queryClient, () => import('../features/expenses/api').then((m) => m.prefetchExpensesScreen(queryClient))),
                  lazy: () =>
                    import('../features/expenses/pages/expenses-page').then((m) => ({ Component: m.ExpensesPage })),
                },
                {
                  path: paths.reports.path,
                  handle: handle('Reports'),
                  loader: prefetchData(queryClient, () => import('../features/reports/api').then((m) => m.prefetchReportsScreen(queryClient))),
                  lazy: () =>
                    import('../features/reports/pages/reports-page').then((m) => ({ Component: m.ReportsPage })),
                },
                {
                  path: paths.userRegistration.path,
                  handle: handle('User Registration'),
                  loader: prefetchData(queryClient, () => import('../features/staff/api').then((m) => m.prefetchStaffScreen(queryClient))),
                  lazy: () =>
                    import('../features/staff/pages/user-registration-page').then((m) => ({
                      Component: m.UserRegistrationPage,
                    })),
                },
                {
                  path: paths.inventory.path,
                  handle: handle('Inventory'),
                  loader: prefetchData(queryClient, () => import('../features/inventory/api').then((m) => m.prefetchInventoryScreen(queryClient))),
                  lazy: () =>
                    import('../features/inventory/pages/inventory-page').then((m) => ({ Component: m.InventoryPage })),
                },
                {
                  path: paths.profile.path,
                  handle: handle('My Profile'),
                  lazy: () =>
                    import('../features/profile/pages/profile-page').then((m) => ({ Component: m.ProfilePage })),
                },
                {
                  path: paths.vaccinations.path,
                  handle: handle('Vaccinations'),
                  loader: prefetchData(queryClient, ({ params, request }) =>
                    import('../features/vaccinations/api').then((m) =>
                      m.prefetchVaccinationsScreen(queryClient, params.flockId, new URL(request.url).searchParams.get('filter')),
                    ),
                  ),
                  lazy: () =>
                    import('../features/vaccinations/pages/vaccinations-page').then((m) => ({
                      Component: m.VaccinationsPage,
                    })),
                },
                {
                  path: paths.finances.path,
                  handle: handle('Finances'),
                  loader: prefetchData(queryClient, () => import('../features/finance/api').then((m) => m.prefetchFinanceScreen(queryClient))),
                  lazy: () => import('../features/finance/pages/finance-page').then((m) => ({ Component: m.FinancePage })),
                },
                {
                  path: paths.billing.path,
                  handle: handle('Billing'),
                  loader: prefetchData(queryClient, () => import('../features/billing/api').then((m) => m.prefetchBillingScreen(queryClient))),
                  lazy: () => import('../features/billing/pages/billing-page').then((m) => ({ Component: m.BillingPage })),
                },
                {
                  path: paths.onboarding.path,
                  handle: handle('Getting Started'),
                  loader: prefetchData(queryClient, () => import('../features/onboarding/api').then((m) => m.prefetchOnboardingScreen(queryClient))),
                  lazy: () =>
                    import('../features/onboarding/pages/onboarding-page').then((m) => ({
                      Component: m.OnboardingPage,
                    })),
                },
                {
                  path: paths.contact.path,
                  handle: handle('Contact'),
                  lazy: () => import('../features/contact/pages/contact-page').then((m) => ({ Component: m.ContactPage })),
                },
                {
                  path: paths.paymentCallback.path,
                  handle: handle('Payment Status'),
                  lazy: () =>
                    import('../features/billing/pages/payment-callback-page').then((m) => ({
                      Component: m.PaymentCallbackPage,
                    })),
                },
              ],
            },
          ],
        },
        {
          path: '*',
          handle: handle('Page not found'),
          // In the entry chunk already: the error page shows it for a 404 answer.
          Component: NotFoundPage,
        },
      ],
    },
  ];
}

export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}

export type AppRouter = ReturnType<typeof createAppRouter>;
