import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { outboxWords, type InventoryItem } from '@kuku/domain';
import { useQueryClient } from '@tanstack/react-query';
import { findInPages } from '../../../lib/replace-in-pages';
import { waitingOf, type WaitingEditProps } from '../../../outbox/waiting-edit';
import { inventoryKeys, removalItemId, type RemoveStockBody } from '../api';
import { inventoryNotices } from './inventory-toasts';
import { RemoveStockModal } from './remove-stock-modal';

/**
 * A removal still on the phone, in its form to correct it. The form shows the item's stock, as
 * the inventory list last held it on this phone (where the removal was recorded).
 */
export function WaitingRemoval({ entry, onClose }: WaitingEditProps) {
  const queryClient = useQueryClient();
  const itemId = removalItemId(entry.path);
  const item = itemId === null ? undefined : findInPages<InventoryItem>(queryClient, inventoryKeys.lists(), itemId);
  if (item) return <RemoveStockModal opened onClose={onClose} item={item} notices={inventoryNotices} waiting={waitingOf<RemoveStockBody>(entry)} />;
  return (
    <Modal opened onClose={onClose} title={entry.summary} centered>
      <Stack gap="md">
        <Text fz="sm">{outboxWords.cannotOpen}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {outboxWords.close}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
