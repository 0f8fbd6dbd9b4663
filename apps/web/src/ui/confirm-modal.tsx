import { Button, Group, Modal, Stack, Text } from '@mantine/core';

interface ConfirmModalProps {
  opened: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  confirmColor?: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** A yes/no question before a change (docs/product.md §4: a status change or a delete asks first). */
export function ConfirmModal({ opened, title, message, confirmLabel, confirmColor, busy, onConfirm, onClose }: ConfirmModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="lg">
        <Text>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button color={confirmColor} onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
