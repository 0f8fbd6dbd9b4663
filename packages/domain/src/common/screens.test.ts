import { describe, expect, it } from 'vitest';
import { can, canOpen, ROLES, SCREEN_PERMISSIONS } from './roles.js';
import { SCREEN_PAGES } from './screen-pages.js';
import { pathPattern, paths, safeRedirectTarget, SCREEN_IDS, SCREENS, type ScreenEntry } from './screens.js';

const entry = (id: (typeof SCREEN_IDS)[number]): ScreenEntry => SCREENS[id];

describe('the screens (docs/product.md §2)', () => {
  it('gives each screen its own path and its own page module', () => {
    expect(new Set(SCREEN_IDS.map((id) => SCREENS[id].path)).size).toBe(SCREEN_IDS.length);
    expect(Object.keys(SCREEN_PAGES)).toEqual(SCREEN_IDS);
    expect(new Set(Object.values(SCREEN_PAGES)).size).toBe(SCREEN_IDS.length);
    for (const id of SCREEN_IDS) expect(SCREEN_PAGES[id], id).toMatch(/^src\/(app|features\/[a-z-]+\/pages)\/[a-z-]+\.tsx$/);
  });

  it('builds the address of a screen with parameters, and of one without from its path', () => {
    expect(SCREEN_IDS.filter((id) => SCREENS[id].path.includes(':') && entry(id).href === undefined)).toEqual([]);
    expect(paths.flocks).toMatchObject({ path: '/bird-management' });
    expect(paths.flocks.getHref()).toBe('/bird-management');
    expect(paths.dashboard.getHref()).toBe('/');
    expect(paths.auth.getHref('/expenses?x=1')).toBe('/auth?redirectTo=%2Fexpenses%3Fx%3D1');
    expect(paths.auth.getHref('/')).toBe('/auth');
    expect(paths.socialCallback.getHref('google')).toBe('/auth/google/callback');
    expect(paths.vaccinations.getHref()).toBe('/vaccination?all=true');
    expect(paths.vaccinations.getHref(12)).toBe('/vaccination/12');
    expect(paths.vaccinations.getHref(undefined, 'overdue')).toBe('/vaccination?all=true&filter=overdue');
    expect(paths.vaccinations.getHref(12, 'all')).toBe('/vaccination/12');
    expect(paths.paymentCallback.getHref('r 1')).toBe('/paystack-callback?reference=r%201');
  });

  it('matches a pathname to its screen alone', () => {
    const screenOf = (pathname: string) => SCREEN_IDS.filter((id) => pathPattern(SCREENS[id].path).test(pathname));
    expect(screenOf('/')).toEqual(['dashboard']);
    expect(screenOf('/auth')).toEqual(['auth']);
    expect(screenOf('/auth/google/callback')).toEqual(['socialCallback']);
    expect(screenOf('/egg-production')).toEqual(['eggs']);
    expect(screenOf('/egg-production/today')).toEqual(['eggDay']);
    expect(screenOf('/sales-management/debtors')).toEqual(['debtors']);
    expect(screenOf('/vaccination')).toEqual(['vaccinations']);
    expect(screenOf('/vaccination/12')).toEqual(['vaccinations']);
    for (const pathname of ['/vaccination/12/x', '/auth/callback', '/bird-managementx', '/nowhere', '']) expect(screenOf(pathname), pathname).toEqual([]);
  });

  it('sends a login back only to a path of this app', () => {
    expect(safeRedirectTarget('/expenses?x=1')).toBe('/expenses?x=1');
    for (const target of [null, undefined, '', 'https://evil.example', '//evil.example']) expect(safeRedirectTarget(target)).toBe('/');
  });
});

describe('the screens a role may open (docs/design.md §6)', () => {
  it("are the screens' own permissions, by their first segment", () => {
    expect(SCREEN_PERMISSIONS).toEqual({
      '/bird-management': 'flocks.read',
      '/egg-production': 'eggs.read',
      '/sales-management': 'sales.read',
      '/expenses': 'expenses.read',
      '/reports': 'reports.read',
      '/user-registration': 'staff',
      '/inventory': 'inventory.read',
      '/stock-count': 'counts.read',
      '/vaccination': 'vaccinations.read',
      '/finances': 'finance.read',
      '/weekly-summaries': 'summaries.read',
      '/billing': 'billing',
      '/paystack-callback': 'billing',
    });
  });

  it("let a role open a screen exactly when it holds the screen's permission", () => {
    for (const id of SCREEN_IDS) {
      const { permission } = entry(id);
      const href = SCREENS[id].path.replace(/\/:[a-z]+\??/gi, '/1');
      for (const role of ROLES) expect(canOpen(role, href), `${role} ${href}`).toBe(permission === undefined || can(role, permission));
    }
  });
});
