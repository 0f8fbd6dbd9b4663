import { shellWords as m } from '@kuku/domain';
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
          {m.pageNotFound}
        </Title>
        <Text c="dimmed">
          {m.pageNotFoundText}
        </Text>
        <Button component={Link} to={paths.dashboard.getHref()} size="md">
          {m.backToDashboard}
        </Button>
      </Stack>
    </Center>
  );
}
