import type { QueryClient } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../lib/current-user';
import { hasToken } from '../lib/session';
import { paths } from './paths';

export type ScreenParams = Readonly<Record<string, string | undefined>>;
type Requests = (queryClient: QueryClient, params: ScreenParams) => Promise<unknown>;

/**
 * What each screen asks for first, by its route pattern (decision 022). The route's loader
 * starts it on a navigation; at a cold start `startFirstRequests` does, before the router exists.
 * Each module named here loads without React's code (decision 042).
 */
export const SCREEN_REQUESTS: Readonly<Record<string, Requests>> = {
  [paths.dashboard.path]: (queryClient) => import('../features/dashboard/api').then((m) => m.prefetchDashboardScreen(queryClient)),
  [paths.flocks.path]: (queryClient) => import('../features/flocks/api').then((m) => m.prefetchFlocksScreen(queryClient)),
  [paths.eggs.path]: (queryClient) => import('../features/eggs/api').then((m) => m.prefetchEggsScreen(queryClient)),
  [paths.sales.path]: (queryClient) => import('../features/sales/api').then((m) => m.prefetchSalesScreen(queryClient)),
  [paths.expenses.path]: (queryClient) => import('../features/expenses/api').then((m) => m.prefetchExpensesScreen(queryClient)),
  [paths.reports.path]: (queryClient) => import('../features/reports/api').then((m) => m.prefetchReportsScreen(queryClient)),
  [paths.userRegistration.path]: (queryClient) => import('../features/staff/api').then((m) => m.prefetchStaffScreen(queryClient)),
  [paths.inventory.path]: (queryClient) => import('../features/inventory/api').then((m) => m.prefetchInventoryScreen(queryClient)),
  [paths.vaccinations.path]: (queryClient, params) =>
    import('../features/vaccinations/api').then((m) => m.prefetchVaccinationsScreen(queryClient, params.flockId)),
  [paths.finances.path]: (queryClient) => import('../features/finance/api').then((m) => m.prefetchFinanceScreen(queryClient)),
  [paths.billing.path]: (queryClient) => import('../features/billing/api').then((m) => m.prefetchBillingScreen(queryClient)),
  [paths.onboarding.path]: (queryClient) => import('../features/onboarding/api').then((m) => m.prefetchOnboardingScreen(queryClient)),
};

let coldStart: string | null = null;

/**
 * True once, for the address the app started on: its screen's requests are out already, and
 * the router's first loader has nothing to start (not even the role check's code).
 */
export function takeColdStart(pathname: string): boolean {
  const first = coldStart === pathname;
  coldStart = null;
  return first;
}

/** The screens a visitor opens signed out; every other screen of `paths` is inside the signed-in shell. */
const SIGNED_OUT = new Set<string>([paths.auth.path, paths.socialCallback.path, paths.forgotPassword.path]);

/**
 * The params of `pathname` under a route pattern of `paths` (`:name`, `:name?`), or null. The
 * router's own matcher comes with the router's code, which this runs before (decision 042).
 */
export function matchScreen(pattern: string, pathname: string): ScreenParams | null {
  const names: string[] = [];
  const source = pattern.replace(/\/:(\w+)(\?)?/g, (_, name: string, optional: string | undefined) => {
    names.push(name);
    return optional ? '(?:/([^/]+))?' : '/([^/]+)';
  });
  const found = new RegExp(`^${source}/?$`).exec(pathname);
  if (!found) return null;
  try {
    return Object.fromEntries(
      names.map((name, i) => {
        const value = found[i + 1];
        return [name, value === undefined ? undefined : decodeURIComponent(value)];
      }),
    );
  } catch {
    // A malformed escape ('%E0'): the router shows its own error for it; nothing to start here.
    return null;
  }
}

/**
 * At a cold start, the first screen's requests go out as soon as this small entry has run, while
 * the browser is still downloading React, the router and Mantine (decision 042): the user, the
 * bell's notifications and the screen's data for a signed-in screen; the sign-in choices on
 * /auth. The router's guard and loaders then find them answered or on their way (TanStack
 * Query shares a request in flight), so none is asked for twice.
 */
export function startFirstRequests(queryClient: QueryClient, pathname: string): void {
  coldStart = pathname;
  for (const pattern of Object.values(paths).map((route) => route.path)) {
    const params = matchScreen(pattern, pathname);
    if (!params) continue;
    if (SIGNED_OUT.has(pattern)) {
      if (pattern === paths.auth.path && !hasToken()) {
        void import('../features/auth/social-providers')
          .then((m) => m.prefetchSocialProviders(queryClient))
          .catch(() => undefined);
      }
      return;
    }
    if (!hasToken()) return;
    void queryClient.prefetchQuery(currentUserQueryOptions());
    // A failure here is no failure: the guard and the loaders ask again, and say so.
    void import('../features/notifications/api')
      .then((m) => m.prefetchNotifications(queryClient))
      .catch(() => undefined);
    void SCREEN_REQUESTS[pattern]?.(queryClient, params).catch(() => undefined);
    return;
  }
}
