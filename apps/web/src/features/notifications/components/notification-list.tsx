import { ActionIcon, Anchor, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconInbox, IconInfoCircle, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useFarmDates } from '../../../ui/date';
import { notificationMessages as m, type Notification, type NotificationType } from '@kuku/domain';
import { useDismissNotification, useMarkRead } from '../mutations';

const typeLook: Record<NotificationType, { color: string; icon: typeof IconInbox }> = {
  alert: { color: 'red', icon: IconAlertTriangle },
  warning: { color: 'yellow', icon: IconAlertTriangle },
  info: { color: 'blue', icon: IconInfoCircle },
  default: { color: 'kuku', icon: IconInbox },
};

interface NotificationListProps {
  notifications: readonly Notification[];
  /** Show a dismiss button per item (the modal); the dashboard block only links. */
  dismissible?: boolean;
  onNavigate?: () => void;
}

export function NotificationList({ notifications, dismissible = false, onNavigate }: NotificationListProps) {
  const dates = useFarmDates();
  const dismiss = useDismissNotification();
  const markRead = useMarkRead();
  if (notifications.length === 0) {
    return (
      <Group gap="xs" c="dimmed" py="sm" justify="center">
        <IconInbox size={18} aria-hidden />
        <Text fz="sm">{m.empty}</Text>
      </Group>
    );
  }
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {notifications.map((n) => {
        const look = typeLook[n.type];
        const Icon = look.icon;
        return (
          <Group component="li" key={n.id} wrap="nowrap" align="flex-start" gap="sm">
            <ThemeIcon variant="light" color={look.color} radius="xl" size="md" aria-hidden>
              <Icon size={16} />
            </ThemeIcon>
            <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
              {n.link ? (
                <Anchor
                  component={Link}
                  to={n.link}
                  fw={600}
                  fz="sm"
                  onClick={() => {
                    // Opened is read: it leaves the lists (docs/product.md §4).
                    markRead.mutate(n.id);
                    onNavigate?.();
                  }}
                >
                  {n.title}
                </Anchor>
              ) : (
                <Text fw={600} fz="sm">
                  {n.title}
                </Text>
              )}
              <Text fz="sm" c="dimmed">
                {n.message}
              </Text>
              <Text fz="xs" c="dimmed">
                {dates.dateTime(n.date)}
              </Text>
            </Stack>
            {dismissible ? (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={m.dismiss(n.title)}
                onClick={() => dismiss.mutate(n.id)}
              >
                <IconX size={16} />
              </ActionIcon>
            ) : null}
          </Group>
        );
      })}
    </Stack>
  );
}
