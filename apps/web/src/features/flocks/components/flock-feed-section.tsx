import { ActionIcon, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { feedWords as w, formatKes, formatQuantity, inventoryMessages, type FeedRecord } from '@kuku/domain';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { useCan, useSeesMoney } from '../../../lib/use-can';
import { useConfirmDelete } from '../../../ui/confirm-delete';
import { useDayText } from '../../../ui/date';
import { showErrorToast, showReplacingPopup } from '../../../ui/toast';
import { flockFeedQuery, useDeleteFeed } from '../../feed/api';

// The dialog (its inputs, the store's items) loads on first use, or when the pointer or focus heads for its button.
const RecordFeedModal = lazyWithPreload(() => import('./record-feed-modal'), (mod) => mod.RecordFeedModal);

interface FlockFeedSectionProps {
  flock: { id: number; name: string; status: string };
}

/** Which dialog is open: none yet, or one, opened or closing; the key starts each opening afresh. */
type Dialog = { record: FeedRecord | null; opened: boolean; key: number };

/**
 * A flock's feed (decision 070) in its details overlay: 'Record feed' for the roles that take
 * stock out (not the auditor), and the latest records (date, item, quantity, kg when the item's
 * weight is known, cost for the roles that see money), each edited or deleted (the stock follows).
 */
export function FlockFeedSection({ flock }: FlockFeedSectionProps) {
  const list = useQuery(flockFeedQuery(flock.id));
  const canWrite = useCan('inventory.remove');
  const money = useSeesMoney();
  const day = useDayText();
  const remove = useDeleteFeed();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const open = (record: FeedRecord | null) => setDialog((d) => ({ record, opened: true, key: (d?.key ?? 0) + 1 }));

  const del = useConfirmDelete<FeedRecord>({
    remove,
    items: list.data?.items,
    page: 1,
    setPage: () => {},
    onDeleted: (record) => showReplacingPopup('feed-saved', { title: w.deleted, message: `${day(record.date)} · ${record.item_name}: ${amount(record)}` }),
    onFailed: (error) => showErrorToast(`${w.errorDeleting} ${error.message}`),
  });

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  // An archived flock takes no feed (the server refuses it).
  const canRecord = canWrite && flock.status !== 'archived';

  return (
    <section aria-labelledby="flock-feed-title">
      <Paper withBorder p={{ base: 'md', sm: 'lg' }}>
        <Group justify="space-between" gap="sm" mb="sm">
          <Title order={2} fz="lg" id="flock-feed-title">
            {w.sectionTitle}
          </Title>
          {canRecord ? (
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => open(null)}
              onPointerEnter={RecordFeedModal.preload}
              onFocus={RecordFeedModal.preload}
            >
              {w.recordFeed}
            </Button>
          ) : null}
        </Group>
        {list.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label={w.loading} />
          </Group>
        ) : list.isError && !list.data ? (
          <Text c="dimmed">{w.loadFailed}</Text>
        ) : items.length === 0 ? (
          <Text c="dimmed">{w.none}</Text>
        ) : (
          <>
            <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={w.listLabel} onPointerEnter={del.preload}>
              {items.map((record, index) => (
                <Group
                  key={record.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  gap="sm"
                  py="sm"
                  style={index < items.length - 1 ? { borderBottom: '1px solid var(--mantine-color-default-border)' } : undefined}
                >
                  <Stack gap={0} miw={0}>
                    <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                      {amount(record)} · {record.item_name}
                    </Text>
                    <Text fz="sm" c="dimmed">
                      {[day(record.date), record.kg !== null ? w.kg(formatQuantity(record.kg)) : null, money && record.cost_cents !== undefined ? w.cost(formatKes(record.cost_cents)) : null]
                        .filter(Boolean)
                        .join(' · ')}
                    </Text>
                  </Stack>
                  {canWrite ? (
                    <Group gap="xs" wrap="nowrap">
                      <ActionIcon variant="light" size="lg" aria-label={w.editOf(day(record.date))} onClick={() => open(record)} onPointerEnter={RecordFeedModal.preload}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="light" color="red" size="lg" aria-label={w.deleteOf(day(record.date))} onClick={() => del.ask(record)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  ) : null}
                </Group>
              ))}
            </Stack>
            {total > items.length ? (
              <Text fz="sm" c="dimmed" mt="xs">
                {w.latest(items.length, total)}
              </Text>
            ) : null}
          </>
        )}
      </Paper>
      {dialog ? (
        <Suspense fallback={null}>
          <RecordFeedModal key={dialog.key} opened={dialog.opened} record={dialog.record} flock={flock} onClose={() => setDialog((d) => (d ? { ...d, opened: false } : d))} />
        </Suspense>
      ) : null}
      {del.dialog({ title: w.deleteTitle, message: (record) => `${day(record.date)} · ${amount(record)} · ${record.item_name}. ${w.confirmDelete}`, confirmLabel: w.delete })}
    </section>
  );
}

/** '2 Bags', '15.5 kg'. */
function amount(record: Pick<FeedRecord, 'quantity' | 'unit'>): string {
  return inventoryMessages.amount(formatQuantity(record.quantity), record.unit);
}

export default FlockFeedSection;
