import { paths } from '@kuku/domain/screens';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMoodSad } from '@tabler/icons-react';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={420} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" aria-hidden>
          <IconMoodSad size={40} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          Page not found
        </Title>
        <Text c="dimmed">
          This page has flown the coop. Check the address, or head back to your farm&apos;s dashboard.
        </Text>
        <Button component={Link} to={paths.dashboard.getHref()} size="md">
          Back to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}
