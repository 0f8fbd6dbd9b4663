import { AppShell, Box, Drawer, ScrollArea } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loadNotifications } from '../../features/notifications/store';
import { currentUserQueryOptions, useCurrentUser } from '../../lib/current-user';
import { Brand } from '../../ui/brand';
import { paths } from '../paths';
import classes from './app-layout.module.css';
import { Breadcrumb } from './breadcrumb';
import { Footer } from './footer';
import { Header } from './header';
import { NavLinks } from './nav-links';
import { NotificationsModal } from './notifications-modal';
import { StartupOverlay, type StartupStep } from './startup-overlay';

/** The signed-in shell: header, sidebar (a drawer on phones), breadcrumb, page, footer. */
export function AppLayout() {
  const [navOpened, nav] = useDisclosure(false);
  const [notificationsOpened, notificationsModal] = useDisclosure(false);
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

  // The loader checks on navigation; this catches a refetch that turns the account unpaid.
  if (user?.payment_status === 'unpaid' && location.pathname !== paths.billing.path) {
    return <Navigate to={paths.billing.getHref()} replace />;
  }

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: { sm: 240, lg: 260 }, breakpoint: 'sm', collapsed: { mobile: true } }}
      padding={0}
    >
      <AppShell.Header>
        <Header navOpened={navOpened} onToggleNav={nav.toggle} onOpenNotifications={notificationsModal.open} />
      </AppShell.Header>

      <AppShell.Navbar p="sm" aria-label="Sidebar">
        <AppShell.Section grow component={ScrollArea} type="hover">
          <NavLinks />
        </AppShell.Section>
      </AppShell.Navbar>

      <Drawer
        opened={navOpened}
        onClose={nav.close}
        size="80%"
        padding="md"
        hiddenFrom="sm"
        title={<Brand />}
        closeButtonProps={{ 'aria-label': 'Close navigation' }}
      >
        <NavLinks onNavigate={nav.close} />
      </Drawer>

      <AppShell.Main className={classes.main}>
        <Box className={classes.content}>
          <Breadcrumb />
          <Outlet />
        </Box>
        <Box className={classes.footerWrap}>
          <Footer />
        </Box>
      </AppShell.Main>

      <NotificationsModal opened={notificationsOpened} onClose={notificationsModal.close} />
      <StartupOverlay steps={startupSteps} />
    </AppShell>
  );
}
