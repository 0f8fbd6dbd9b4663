import { shellWords as m } from '@kuku/domain';
import { useEffect } from 'react';
import { Outlet } from 'react-router';
import { PwaSetup } from '../../pwa/pwa-setup';
import { RouteErrorPage } from '../pages/route-error-page';
import { useRouteTitle } from '../route-handle';
import { OfflineBanner } from './offline-banner';
import { RouteProgress } from './route-progress';
import { ScrollToTop } from './scroll-to-top';

/** Around every route, signed in or not. */
export function RootLayout() {
  const title = useRouteTitle();
  useEffect(() => {
    document.title = title ? `${title} — Kuku` : m.appTitle;
  }, [title]);
  return (
    <>
      <ScrollToTop />
      <RouteProgress />
      <Outlet />
      <OfflineBanner />
      <PwaSetup />
    </>
  );
}

/** The root's error page: a start that failed (offline, most often) still shows the offline banner. */
export function RootErrorPage() {
  return (
    <>
      <RouteErrorPage />
      <OfflineBanner />
    </>
  );
}
