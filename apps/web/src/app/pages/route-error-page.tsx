import { shellWords as m } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { Button, Center, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from 'react-router';
import { NetworkError } from '../../lib/api-client';
import { NotFoundPage } from './not-found-page';

/** A loader or a screen's code failed: most often the connection dropped. */
export function RouteErrorPage() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // A lazily loaded screen that failed to download shows as a TypeError from import().
  const offline = error instanceof NetworkError || error instanceof TypeError || !navigator.onLine;
  // No signal and not the API's failure: the screen's code (or its styles) is not on the phone;
  // the screens a farmer records on are.
  const needsConnection = !navigator.onLine && !(error instanceof NetworkError);
  // With the connection lost, the app starts again: a failed import() stays failed until the page
  // loads again, and a start that failed offline is best begun anew (its worker serves the app).
  const tryAgain = () => (offline ? window.location.reload() : void revalidator.revalidate());
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" maw={440} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="orange" aria-hidden>
          <IconAlertTriangle size={40} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {needsConnection ? m.needsConnection : offline ? m.unreachable : m.somethingWrong}
        </Title>
        <Text c="dimmed">
          {needsConnection
            ? m.needsConnectionText
            : offline
              ? m.unreachableText
              : m.somethingWrongText}
        </Text>
        <Group>
          <Button onClick={tryAgain} loading={revalidator.state === 'loading'}>
            {m.tryAgain}
          </Button>
          <Button variant="default" component={Link} to={paths.dashboard.getHref()} reloadDocument>
            {m.goToDashboard}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
