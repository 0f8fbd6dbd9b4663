import { Button, Group, List, Modal, Stack, Text } from '@mantine/core';
import type { Flock } from '@kuku/domain';
import { errorMessage } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { useDeleteFlock } from '../api';

// Not in SPEC §8; the flock feature's own words.
const deleteMessages = {
  archived: (name: string) => `The flock "${name}" has been archived. Its records stay in your reports.`,
  deleted: (name: string) => `The flock "${name}" has been deleted.`,
  failed: 'Failed to delete flock. Please try again.',
};

interface DeleteFlockModalProps {
  flock: Flock;
  opened: boolean;
  onClose: () => void;
  /** Called after the flock is gone or archived. */
  onDone: (result: 'deleted' | 'archived') => void;
}

/** DELETE /flocks/{id}: a flock with records is archived unless the farmer asks for everything to go. */
export function DeleteFlockModal({ flock, opened, onClose, onDone }: DeleteFlockModalProps) {
  const remove = useDeleteFlock(flock.id);
  const everythingPending = remove.isPending && remove.variables;
  const archivePending = remove.isPending && !remove.variables;

  const run = (everything: boolean) =>
    remove.mutate(everything, {
      onSuccess: ({ result }) => {
        showSuccessToast(result === 'archived' ? deleteMessages.archived(flock.name) : deleteMessages.deleted(flock.name));
        onDone(result);
      },
      onError: (error) => showErrorToast(errorMessage(error, deleteMessages.failed)),
    });

  return (
    <Modal
      opened={opened}
      onClose={() => !remove.isPending && onClose()}
      title={`Delete ${flock.name}?`}
      centered
      size="lg"
      zIndex={400}
    >
      <Stack gap="md">
        <Text>Choose what happens to this flock:</Text>
        <List spacing="sm">
          <List.Item>
            <Text span fw={700}>
              Archive flock
            </Text>{' '}
            (recommended): if the flock has egg, sales, expense, vaccination or bird count records, it is archived and
            its history stays in your reports. A flock without records is simply deleted.
          </List.Item>
          <List.Item>
            <Text span fw={700}>
              Delete everything
            </Text>
            : the flock and all of its records are removed for good. This cannot be undone.
          </List.Item>
        </List>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" variant="outline" onClick={() => run(true)} disabled={remove.isPending}>
            {everythingPending ? 'Deleting...' : 'Delete everything'}
          </Button>
          <Button onClick={() => run(false)} disabled={remove.isPending} data-autofocus>
            {archivePending ? 'Archiving...' : 'Archive flock'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
