import { Box, Button, Group, Modal } from '@mantine/core';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { notificationMessages as m } from '@kuku/domain';
import { useNotifications } from '../../features/notifications/api';
import { useMarkAllAsRead } from '../../features/notifications/mutations';

interface NotificationsModalProps {
  opened: boolean;
  onClose: () => void;
}

export function NotificationsModal({ opened, onClose }: NotificationsModalProps) {
  const notifications = useNotifications();
  const markAll = useMarkAllAsRead();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={m.title}
      centered
      size="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Box mah="60vh" style={{ overflowY: 'auto' }}>
        <NotificationList notifications={notifications} dismissible onNavigate={onClose} />
      </Box>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="light" onClick={() => markAll.mutate('all')} disabled={notifications.length === 0}>
          {m.markAllRead}
        </Button>
        <Button variant="default" onClick={onClose}>
          {m.close}
        </Button>
      </Group>
    </Modal>
  );
}
