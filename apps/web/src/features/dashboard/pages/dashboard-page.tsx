import { Paper, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { DashboardGreeting } from '../components/dashboard-greeting';
import { QuickActions } from '../components/quick-actions';
import { WelcomeCards } from '../components/welcome-cards';

interface DashboardPageProps {
  /** The recent-notifications list, composed in by the app (features stay apart). */
  notifications: ReactNode;
}

/** SPEC §2 Dashboard, in its order; statistics and charts arrive with their own issue. */
export function DashboardPage({ notifications }: DashboardPageProps) {
  const user = useCurrentUser();
  return (
    <Stack gap="xl">
      <DashboardGreeting username={user?.username} timeZone={user?.farm.time_zone} />
      <WelcomeCards />
      <QuickActions />
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Title order={2} fz="lg" mb="sm">
          Notifications
        </Title>
        {notifications}
      </Paper>
    </Stack>
  );
}
