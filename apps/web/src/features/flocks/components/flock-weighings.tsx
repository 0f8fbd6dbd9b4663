import { ActionIcon, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { formatQuantity, weighingMessages as m, type Weighing } from '@kuku/domain';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { useCan } from '../../../lib/use-can';
import { useConfirmDelete } from '../../../ui/confirm-delete';
import { useDayText } from '../../../ui/date';
import { showErrorToast, showReplacingPopup } from '../../../ui/toast';
import { flockWeighingsQuery, useDeleteWeighing } from '../economics-api';

// The dialog loads on first use, or when the pointer or focus heads for its button.
const RecordWeighingModal = lazyWithPreload(() => import('./record-weighing-modal'), (mod) => mod.RecordWeighingModal);

interface FlockWeighingsProps {
  flock: { id: number; name: string; status: string; bird_count: number };
  /** The flock's first day in the farm's days: no weighing before it. */
  firstDay: string;
}

/** '20 birds · 42.1 kg · average 2.105 kg'. */
const summary = (weighing: Weighing) => m.summary(weighing.birds, formatQuantity(weighing.total_kg), formatQuantity(weighing.average_kg));

/**
 * A broiler batch's sample weighings (decision 071): 'Record a weighing' for the roles that count
 * the birds (not the auditor), the latest weighings with their average, each deleted after asking.
 */
export function FlockWeighings({ flock, firstDay }: FlockWeighingsProps) {
  const list = useQuery(flockWeighingsQuery(flock.id));
  const canCount = useCan('flocks.count');
  const day = useDayText();
  const remove = useDeleteWeighing();
  const [dialog, setDialog] = useState<{ opened: boolean; key: number } | null>(null);
  const canRecord = canCount && flock.status !== 'archived';

  const del = useConfirmDelete<Weighing>({
    remove,
    items: list.data?.items,
    page: 1,
    setPage: () => {},
    onDeleted: (weighing) => showReplacingPopup('weighing-saved', { title: m.deleted, message: `${day(weighing.date)} · ${summary(weighing)}` }),
    onFailed: (error) => showErrorToast(`${m.errorDeleting} ${error.message}`),
  });

  const items = list.data?.items ?? [];

  return (
    <Stack gap="xs" mt="lg">
      <Group justify="space-between" gap="sm">
        <Title order={3} fz="md">
          {m.title}
        </Title>
        {canRecord ? (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setDialog((d) => ({ opened: true, key: (d?.key ?? 0) + 1 }))}
            onPointerEnter={RecordWeighingModal.preload}
            onFocus={RecordWeighingModal.preload}
          >
            {m.recordWeighing}
          </Button>
        ) : null}
      </Group>
      {list.isPending ? (
        <Group justify="center" py="md">
          <Loader size="sm" aria-label={m.loading} />
        </Group>
      ) : list.isError && !list.data ? (
        <Text c="dimmed">{m.loadFailed}</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {m.noWeighings}
        </Text>
      ) : (
        <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={m.listLabel} onPointerEnter={del.preload}>
          {items.map((weighing, index) => (
            <Group
              key={weighing.id}
              component="li"
              justify="space-between"
              wrap="nowrap"
              gap="sm"
              py="sm"
              style={index < items.length - 1 ? { borderBottom: '1px solid var(--mantine-color-default-border)' } : undefined}
            >
              <Stack gap={0} miw={0}>
                <Text fw={600}>{day(weighing.date)}</Text>
                <Text fz="sm" c="dimmed">
                  {summary(weighing)}
                </Text>
              </Stack>
              {canCount ? (
                <ActionIcon variant="light" color="red" size="lg" aria-label={m.deleteOf(day(weighing.date))} onClick={() => del.ask(weighing)}>
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              ) : null}
            </Group>
          ))}
        </Stack>
      )}
      {dialog ? (
        <Suspense fallback={null}>
          <RecordWeighingModal
            key={dialog.key}
            opened={dialog.opened}
            flock={flock}
            firstDay={firstDay}
            onClose={() => setDialog((d) => (d ? { ...d, opened: false } : d))}
          />
        </Suspense>
      ) : null}
      {del.dialog({ title: m.deleteTitle, message: (weighing) => `${day(weighing.date)} · ${summary(weighing)}. ${m.confirmDelete}`, confirmLabel: m.delete })}
    </Stack>
  );
}
