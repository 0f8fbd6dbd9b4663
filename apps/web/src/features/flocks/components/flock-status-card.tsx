import { NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import {
  QUICK_ACTION_STATUSES,
  flockDetailWords as m,
  flockMessages,
  flockStatusLabel,
  flockStatusUpdatedMessage,
  type Flock,
  type FlockStatus,
} from '@kuku/domain';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { useUpdateFlock } from '../api';
import { FlockStatusBadge } from './flock-status-badge';

/** Built in render, not when the module loads: a Kiswahili page's words arrive after that. */
const statusOptions = () => [
  { value: '', label: m.selectStatus, disabled: true },
  ...QUICK_ACTION_STATUSES.map((status) => ({ value: status, label: flockStatusLabel(status) })),
];

function isQuickStatus(value: string | null): value is FlockStatus {
  return QUICK_ACTION_STATUSES.some((status) => status === value);
}

/** docs/product.md §4 Flock status: any value may be picked and is saved at once. */
export function FlockStatusCard({ flock }: { flock: Flock }) {
  const update = useUpdateFlock(flock.id);

  return (
    <Paper withBorder p="md" h="100%">
      <Stack gap="sm">
        <div>
          <Title order={3} fz="md">
            {m.changeStatus}
          </Title>
          <Text fz="sm" c="dimmed" component="div">
            {m.currentStatus} <FlockStatusBadge status={flock.status} />
          </Text>
        </div>
        <NativeSelect
          label={m.flockStatus}
          data={statusOptions()}
          value={isQuickStatus(flock.status) ? flock.status : ''}
          disabled={update.isPending}
          description={update.isPending ? m.saving : m.savedAtOnce}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (!isQuickStatus(value) || value === flock.status) return;
            update.mutate(
              { status: value },
              {
                onSuccess: (updated) => showSuccessToast(flockStatusUpdatedMessage(updated.status)),
                onError: () => showErrorToast(flockMessages.failedToUpdateStatus),
              },
            );
          }}
        />
      </Stack>
    </Paper>
  );
}
