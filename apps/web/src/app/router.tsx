import { shellWords, type User } from '@kuku/domain';
import { SCREEN_IDS, SCREENS, screenTitles, type ScreenId } from '@kuku/domain/screens';
import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject } from 'react-router';
import { currentUserKey, currentUserQueryOptions } from '../lib/current-user';
import { hasToken } from '../lib/session';
import { withWords } from '../lib/words';
import { FullPageMessage } from '../ui/full-page-message';
import { redirectIfSignedInLoader } from './guards/redirect-if-signed-in';
import { requireAuthLoader } from './guards/require-auth';
import { NotFoundPage } from './pages/not-found-page';
import { RouteErrorPage } from './pages/route-error-page';
import type { RouteHandle } from './route-handle';
import { SCREEN_CODE } from './screens';
import { RootErrorPage, RootLayout } from './shell/root-layout';

function Authenticating() {
  return <FullPageMessage message={shellWords.authenticating} />;
}

function Starting() {
  return <FullPageMessage message={shellWords.loading} />;
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
 * A screen's route, from the domain's table (its path and title) and the web's (its page and first
 * queries, `SCREEN_CODE`); `extra` adds what only this router knows, a guard.
 */
function screenRoute(queryClient: QueryClient, id: ScreenId, extra?: Pick<RouteObject, 'loader' | 'HydrateFallback'>): RouteObject {
  const { path } = SCREENS[id];
  const { lazy: load, prefetch } = SCREEN_CODE[id];
  const handle: RouteHandle = { title: () => screenTitles[id] };
  const lazy = () => withWords(load());
  const loader = prefetch && { loader: prefetchData(queryClient, (args) => prefetch(queryClient, args)) };
  // The dashboard is the signed-in layout's index route.
  return { ...(path === '/' ? { index: true } : { path }), handle, ...loader, lazy, ...extra };
}

/**
 * docs/product.md §2's route table (`SCREENS`, decision 062). Every screen is its own chunk (route
 * `lazy`), so the first screen downloads only the shell and itself (docs/design.md §9: 170 KB of JS
 * gzip at most).
 */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const signedOut = SCREEN_IDS.filter((id) => !SCREENS[id].signedIn);
  const signedIn = SCREEN_IDS.filter((id) => SCREENS[id].signedIn);
  return [
    {
      id: 'root',
      Component: RootLayout,
      HydrateFallback: Starting,
      ErrorBoundary: RootErrorPage,
      children: [
        // /auth sends a signed-in visitor to the dashboard, and says 'Loading...' while it asks who it is.
        ...signedOut.map((id) =>
          id === 'auth'
            ? screenRoute(queryClient, id, { loader: redirectIfSignedInLoader(queryClient), HydrateFallback: Starting })
            : screenRoute(queryClient, id),
        ),
        {
          id: 'protected',
          loader: requireAuthLoader(queryClient),
          // The guard runs on every navigation, so an unpaid account cannot leave /billing.
          shouldRevalidate: () => true,
          HydrateFallback: Authenticating,
          // Its own chunk: /auth, the first screen of a signed-out visitor, needs none of the shell.
          lazy: () => withWords(import('./shell/app-layout')).then((m) => ({ Component: m.AppLayout })),
          children: [
            {
              // Errors of a screen show inside the shell, with the navigation still there.
              ErrorBoundary: RouteErrorPage,
              children: signedIn.map((id) => screenRoute(queryClient, id)),
            },
          ],
        },
        {
          path: '*',
          handle: { title: () => shellWords.pageNotFound } satisfies RouteHandle,
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
