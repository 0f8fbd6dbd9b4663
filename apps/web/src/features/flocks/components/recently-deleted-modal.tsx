import { Alert, Button, Group, Loader, Modal, Paper, Stack, Text } from '@mantine/core';
import { binCountsText, flockBinMessages as bin } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { useFarmDates } from '../../../ui/date';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { deletedFlocksQuery, useRestoreFlock } from '../bin-api';
import { hideDeletedToast } from './delete-flock-modal';

interface RecentlyDeletedModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The owner's flocks deleted with their records in the last FLOCK_BIN_DAYS, each with 'Restore' (decision 052). */
export function RecentlyDeletedModal({ opened, onClose }: RecentlyDeletedModalProps) {
  const deleted = useQuery({ ...deletedFlocksQuery(), enabled: opened });
  // The toasts are the mutation's own callbacks, not mutate()'s: the restore reads every query
  // again, and a screen that suspends meanwhile would drop callbacks given to mutate().
  const restore = useRestoreFlock({
    onSuccess: ({ name, flock_id }) => {
      // Its delete's 'Undo' has nothing left to undo.
      hideDeletedToast(flock_id);
      showSuccessToast(bin.restored(name));
    },
    onError: (error) => showErrorToast(errorMessage(error, bin.restoreFailed)),
  });
  const dates = useFarmDates();

  return (
    <Modal opened={opened} onClose={onClose} title={bin.recentlyDeleted} centered size="lg">
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {bin.recentlyDeletedIntro}
        </Text>
        {deleted.isPending ? (
          <Group justify="center" role="status">
            <Loader size="sm" aria-hidden />
            <Text size="sm">{bin.loading}</Text>
          </Group>
        ) : deleted.isError ? (
          <Alert color="red">{bin.listFailed}</Alert>
        ) : deleted.data.items.length === 0 ? (
          <Text>{bin.none}</Text>
        ) : (
          <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={bin.recentlyDeleted}>
            {deleted.data.items.map((item) => (
              <Paper key={item.id} component="li" withBorder p="sm" radius="md">
                <Group justify="space-between" align="flex-start" gap="sm">
                  <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
                    <Text fw={700}>{item.name}</Text>
                    <Text size="sm">{binCountsText(item.counts)}</Text>
                    <Text size="sm" c="dimmed">
                      {bin.deletedBy(item.deleted_by, dates.date(item.deleted_at))} · {bin.keptUntil(dates.date(item.expires_at))}
                    </Text>
                  </Stack>
                  <Button
                    variant="light"
                    loading={restore.isPending && restore.variables && 'entryId' in restore.variables && restore.variables.entryId === item.id}
                    // While the list is read again it may still show an entry restored or replaced
                    // meanwhile (an Undo, another delete): its Restore would only fail.
                    disabled={restore.isPending || deleted.isFetching}
                    aria-label={`${bin.restore} ${item.name}`}
                    onClick={() =>
                      restore.mutate({ entryId: item.id })
                    }
                  >
                    {bin.restore}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </Stack>
    </Modal>
  );
}
