import type { RouteObject } from 'react-router';

/** The screens' code a test's router started loading and that has not arrived yet. */
const inFlight = new Set<Promise<unknown>>();

/**
 * The same routes, each screen's `lazy` load counted until it settles. A test that ends on a
 * redirect leaves the screen it left still loading; the web files share one module graph
 * (vitest.config.ts), and a load still running when the worker's last file ends fails that file
 * ("Cannot load … after the environment was torn down").
 */
export function trackCodeLoads(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { lazy, children } = route;
    const tracked = { ...route } as RouteObject;
    if (typeof lazy === 'function') {
      tracked.lazy = (() => {
        const load = lazy();
        inFlight.add(load);
        void load.finally(() => inFlight.delete(load)).catch(() => undefined);
        return load;
      }) as typeof lazy;
    }
    if (children) tracked.children = trackCodeLoads(children);
    return tracked;
  });
}

/** Waits for every screen's code a test started loading, loaded or failed. */
export async function settleCodeLoads(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
}
