import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { billingMessages, staffMessages, type User } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useLogout } from '../../lib/use-logout';
import { isPaymentPath } from '../guards/require-auth';

interface ForbiddenPageProps {
  user: Pick<User, 'payment_status'>;
  pathname: string;
}

/**
 * In place of a screen the role may not open (a typed address, an old bookmark): says so and
 * leads home. An unpaid farm sends everyone to /billing (docs/product.md §2), where only the owner pays
 * (docs/design.md §6): the others are told to ask the owner, and can only log out meanwhile.
 */
export function ForbiddenPage({ user, pathname }: ForbiddenPageProps) {
  const logout = useLogout();
  const unpaid = user.payment_status === 'unpaid' && isPaymentPath(pathname);
  return (
    <Center mih="60vh" p="md">
      <Stack align="center" gap="md" maw={460} ta="center">
        <ThemeIcon size={72} radius="xl" variant="light" color="orange" aria-hidden>
          <IconLock size={40} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {unpaid ? staffMessages.ownerMustRenewTitle : staffMessages.forbiddenTitle}
        </Title>
        <Text c="dimmed">{unpaid ? staffMessages.ownerMustRenew : staffMessages.forbidden}</Text>
        {unpaid ? (
          <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
            {billingMessages.logout}
          </Button>
        ) : (
          <Button component={Link} to={paths.dashboard.getHref()} size="md">
            {staffMessages.backToDashboard}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
