import { Stack, Text, Title } from '@mantine/core';
import { dashboardMessages as m, DEFAULT_TIME_ZONE, greeting, greetingName } from '@kuku/domain';

interface DashboardGreetingProps {
  username: string | null | undefined;
  /** The farm's zone: the greeting follows the farm's clock, not the phone's. */
  timeZone: string | undefined;
  now?: Date;
}

export function DashboardGreeting({ username, timeZone, now = new Date() }: DashboardGreetingProps) {
  return (
    <Stack gap={6}>
      <Title order={1} fz={{ base: 26, sm: 34 }} style={{ overflowWrap: 'anywhere' }}>
        {greeting(now, timeZone ?? DEFAULT_TIME_ZONE)}, {greetingName(username)}
      </Title>
      <Text c="dimmed" fz={{ base: 'sm', sm: 'md' }}>
        {m.greetingIntro}
      </Text>
    </Stack>
  );
}
