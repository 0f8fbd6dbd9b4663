/**
 * The web module that draws each screen (`SCREENS`), as Vite's build manifest names it (relative to
 * apps/web): the server names its code in the page's Link header (decision 022), and a web test
 * checks that the router's lazy import of the screen is this module (decision 062). Apart from
 * `SCREENS`, which the web's entry chunk carries: the web has these in its `import()`s.
 */
import type { ScreenId } from './screens.js';

export const SCREEN_PAGES = {
  dashboard: 'src/app/dashboard-route.tsx',
  auth: 'src/features/auth/pages/auth-page.tsx',
  socialCallback: 'src/features/auth/pages/social-callback-page.tsx',
  forgotPassword: 'src/features/auth/pages/forgot-password-page.tsx',
  flocks: 'src/features/flocks/pages/flocks-page.tsx',
  eggs: 'src/features/eggs/pages/eggs-page.tsx',
  eggDay: 'src/features/eggs/pages/egg-day-page.tsx',
  sales: 'src/features/sales/pages/sales-page.tsx',
  debtors: 'src/features/sales/pages/debtors-page.tsx',
  expenses: 'src/features/expenses/pages/expenses-page.tsx',
  reports: 'src/features/reports/pages/reports-page.tsx',
  userRegistration: 'src/features/staff/pages/user-registration-page.tsx',
  inventory: 'src/features/inventory/pages/inventory-page.tsx',
  stockCount: 'src/features/stock-counts/pages/stock-count-page.tsx',
  profile: 'src/features/profile/pages/profile-page.tsx',
  vaccinations: 'src/features/vaccinations/pages/vaccinations-page.tsx',
  finances: 'src/features/finance/pages/finance-page.tsx',
  summaries: 'src/features/summaries/pages/summaries-page.tsx',
  billing: 'src/features/billing/pages/billing-page.tsx',
  onboarding: 'src/features/onboarding/pages/onboarding-page.tsx',
  contact: 'src/features/contact/pages/contact-page.tsx',
  paymentCallback: 'src/features/billing/pages/payment-callback-page.tsx',
} as const satisfies Record<ScreenId, `src/${string}.tsx`>;
