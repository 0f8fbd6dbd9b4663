import type { ScreenId } from '@kuku/domain/screens';
import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs } from 'react-router';

/** What the web adds to a screen of the domain's table (`SCREENS`, decision 062). */
export interface ScreenCode {
  /**
   * The screen's page, loaded on first use (the route's `lazy`): every screen is its own chunk, so
   * the first screen downloads only the shell and itself (docs/design.md §9: 170 KB of JS gzip at
   * most). A static `import()` Vite can see, of the module `SCREENS[id].page` names (the server
   * preloads that one; a test checks they are the same).
   */
  lazy: () => Promise<{ Component: ComponentType }>;
  /**
   * The first queries of a signed-in screen, started by its route's loader beside its code
   * (decision 022): each feature's `api.ts` says what its screen asks for first.
   */
  prefetch?: (queryClient: QueryClient, args: LoaderFunctionArgs) => Promise<unknown>;
}

/**
 * Every screen's page and first queries. The nav icons are in the shell's chunk
 * (`shell/nav-links.tsx`): here they would be in the entry.
 */
export const SCREEN_CODE = {
  dashboard: {
    lazy: () => import('./dashboard-route').then((m) => ({ Component: m.DashboardRoute })),
    prefetch: (queryClient) =>
      Promise.all([
        import('../features/today/api').then((m) => m.prefetchToday(queryClient)),
        import('../features/dashboard/api').then((m) => m.prefetchDashboardScreen(queryClient)),
      ]),
  },
  auth: { lazy: () => import('../features/auth/pages/auth-page').then((m) => ({ Component: m.AuthPage })) },
  socialCallback: {
    lazy: () => import('../features/auth/pages/social-callback-page').then((m) => ({ Component: m.SocialCallbackPage })),
  },
  forgotPassword: {
    lazy: () => import('../features/auth/pages/forgot-password-page').then((m) => ({ Component: m.ForgotPasswordPage })),
  },
  flocks: {
    lazy: () => import('../features/flocks/pages/flocks-page').then((m) => ({ Component: m.FlocksPage })),
    prefetch: (queryClient) => import('../features/flocks/api').then((m) => m.prefetchFlocksScreen(queryClient)),
  },
  eggs: {
    lazy: () => import('../features/eggs/pages/eggs-page').then((m) => ({ Component: m.EggsPage })),
    prefetch: (queryClient) => import('../features/eggs/api').then((m) => m.prefetchEggsScreen(queryClient)),
  },
  eggDay: {
    lazy: () => import('../features/eggs/pages/egg-day-page').then((m) => ({ Component: m.EggDayPage })),
    prefetch: (queryClient) => import('../features/eggs/api').then((m) => m.prefetchEggDayScreen(queryClient)),
  },
  sales: {
    lazy: () => import('../features/sales/pages/sales-page').then((m) => ({ Component: m.SalesPage })),
    prefetch: (queryClient) => import('../features/sales/api').then((m) => m.prefetchSalesScreen(queryClient)),
  },
  debtors: {
    lazy: () => import('../features/sales/pages/debtors-page').then((m) => ({ Component: m.DebtorsPage })),
    prefetch: (queryClient) => import('../features/sales/api').then((m) => m.prefetchDebtorsScreen(queryClient)),
  },
  expenses: {
    lazy: () => import('../features/expenses/pages/expenses-page').then((m) => ({ Component: m.ExpensesPage })),
    prefetch: (queryClient) => import('../features/expenses/api').then((m) => m.prefetchExpensesScreen(queryClient)),
  },
  reports: {
    lazy: () => import('../features/reports/pages/reports-page').then((m) => ({ Component: m.ReportsPage })),
    prefetch: (queryClient) => import('../features/reports/api').then((m) => m.prefetchReportsScreen(queryClient)),
  },
  userRegistration: {
    lazy: () => import('../features/staff/pages/user-registration-page').then((m) => ({ Component: m.UserRegistrationPage })),
    prefetch: (queryClient) => import('../features/staff/api').then((m) => m.prefetchStaffScreen(queryClient)),
  },
  inventory: {
    lazy: () => import('../features/inventory/pages/inventory-page').then((m) => ({ Component: m.InventoryPage })),
    prefetch: (queryClient) => import('../features/inventory/api').then((m) => m.prefetchInventoryScreen(queryClient)),
  },
  stockCount: {
    lazy: () => import('../features/stock-counts/pages/stock-count-page').then((m) => ({ Component: m.StockCountPage })),
    prefetch: (queryClient) => import('../features/stock-counts/api').then((m) => m.prefetchStockCountScreen(queryClient)),
  },
  profile: { lazy: () => import('../features/profile/pages/profile-page').then((m) => ({ Component: m.ProfilePage })) },
  vaccinations: {
    lazy: () => import('../features/vaccinations/pages/vaccinations-page').then((m) => ({ Component: m.VaccinationsPage })),
    prefetch: (queryClient, { params, request }) =>
      import('../features/vaccinations/api').then((m) =>
        m.prefetchVaccinationsScreen(queryClient, params.flockId, new URL(request.url).searchParams.get('filter')),
      ),
  },
  finances: {
    lazy: () => import('../features/finance/pages/finance-page').then((m) => ({ Component: m.FinancePage })),
    prefetch: (queryClient) => import('../features/finance/api').then((m) => m.prefetchFinanceScreen(queryClient)),
  },
  summaries: {
    lazy: () => import('../features/summaries/pages/summaries-page').then((m) => ({ Component: m.SummariesPage })),
    prefetch: (queryClient, { request }) =>
      import('../features/summaries/api').then((m) => {
        const id = Number(new URL(request.url).searchParams.get('id'));
        m.prefetchSummariesScreen(queryClient, Number.isSafeInteger(id) && id > 0 ? id : null);
      }),
  },
  billing: {
    lazy: () => import('../features/billing/pages/billing-page').then((m) => ({ Component: m.BillingPage })),
    prefetch: (queryClient) => import('../features/billing/api').then((m) => m.prefetchBillingScreen(queryClient)),
  },
  onboarding: {
    lazy: () => import('../features/onboarding/pages/onboarding-page').then((m) => ({ Component: m.OnboardingPage })),
    prefetch: (queryClient) => import('../features/onboarding/api').then((m) => m.prefetchOnboardingScreen(queryClient)),
  },
  contact: { lazy: () => import('../features/contact/pages/contact-page').then((m) => ({ Component: m.ContactPage })) },
  paymentCallback: {
    lazy: () => import('../features/billing/pages/payment-callback-page').then((m) => ({ Component: m.PaymentCallbackPage })),
  },
} satisfies Record<ScreenId, ScreenCode> as Record<ScreenId, ScreenCode>;
