import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient } from '../test/render';
import type { RouteHandle } from './route-handle';
import { createRoutes } from './router';

/** A route as a line: its path (or 'index'), its title, and whether it has a loader and its own fallback. */
function lines(routes: readonly RouteObject[] | undefined): string[] {
  return (routes ?? []).map((route) => {
    const title = (route.handle as RouteHandle | undefined)?.title() ?? '';
    const marks = [route.loader ? 'loader' : '', route.HydrateFallback ? 'fallback' : '', route.lazy ? 'lazy' : ''].filter(Boolean);
    return `${route.index ? 'index' : (route.path ?? '')} | ${title} | ${marks.join(' ')}`;
  });
}

describe("the router (docs/product.md §2's route table, decision 062)", () => {
  const [root] = createRoutes(createTestQueryClient());
  const outside = root?.children ?? [];
  const shell = outside.find((route) => route.id === 'protected');
  const screens = shell?.children?.[0];

  it('has the signed-out screens, the signed-in layout with its guard and the not-found page at the top', () => {
    expect(lines(outside)).toEqual([
      '/auth | Login | loader fallback lazy',
      '/auth/:provider/callback | Signing in | lazy',
      '/forgot-password | Forgot password | lazy',
      ' |  | loader fallback lazy',
      '* | Page not found | ',
    ]);
    expect(shell?.shouldRevalidate).toBeDefined();
  });

  it('has every signed-in screen inside the shell, under one error boundary, each asking early for what it shows first', () => {
    expect(screens?.ErrorBoundary).toBeDefined();
    expect(lines(screens?.children)).toEqual([
      'index | Dashboard | loader lazy',
      '/bird-management | Flock Management | loader lazy',
      '/egg-production | Egg Production | loader lazy',
      "/egg-production/today | Record today's eggs | loader lazy",
      '/sales-management | Sales | loader lazy',
      '/sales-management/debtors | Who owes | loader lazy',
      '/expenses | Expenses | loader lazy',
      '/reports | Reports | loader lazy',
      '/user-registration | User Registration | loader lazy',
      '/inventory | Inventory | loader lazy',
      '/stock-count | Stock count | loader lazy',
      '/my-profile | My Profile | lazy',
      '/vaccination/:flockId? | Vaccinations | loader lazy',
      '/finances | Finances | loader lazy',
      '/weekly-summaries | Weekly summaries | loader lazy',
      '/billing | Billing | loader lazy',
      '/onboarding | Getting Started | loader lazy',
      '/contact | Contact | lazy',
      '/paystack-callback | Payment Status | lazy',
    ]);
  });
});
