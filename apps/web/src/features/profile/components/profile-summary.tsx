import { Avatar, Badge, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { formatPhone, type User } from '@kuku/domain';
import { IconLogout, IconMail, IconPhone } from '@tabler/icons-react';
import { useLogout } from '../../../lib/use-logout';
import { useFarmDates } from '../../../ui/date';
import { ProfilePicturePicker } from './profile-picture-picker';

interface ProfileSummaryProps {
  user: User;
}

const planLabel: Record<User['payment_status'], { label: string; color: string }> = {
  trial: { label: 'Free trial', color: 'yellow' },
  paid: { label: 'Subscribed', color: 'kuku' },
  unpaid: { label: 'Payment due', color: 'red' },
};

/** The picture (initials until one is uploaded) and its picker, who the user is, and Logout. */
export function ProfileSummary({ user }: ProfileSummaryProps) {
  const logout = useLogout();
  const dates = useFarmDates();
  const plan = planLabel[user.payment_status];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack align="center" gap="xs">
        <Avatar
          src={user.profile_picture}
          name={user.username}
          color="initials"
          size={96}
          radius={96}
          alt={`${user.username}'s profile picture`}
        />
        <ProfilePicturePicker />
        <Title order={2} fz="xl" ta="center" style={{ overflowWrap: 'anywhere' }}>
          {user.username}
        </Title>
        <Badge color={plan.color} variant="light">
          {plan.label}
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
            {user.phone_number ? formatPhone(user.phone_number) : 'No phone number yet'}
          </Text>
        </Group>
        <Text fz="xs" c="dimmed">
          Member since {dates.date(user.created_at)}
        </Text>
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
        Logout
      </Button>
    </Paper>
  );
}
