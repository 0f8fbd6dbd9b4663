import { Button, Group, Modal, Text } from '@mantine/core';
import { pwaWords as w } from './words';

interface InstallPopupProps {
  onInstall: () => void;
  onCancel: () => void;
}

/** docs/product.md §2 shell: 'Install' plus the product name, with 'Install App' and 'Cancel'. Closing it is a Cancel. */
export function InstallPopup({ onInstall, onCancel }: InstallPopupProps) {
  return (
    <Modal opened onClose={onCancel} title={w.installTitle} centered size="sm">
      <Group wrap="nowrap" align="flex-start" gap="md">
        <img src="/icons/icon-192.png" width={48} height={48} alt="" />
        <Text size="sm">{w.installText}</Text>
      </Group>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onCancel}>
          {w.cancel}
        </Button>
        <Button onClick={onInstall}>{w.installApp}</Button>
      </Group>
    </Modal>
  );
}
