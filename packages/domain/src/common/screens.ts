/**
 * The app's screens (docs/product.md §2's route table), each written once: its address, its title
 * (the breadcrumb's, the browser tab's and the navigation's), the permission a role needs to open
 * it and whether it needs a session (decision 062). The web's router, navigation and `paths`,
 * `SCREEN_PERMISSIONS` (roles.ts), the server's page preload, the Lighthouse bench and the
 * journeys read it; what each screen's page is, `SCREEN_PAGES`, and its navigation entry, the
 * web's `app/shell/nav-links.tsx`, are keyed by its id.
 *
 * No zod and no React, and only what the web's entry chunk needs: the router imports this module
 * by itself (`@kuku/domain/screens`), not through the package's index (decision 017), and every
 * byte here is on every first screen.
 */
import type { Permission } from './roles.js';
import { words, type Catalogues } from './words.js';

export interface ScreenEntry {
  /** The router's pattern: `:name` a parameter, a `?` after it an optional one. */
  readonly path: string;
  /** The breadcrumb's and the tab's title ('{title} — Kuku'), and the navigation's label. */
  readonly title: string;
  /** What a role needs to open it (docs/design.md §6), checked by the address's first segment (canOpen); none: every role. */
  readonly permission?: Permission;
  /** Needs a session: the page renders inside the signed-in shell. Without, a signed-out visitor's screen. */
  readonly signedIn: boolean;
  /** The address, for a screen whose path takes parameters or a query; without it, the path itself. */
  readonly href?: (...args: never[]) => string;
}

/** In docs/product.md §2's order (the router, the bench and the journeys keep it). */
export const SCREENS = {
  dashboard: { path: '/', title: 'Dashboard', signedIn: true },
  auth: {
    path: '/auth',
    title: 'Login',
    signedIn: false,
    /** `redirectTo` is where a successful login returns to. */
    href: (redirectTo?: string) =>
      redirectTo && redirectTo !== '/' ? `/auth?redirectTo=${encodeURIComponent(redirectTo)}` : '/auth',
  },
  socialCallback: {
    path: '/auth/:provider/callback',
    title: 'Signing in',
    signedIn: false,
    href: (provider: string) => `/auth/${encodeURIComponent(provider)}/callback`,
  },
  forgotPassword: { path: '/forgot-password', title: 'Forgot password', signedIn: false },
  flocks: { path: '/bird-management', title: 'Flock Management', permission: 'flocks.read', signedIn: true },
  eggs: { path: '/egg-production', title: 'Egg Production', permission: 'eggs.read', signedIn: true },
  // Every laying flock's eggs of a day on one screen (beyond the first plan: decision 054).
  eggDay: { path: '/egg-production/today', title: "Record today's eggs", permission: 'eggs.read', signedIn: true },
  sales: { path: '/sales-management', title: 'Sales', permission: 'sales.read', signedIn: true },
  // Who owes: the pending sales by buyer (beyond the first plan: decision 055).
  debtors: { path: '/sales-management/debtors', title: 'Who owes', permission: 'sales.read', signedIn: true },
  expenses: { path: '/expenses', title: 'Expenses', permission: 'expenses.read', signedIn: true },
  reports: { path: '/reports', title: 'Reports', permission: 'reports.read', signedIn: true },
  userRegistration: { path: '/user-registration', title: 'User Registration', permission: 'staff', signedIn: true },
  inventory: { path: '/inventory', title: 'Inventory', permission: 'inventory.read', signedIn: true },
  // A count of the eggs, feed and birds, and the balance checks (decision 077).
  stockCount: { path: '/stock-count', title: 'Stock count', permission: 'counts.read', signedIn: true },
  profile: { path: '/my-profile', title: 'My Profile', signedIn: true },
  vaccinations: {
    path: '/vaccination/:flockId?',
    title: 'Vaccinations',
    permission: 'vaccinations.read',
    signedIn: true,
    /**
     * Without a flock: every flock (the navigation links with all=true). A filter other
     * than 'all' opens the history filtered (decision 054).
     */
    href: (flockId?: number | string, filter?: string) => {
      const base = flockId === undefined ? '/vaccination?all=true' : `/vaccination/${encodeURIComponent(String(flockId))}`;
      if (!filter || filter === 'all') return base;
      return `${base}${base.includes('?') ? '&' : '?'}filter=${encodeURIComponent(filter)}`;
    },
  },
  finances: { path: '/finances', title: 'Finances', permission: 'finance.read', signedIn: true },
  // The owner's weekly summaries (decision 078): past weeks, one opened by its id.
  summaries: {
    path: '/weekly-summaries',
    title: 'Weekly summaries',
    permission: 'summaries.read',
    signedIn: true,
    href: (id?: number) => (id === undefined ? '/weekly-summaries' : `/weekly-summaries?id=${id}`),
  },
  billing: { path: '/billing', title: 'Billing', permission: 'billing', signedIn: true },
  onboarding: { path: '/onboarding', title: 'Getting Started', signedIn: true },
  contact: { path: '/contact', title: 'Contact', signedIn: true },
  // The product's /{card-provider}-callback; the card provider is Paystack-shaped (docs/design.md §6).
  paymentCallback: {
    path: '/paystack-callback',
    title: 'Payment Status',
    // The payment's status is the owner's, as billing is.
    permission: 'billing',
    signedIn: true,
    href: (reference?: string) => (reference ? `/paystack-callback?reference=${encodeURIComponent(reference)}` : '/paystack-callback'),
  },
} as const satisfies Record<string, ScreenEntry>;

type Screens = typeof SCREENS;
export type ScreenId = keyof Screens;

/** The screens in the table's order. */
export const SCREEN_IDS = Object.keys(SCREENS) as ScreenId[];

/**
 * Each screen's title in the page's language, for the breadcrumb, the tab and the navigation (the
 * table's `title` is the English, which the server and the journeys read). Read it in render.
 */
export const screenTitles = words(
  'screens',
  Object.fromEntries(SCREEN_IDS.map((id) => [id, SCREENS[id].title])) as Record<ScreenId, string>,
  { sw: () => import('../sw/screens.js') as Promise<Catalogues> },
);

/** The screens whose path takes a parameter: whoever opens one says with which (the bench, the journeys). */
export type ParameterisedScreenId = { [K in ScreenId]: Screens[K]['path'] extends `${string}:${string}` ? K : never }[ScreenId];

type HrefOf<S> = S extends { href: infer H } ? H : () => string;

/**
 * The one home of the web app's URLs: each screen's router pattern (`path`) and its address
 * (`getHref`, the path itself for a screen without parameters).
 */
export const paths = Object.fromEntries(
  SCREEN_IDS.map((id) => {
    const screen: ScreenEntry = SCREENS[id];
    return [id, { path: screen.path, getHref: screen.href ?? (() => screen.path) }];
  }),
) as { readonly [K in ScreenId]: { readonly path: Screens[K]['path']; readonly getHref: HrefOf<Screens[K]> } };

/** Only same-app paths may be a return target, never another origin ('//evil.example'). */
export function safeRedirectTarget(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return paths.dashboard.getHref();
  return target;
}

/**
 * A router pattern as a regular expression over a pathname without a trailing slash: `:name`
 * matches one segment, `:name?` one or none.
 */
export function pathPattern(path: string): RegExp {
  if (path === '/') return /^\/$/;
  const segments = path
    .split('/')
    .slice(1)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    });
  return new RegExp(`^${segments.join('')}$`);
}
