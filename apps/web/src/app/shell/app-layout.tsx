import { Box } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loadNotifications } from '../../features/notifications/store';
import { currentUserQueryOptions, useCurrentUser } from '../../lib/current-user';
import { paths } from '../paths';
import classes from './app-layout.module.css';
import { Breadcrumb } from './breadcrumb';
import { Footer } from './footer';
import { Header } from './header';
import { NavLinks } from './nav-links';
import { StartupOverlay, type StartupStep } from './startup-overlay';

// The drawer and the modal load on first use (prefetched once idle): their dialog code is
// about 17 KB gzip the first screen does not need (DESIGN §9 budget).
const loadDrawer = () => import('./mobile-nav-drawer');
const loadModal = () => import('./notifications-modal');
const MobileNavDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.MobileNavDrawer })));
const NotificationsModal = lazy(() => loadModal().then((m) => ({ default: m.NotificationsModal })));
const PREFETCH_DELAY_MS = 2000;

/** True from the first time `value` is true: a dialog stays mounted to animate its closing. */
function useOnceTrue(value: boolean): boolean {
  const [once, setOnce] = useState(value);
  if (value && !once) setOnce(true);
  return once || value;
}

/** The signed-in shell: header, sidebar (a drawer on phones), breadcrumb, page, footer. */
export function AppLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const [notificationsOpened, notificationsModal] = useDisclosure(false);
  const drawerMounted = useOnceTrue(navOpened);
  const modalMounted = useOnceTrue(notificationsOpened);
  const location = useLocation();
  const queryClient = useQueryClient();
  const user = useCurrentUser();

  const startupSteps = useMemo<StartupStep[]>(
    () => [() => queryClient.ensureQueryData(currentUserQueryOptions()), loadNotifications],
    [queryClient],
  );

  // A link tapped in the drawer has done its job once the page changes.
  const closeNav = nav.close;
  useEffect(() => closeNav(), [location.key, closeNav]);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      void loadDrawer();
      void loadModal();
    }, PREFETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // The loader checks on navigation; this catches a refetch that turns the account unpaid.
  if (user?.payment_status === 'unpaid' && location.pathname !== paths.billing.path) {
    return <Navigate to={paths.billing.getHref()} replace />;
  }

  // A plain CSS layout rather than Mantine's AppShell: the same look for 6 KB gzip less.
  return (
    <>
      <header className={classes.header}>
        <Header navOpened={navOpened} onToggleNav={nav.toggle} onOpenNotifications={notificationsModal.open} />
      </header>

      <aside className={classes.navbar}>
        <NavLinks />
      </aside>

      {/* The footer sits beside <main>, not in it, so it keeps its contentinfo landmark. */}
      <div className={classes.main}>
        <Box component="main" className={classes.content}>
          <Breadcrumb />
          <Outlet />
        </Box>
        <Box className={classes.footerWrap}>
          <Footer />
        </Box>
      </div>

      <Suspense fallback={null}>
        {drawerMounted ? <MobileNavDrawer opened={navOpened} onClose={nav.close} /> : null}
        {modalMounted ? (
          <NotificationsModal opened={notificationsOpened} onClose={notificationsModal.close} />
        ) : null}
      </Suspense>
      <StartupOverlay steps={startupSteps} />
    </>
  );
}
