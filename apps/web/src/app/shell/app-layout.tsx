import { Box } from '@mantine/core';
import { canOpen } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loadNotifications } from '../../features/notifications/api';
import { currentUserQueryOptions, useCurrentUser } from '../../lib/current-user';
import { lazyWithPreload } from '../../first-screen/lazy';
import { useSettled } from '../../first-screen/use-settled';
import { isPaymentPath } from '../guards/require-auth';
import classes from './app-layout.module.css';
import { Breadcrumb } from './breadcrumb';
import { Header } from './header';
import { NavLinks } from './nav-links';
import { isSuspended, RenewalBanner } from './renewal-banner';
import { StartupOverlay, type StartupStep } from './startup-overlay';
import { SupportChat } from './support-chat';

// The drawer and the modal load on first use (prefetched once idle): their dialog code is
// not needed by the first screen (decision 008).
const MobileNavDrawer = lazyWithPreload(() => import('./mobile-nav-drawer'), (m) => m.MobileNavDrawer);
const NotificationsModal = lazyWithPreload(() => import('./notifications-modal'), (m) => m.NotificationsModal);
// Only a suspended account loads it (with the plan it fetches).
const SuspendedModal = lazyWithPreload(() => import('./suspended-modal'), (m) => m.SuspendedModal);
// Only a screen the role may not open loads it (a typed address): not on any first screen.
const ForbiddenPage = lazyWithPreload(() => import('../pages/forbidden-page'), (m) => m.ForbiddenPage);
// Below the fold, and under the content: drawn once the screen has settled, it neither holds the
// first screen back nor gets pushed down (a layout shift) when a screen's data arrives.
const Footer = lazyWithPreload(() => import('./footer'), (m) => m.Footer);
// The records saved on the phone and not yet sent (decision 066): the count, the sender and the
// keeping of the farm as read start once the first screen is up, with IndexedDB's code.
const OutboxStatus = lazyWithPreload(() => import('./waiting-edit-forms'), (m) => m.OutboxWithForms);
// Its note above the screen while records wait: the figures do not count them yet (the same code).
const WaitingNote = lazyWithPreload(() => import('../../outbox/outbox-status'), (m) => m.WaitingNote);
// With no signal, says which parts of the screen need one (decision 066): loaded only offline.
const NeedsConnection = lazyWithPreload(
  () => import('../../last-synced/needs-connection').catch(() => ({ NeedsConnection: () => null })),
  (m) => m.NeedsConnection,
);
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
  const settled = useSettled(queryClient);
  const online = useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), () => onlineManager.isOnline());
  // The sidebar is rendered where it shows (sm and up); phones get the drawer instead.
  const wide = useMediaQuery('(min-width: 48em)', undefined, { getInitialValueInEffect: false });

  const startupSteps = useMemo<StartupStep[]>(
    () => [() => queryClient.ensureQueryData(currentUserQueryOptions()), () => loadNotifications(queryClient)],
    [queryClient],
  );

  // What the first screen asked for is asked for at once on the next start here (decision 043).
  useEffect(() => {
    if (settled) void import('../../first-screen/first-requests-store').then((m) => m.keepFirstRequests()).catch(() => undefined);
  }, [settled]);

  // A link tapped in the drawer has done its job once the page changes.
  const closeNav = nav.close;
  useEffect(() => closeNav(), [location.key, closeNav]);

  // Live updates (docs/product.md §7): the socket's code loads once the first screen is up, not with it;
  // what changed before it connected is in the data the screen has just read.
  useEffect(() => {
    let stop: (() => void) | null = null;
    let left = false;
    const timer = window.setTimeout(() => {
      void import('../../features/notifications/live').then(({ connectLiveUpdates }) => {
        if (!left) stop = connectLiveUpdates(queryClient);
      });
    }, PREFETCH_DELAY_MS);
    return () => {
      left = true;
      window.clearTimeout(timer);
      stop?.();
    };
  }, [queryClient]);

  useEffect(() => {
    const timer = window.setTimeout(() => {
      MobileNavDrawer.preload();
      NotificationsModal.preload();
    }, PREFETCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, []);

  // The loader checks on navigation; this catches a refetch that turns the account unpaid.
  if (user?.payment_status === 'unpaid' && !isPaymentPath(location.pathname)) {
    return <Navigate to={paths.billing.getHref()} replace />;
  }
  // docs/product.md §2: on every screen but where the farmer pays (and where a card payment is checked).
  const showSuspended = user !== undefined && isSuspended(user) && !isPaymentPath(location.pathname);
  // docs/design.md §6: a screen the role may not open (a typed address) says so in its place, whatever the screen.
  const forbidden = user !== undefined && !canOpen(user.role, location.pathname);

  // A plain CSS layout rather than Mantine's AppShell: the same look, lighter on every screen (decision 008).
  return (
    <>
      <header className={classes.header}>
        <Header
          navOpened={navOpened}
          onToggleNav={nav.toggle}
          onOpenNotifications={notificationsModal.open}
          outbox={
            settled && user ? (
              <Suspense>
                <OutboxStatus farm={user.farm} />
              </Suspense>
            ) : null
          }
        />
      </header>

      {wide ? (
        <aside className={classes.navbar}>
          <NavLinks />
        </aside>
      ) : null}

      {/* The footer sits beside <main>, not in it, so it keeps its contentinfo landmark. */}
      <div className={classes.main}>
        <Box component="main" className={classes.content}>
          {user ? <RenewalBanner user={user} /> : null}
          <Breadcrumb />
          {settled && user ? (
            <Suspense fallback={null}>
              <WaitingNote farm={user.farm} />
            </Suspense>
          ) : null}
          {settled && !online ? (
            <Suspense fallback={null}>
              <NeedsConnection />
            </Suspense>
          ) : null}
          {forbidden ? (
            <Suspense fallback={null}>
              <ForbiddenPage user={user} pathname={location.pathname} />
            </Suspense>
          ) : (
            <Outlet />
          )}
        </Box>
        <Box className={classes.footerWrap}>
          {settled ? (
            <Suspense fallback={null}>
              <Footer />
            </Suspense>
          ) : null}
        </Box>
      </div>

      {/* docs/product.md §2: on every signed-in screen; a suspended account asks support from its dialog instead. */}
      {user && !showSuspended ? <SupportChat /> : null}

      <Suspense fallback={null}>
        {drawerMounted ? <MobileNavDrawer opened={navOpened} onClose={nav.close} /> : null}
        {modalMounted ? (
          <NotificationsModal opened={notificationsOpened} onClose={notificationsModal.close} />
        ) : null}
        {showSuspended ? <SuspendedModal /> : null}
      </Suspense>
      <StartupOverlay steps={startupSteps} />
    </>
  );
}
