import { Button, Group, List, Modal, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { confirmsFlockName, FLOCK_BIN_DAYS, flockBinMessages as bin, type Flock } from '@kuku/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/use-can';
import { showErrorToast, showSuccessToast, TOAST_AUTO_CLOSE_MS } from '../../../ui/toast';
import { useDeleteFlock } from '../api';
import { restoreDeletedFlock } from '../bin-api';
import { UndoMessage } from '../../../ui/undo-message';

interface DeleteFlockModalProps {
  flock: Flock;
  opened: boolean;
  onClose: () => void;
  /** Called after the flock is gone or archived. */
  onDone: (result: 'deleted' | 'archived') => void;
}

/** The 'Undo' toast shown for each flock, by id: a fresh id each time (Mantine keeps a reused id's old component). */
const deletedToasts = new Map<number, string>();
let toastCount = 0;

/** Takes away a flock's 'Undo' toast once the flock is back by another way. */
export function hideDeletedToast(flockId: number): void {
  const id = deletedToasts.get(flockId);
  if (id) notifications.hide(id);
  deletedToasts.delete(flockId);
}

/** The toast after a delete of everything: its 'Undo' brings the flock back with its records. */
function DeletedToast({ name, onUndo }: { name: string; onUndo: () => Promise<void> }) {
  return <UndoMessage text={bin.deletedWithUndo(name)} undoLabel={bin.undo} onUndo={onUndo} />;
}

/**
 * DELETE /flocks/{id}: a flock with records is archived; the owner alone may delete it with
 * everything it holds, once its name is typed, and can bring it back for FLOCK_BIN_DAYS (decision 052).
 */
export function DeleteFlockModal({ flock, opened, onClose, onDone }: DeleteFlockModalProps) {
  const remove = useDeleteFlock(flock.id);
  const queryClient = useQueryClient();
  const canErase = useCan('flocks.erase');
  const [typed, setTyped] = useState('');
  const [confirmError, setConfirmError] = useState<string | null>(null);
  const inputId = useId();
  const everythingPending = remove.isPending && remove.variables?.everything === true;
  const archivePending = remove.isPending && remove.variables?.everything === false;
  const nameMatches = confirmsFlockName(typed, flock.name);

  const close = () => {
    if (remove.isPending) return;
    setTyped('');
    setConfirmError(null);
    onClose();
  };

  const archive = () =>
    remove.mutate(
      { everything: false },
      {
        onSuccess: ({ result }) => {
          showSuccessToast(result === 'archived' ? bin.archived(flock.name) : bin.deleted(flock.name));
          onDone(result);
        },
        onError: (error) => showErrorToast(errorMessage(error, bin.deleteFailed)),
      },
    );

  const eraseAll = () =>
    remove.mutate(
      { everything: true, confirmName: typed },
      {
        onSuccess: () => {
          hideDeletedToast(flock.id);
          const id = `flock-deleted-${flock.id}-${++toastCount}`;
          deletedToasts.set(flock.id, id);
          const undo = async () => {
            try {
              const { name } = await restoreDeletedFlock(queryClient, { flockId: flock.id });
              hideDeletedToast(flock.id);
              showSuccessToast(bin.restored(name));
            } catch (error) {
              showErrorToast(errorMessage(error, bin.restoreFailed));
            }
          };
          // Long enough to find the button: the bin keeps it anyway.
          notifications.show({ id, color: 'kuku', autoClose: TOAST_AUTO_CLOSE_MS * 3, message: <DeletedToast name={flock.name} onUndo={undo} /> });
          setTyped('');
          onDone('deleted');
        },
        onError: (error) => {
          const message = errorMessage(error, bin.deleteFailed);
          setConfirmError(message);
          showErrorToast(message);
        },
      },
    );

  return (
    <Modal opened={opened} onClose={close} title={bin.title(flock.name)} centered size="lg" zIndex={400}>
      <Stack gap="md">
        <Text>{bin.choose}</Text>
        <List spacing="sm">
          <List.Item>
            <Text span fw={700}>
              {bin.archive}
            </Text>{' '}
            {bin.archiveNote(FLOCK_BIN_DAYS)}
          </List.Item>
          {canErase ? (
            <List.Item>
              <Text span fw={700}>
                {bin.deleteEverything}
              </Text>
              : {bin.everythingWarning(FLOCK_BIN_DAYS)}
            </List.Item>
          ) : null}
        </List>
        {canErase ? (
          <TextInput
            id={inputId}
            label={bin.typeName(flock.name)}
            placeholder={flock.name}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              setConfirmError(null);
            }}
            error={confirmError}
            autoComplete="off"
            disabled={remove.isPending}
          />
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            {bin.cancel}
          </Button>
          {canErase ? (
            <Button color="red" variant="outline" onClick={eraseAll} disabled={remove.isPending || !nameMatches}>
              {everythingPending ? bin.deleting : bin.deleteEverything}
            </Button>
          ) : null}
          <Button onClick={archive} disabled={remove.isPending} data-autofocus>
            {archivePending ? bin.archiving : bin.archive}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
