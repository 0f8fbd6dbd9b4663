import { Avatar, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatPhone, profileMessages as m, type User } from '@kuku/domain';
import { IconLogout, IconMail, IconPhone } from '@tabler/icons-react';
import { useLogout } from '../../../lib/use-logout';
import { useFarmDates } from '../../../ui/date';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { ProfilePicturePicker } from './profile-picture-picker';

interface ProfileSummaryProps {
  user: User;
}

const planColor: Record<User['payment_status'], string> = { trial: 'yellow', paid: 'kuku', unpaid: 'red' };

// Not loaded (no signal, the code never read on this phone): no row, rather than the screen down.
const ProfileLanguage = lazyWithPreload(
  () => import('./profile-language').catch(() => ({ ProfileLanguage: () => null })),
  (module) => module.ProfileLanguage,
);

/** The picture (initials until one is uploaded) and its picker, who the user is, and Logout. */
export function ProfileSummary({ user }: ProfileSummaryProps) {
  const logout = useLogout();
  const dates = useFarmDates();
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack align="center" gap="xs">
        <Avatar
          src={user.profile_picture}
          name={user.username}
          color="initials"
          size={96}
          radius={96}
          alt={m.pictureOf(user.username)}
        />
        <ProfilePicturePicker />
        <Title order={2} fz="xl" ta="center" style={{ overflowWrap: 'anywhere' }}>
          {user.username}
        </Title>
        <Badge color={planColor[user.payment_status]} variant="light">
          {m.plan[user.payment_status]}
        </Badge>
      </Stack>
      <Divider my="lg" />
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconMail size={18} aria-hidden />
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {user.email}
          </Text>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <IconPhone size={18} aria-hidden />
          <Text fz="sm" c={user.phone_number ? undefined : 'dimmed'}>
            {user.phone_number ? formatPhone(user.phone_number) : m.noPhone}
          </Text>
        </Group>
        <Text fz="xs" c="dimmed">
          {m.memberSince(dates.date(user.created_at))}
        </Text>
        {/* The language, kept on the account (decision 068): its code loads after the first screen. */}
        <Deferred fallback={<div style={{ height: 30 }} />}>
          <ProfileLanguage />
        </Deferred>
      </Stack>
      <Button
        mt="lg"
        fullWidth
        variant="light"
        color="red"
        leftSection={<IconLogout size={18} />}
        loading={logout.isPending}
        onClick={() => logout.mutate()}
      >
        {m.logout}
      </Button>
    </Paper>
  );
}
