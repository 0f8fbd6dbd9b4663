import { Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { ADJUSTMENT_TYPE_LABELS, EGG_PAGE_SIZE, eggListWords as w, eggMessages, formatCount, traysText, type AdjustmentType, type EggAdjustment } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../../lib/use-can';
import { useConfirmDelete } from '../../../ui/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { ListPanel, useListControls } from '../../../ui/list-panel';
import { RecordAuthors } from '../../../ui/record-authors';
import { showSuccessToast } from '../../../ui/toast';
import { adjustmentListQuery, adjustmentPath, FIRST_ADJUSTMENT_PAGE, useDeleteAdjustment, type AdjustmentSort } from '../api';
import { WaitingMark } from '../../../outbox/waiting-changes';
import { eggsText } from './egg-format';
import { showEggFailure } from './egg-failure';
import { EggRowActions } from './egg-row-actions';
import { useDayText } from '../../../ui/date';


const typeColor: Record<AdjustmentType, string> = { giveaway: 'blue', breakage: 'red', consumption: 'grape' };

function TypeBadge({ type }: { type: AdjustmentType }) {
  return (
    // max-content: beside a long flock name on a phone card the badge was cut short.
    <Badge color={typeColor[type]} variant="light" miw="max-content">
      {ADJUSTMENT_TYPE_LABELS[type]}
    </Badge>
  );
}

/** "2 crates (60 eggs)" when it was entered in crates; the eggs otherwise. */
function amountText(a: EggAdjustment): string {
  if (a.unit === 'crates') return w.crates(a.number, formatCount(a.number), eggsText(a.eggs_adjusted));
  return eggsText(a.eggs_adjusted);
}

interface AdjustmentListProps {
  onEdit: (adjustment: EggAdjustment) => void;
  onEditIntent?: () => void;
}

/** docs/product.md §2 Egg Adjustments List: searched, sorted and paged by the server, 10 a page. */
export function AdjustmentList({ onEdit, onEditIntent }: AdjustmentListProps) {
  const { search, setSearch, q, sort, page, setPage, pager } = useListControls<AdjustmentSort>(FIRST_ADJUSTMENT_PAGE);

  const list = useQuery(adjustmentListQuery({ page, q, sort: sort.key, order: sort.order }));
  const remove = useDeleteAdjustment();
  const dayText = useDayText();
  const canWrite = useCan('eggs.write');

  const items = list.data?.items;
  const total = list.data?.total ?? 0;
  const what = (a: EggAdjustment) => w.adjustmentWhat(ADJUSTMENT_TYPE_LABELS[a.adjustment_type].toLowerCase(), a.flock_name, dayText(a.date_adjusted));

  const del = useConfirmDelete<EggAdjustment>({
    remove,
    items,
    page,
    setPage,
    onDeleted: () => {
      showSuccessToast(eggMessages.adjustmentDeleted);
    },
    onFailed: (error) => {
      showEggFailure(eggMessages.failedToDeleteAdjustment, error);
    },
  });

  const actions = (a: EggAdjustment) =>
    canWrite ? <EggRowActions what={what(a)} onEdit={() => onEdit(a)} onDelete={() => del.ask(a)} onIntent={onEditIntent} /> : null;

  const columns: DataTableColumn<EggAdjustment, AdjustmentSort>[] = [
    { id: 'date', header: w.date, sortKey: 'date', cell: (a) => dayText(a.date_adjusted), cellProps: () => ({ style: { whiteSpace: 'nowrap' } }) },
    {
      id: 'flock',
      header: w.flock,
      sortKey: 'flock',
      cell: (a) => (
        <>
          <Text fz="sm" fw={600}>
            {a.flock_name}
          </Text>
          <RecordAuthors record={a} />
          <WaitingMark path={adjustmentPath(a.id)} />
        </>
      ),
    },
    { id: 'type', header: w.type, sortKey: 'type', cell: (a) => <TypeBadge type={a.adjustment_type} /> },
    {
      id: 'eggs',
      header: w.eggs,
      sortKey: 'eggs',
      cell: (a) => (
        <>
          {traysText(a.eggs_adjusted)}
          <Text component="span" display="block" fz="xs" c="dimmed">
            {amountText(a)}
          </Text>
        </>
      ),
      cellProps: () => ({ style: { whiteSpace: 'nowrap' } }),
    },
    {
      id: 'notes',
      header: w.notes,
      cell: (a) => a.notes || '—',
      cellProps: () => ({ c: 'dimmed', style: { maxWidth: 240, overflowWrap: 'anywhere' } }),
    },
    ...(canWrite ? [{ id: 'actions', header: w.actions, align: 'right' as const, sticky: true, cell: actions }] : []),
  ];

  const card = (a: EggAdjustment) => (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={0} miw={0}>
          <Text fw={600}>{a.flock_name}</Text>
          <Text fz="sm" c="dimmed">
            {dayText(a.date_adjusted)}
          </Text>
        </Stack>
        <TypeBadge type={a.adjustment_type} />
      </Group>
      <Group justify="space-between" align="flex-end" wrap="nowrap" gap="xs" mt={6}>
        <Stack gap={0} miw={0}>
          <Text fw={700}>{traysText(a.eggs_adjusted)}</Text>
          <Text fz="sm" c="dimmed">
            {amountText(a)}
          </Text>
          {a.notes ? (
            <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {a.notes}
            </Text>
          ) : null}
        </Stack>
        {actions(a)}
      </Group>
      <RecordAuthors record={a} mt={4} />
      <WaitingMark path={adjustmentPath(a.id)} />
    </Paper>
  );

  return (
    <ListPanel
      title={w.adjustmentTitle}
      aside={
        total > 0 ? (
          <Text c="dimmed" fz="sm">
            {w.adjustments(total, formatCount(total))}
          </Text>
        ) : null
      }
      search={{ label: w.searchAdjustments, placeholder: w.adjustmentPlaceholder, value: search, onChange: setSearch }}
      onIntent={del.preload}
    >
      <DataTable
        label={w.adjustmentTable}
        columns={columns}
        rows={items}
        rowKey={(a) => a.id}
        status={list.status}
        busy={list.isFetching}
        loadingLabel={w.adjustmentLoading}
        errorText={eggMessages.failedToLoadAdjustments}
        emptyText={q ? w.noAdjustmentMatch(q) : eggMessages.noAdjustments}
        minWidth={720}
        renderCard={card}
        sort={sort}
        pager={pager(total, EGG_PAGE_SIZE, w.adjustmentPages)}
      />
      {del.dialog({ title: w.deleteAdjustment, message: (deleting) => `${w.adjustmentOf(ADJUSTMENT_TYPE_LABELS[deleting.adjustment_type], deleting.flock_name)}, ${dayText(deleting.date_adjusted)}: ${traysText(deleting.eggs_adjusted)}. ${eggMessages.confirmDeleteAdjustment}` })}
    </ListPanel>
  );
}
