import { Box, Button, Group, Modal } from '@mantine/core';
import { NotificationList } from '../../features/notifications/components/notification-list';
import { markAllAsRead, useNotifications } from '../../features/notifications/store';

interface NotificationsModalProps {
  opened: boolean;
  onClose: () => void;
}

export function NotificationsModal({ opened, onClose }: NotificationsModalProps) {
  const notifications = useNotifications();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="Notifications"
      centered
      size="md"
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Box mah="60vh" style={{ overflowY: 'auto' }}>
        <NotificationList notifications={notifications} dismissible onNavigate={onClose} />
      </Box>
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="light" onClick={markAllAsRead} disabled={notifications.length === 0}>
          Mark All as Read
        </Button>
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
      </Group>
    </Modal>
  );
}
