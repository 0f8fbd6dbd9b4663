import { Center, Loader, Stack, Text } from '@mantine/core';

interface FullPageMessageProps {
  message: string;
}

/** A whole-screen wait, e.g. 'Authenticating...' while the session is checked. */
export function FullPageMessage({ message }: FullPageMessageProps) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="md" />
        <Text c="dimmed">{message}</Text>
      </Stack>
    </Center>
  );
}
