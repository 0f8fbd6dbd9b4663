/** The one home of the web app's URLs (docs/product.md §2 route table). `path` is the router pattern. */

/** Only same-app paths may be a return target, never another origin ('//evil.example'). */
export function safeRedirectTarget(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return paths.dashboard.getHref();
  return target;
}

export const paths = {
  dashboard: { path: '/', getHref: () => '/' },
  auth: {
    path: '/auth',
    /** `redirectTo` is where a successful login returns to. */
    getHref: (redirectTo?: string) =>
      redirectTo && redirectTo !== '/' ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : '/auth',
  },
  socialCallback: {
    path: '/auth/:provider/callback',
    getHref: (provider: string) => `/auth/${encodeURIComponent(provider)}/callback`,
  },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  flocks: { path: '/bird-management', getHref: () => '/bird-management' },
  eggs: { path: '/egg-production', getHref: () => '/egg-production' },
  // Every laying flock's eggs of a day on one screen (beyond the first plan: decision 054).
  eggDay: { path: '/egg-production/today', getHref: () => '/egg-production/today' },
  sales: { path: '/sales-management', getHref: () => '/sales-management' },
  // Who owes: the pending sales by buyer (beyond the first plan: decision 055).
  debtors: { path: '/sales-management/debtors', getHref: () => '/sales-management/debtors' },
  expenses: { path: '/expenses', getHref: () => '/expenses' },
  reports: { path: '/reports', getHref: () => '/reports' },
  userRegistration: { path: '/user-registration', getHref: () => '/user-registration' },
  inventory: { path: '/inventory', getHref: () => '/inventory' },
  profile: { path: '/my-profile', getHref: () => '/my-profile' },
  vaccinations: {
    path: '/vaccination/:flockId?',
    /**
     * Without a flock: every flock (the navigation links with all=true). A filter other
     * than 'all' opens the history filtered (decision 054).
     */
    getHref: (flockId?: number | string, filter?: string) => {
      const base = flockId === undefined ? '/vaccination?all=true' : `/vaccination/${encodeURIComponent(String(flockId))}`;
      if (!filter || filter === 'all') return base;
      return `${base}${base.includes('?') ? '&' : '?'}filter=${encodeURIComponent(filter)}`;
    },
  },
  finances: { path: '/finances', getHref: () => '/finances' },
  billing: { path: '/billing', getHref: () => '/billing' },
  onboarding: { path: '/onboarding', getHref: () => '/onboarding' },
  contact: { path: '/contact', getHref: () => '/contact' },
  // The product's /{card-provider}-callback; the card provider is Paystack-shaped (docs/design.md §6).
  paymentCallback: {
    path: '/paystack-callback',
    getHref: (reference?: string) =>
      reference ? `/paystack-callback?reference=${encodeURIComponent(reference)}` : '/paystack-callback',
  },
} as const;
