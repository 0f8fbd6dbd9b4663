import { Group, Paper, Stack, Text } from '@mantine/core';
import { EGG_PAGE_SIZE, eggListWords as w, eggMessages, formatCount, formatKes, traysText, type EggProduction } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { useCan, useSeesMoney } from '../../../lib/use-can';
import { useConfirmDelete } from '../../../ui/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { ListPanel, useListControls } from '../../../ui/list-panel';
import { RecordAuthors } from '../../../ui/record-authors';
import { showSuccessToast } from '../../../ui/toast';
import { FIRST_PRODUCTION_PAGE, productionListQuery, productionPath, useDeleteProduction, type ProductionSort } from '../api';
import { WaitingMark } from '../../../outbox/waiting-changes';
import { showEggFailure } from './egg-failure';
import { EggRowActions } from './egg-row-actions';
import { useDayText } from '../../../ui/date';

interface ProductionListProps {
  onEdit: (record: EggProduction) => void;
  /** The pointer or focus is on an edit button: a moment to fetch the form's code. */
  onEditIntent?: () => void;
}

/** The record's revenue, or 'No price' for one kept without a price (not a misleading Ksh 0.00). */
function revenueText(p: EggProduction): string {
  return p.price_per_unit_cents ? formatKes(p.total_revenue_cents ?? 0) : eggMessages.noPrice;
}

/** docs/product.md §2 Egg Production List: searched, sorted and paged by the server, 10 a page. */
export function ProductionList({ onEdit, onEditIntent }: ProductionListProps) {
  const { search, setSearch, q, sort, page, setPage, pager } = useListControls<ProductionSort>(FIRST_PRODUCTION_PAGE);

  const list = useQuery(productionListQuery({ page, q, sort: sort.key, order: sort.order }));
  const remove = useDeleteProduction();
  const dayText = useDayText();
  const canWrite = useCan('eggs.write');
  const money = useSeesMoney();

  const items = list.data?.items;
  const total = list.data?.total ?? 0;
  const what = (p: EggProduction) => w.productionWhat(p.flock_name, dayText(p.date_produced));

  const del = useConfirmDelete<EggProduction>({
    remove,
    items,
    page,
    setPage,
    onDeleted: () => {
      showSuccessToast(eggMessages.productionDeleted);
    },
    onFailed: (error) => {
      showEggFailure(eggMessages.failedToDeleteProduction, error);
    },
  });

  const actions = (p: EggProduction) =>
    canWrite ? <EggRowActions what={what(p)} onEdit={() => onEdit(p)} onDelete={() => del.ask(p)} onIntent={onEditIntent} /> : null;

  const columns: DataTableColumn<EggProduction, ProductionSort>[] = [
    { id: 'date', header: w.date, sortKey: 'date', cell: (p) => dayText(p.date_produced), cellProps: () => ({ style: { whiteSpace: 'nowrap' } }) },
    {
      id: 'flock',
      header: w.flock,
      sortKey: 'flock',
      cell: (p) => (
        <>
          <Text fz="sm" fw={600}>
            {p.flock_name}
          </Text>
          <RecordAuthors record={p} />
          <WaitingMark path={productionPath(p.id)} />
        </>
      ),
    },
    { id: 'eggs', header: w.eggs, sortKey: 'eggs', align: 'right', cell: (p) => formatCount(p.eggs_collected) },
    { id: 'trays', header: w.trays, sortKey: 'trays', cell: (p) => traysText(p.eggs_collected), cellProps: () => ({ style: { whiteSpace: 'nowrap' } }) },
    ...(money
      ? [
          {
            id: 'revenue',
            header: w.revenue,
            sortKey: 'revenue' as const,
            align: 'right' as const,
            cell: (p: EggProduction) => revenueText(p),
            cellProps: () => ({ style: { whiteSpace: 'nowrap' } }),
          },
        ]
      : []),
    ...(canWrite ? [{ id: 'actions', header: w.actions, align: 'right' as const, sticky: true, cell: actions }] : []),
  ];

  const card = (p: EggProduction) => (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={0} miw={0}>
          <Text fw={600}>{p.flock_name}</Text>
          <Text fz="sm" c="dimmed">
            {dayText(p.date_produced)}
          </Text>
        </Stack>
        {actions(p)}
      </Group>
      <Text fw={700} fz="lg" mt={6}>
        {traysText(p.eggs_collected)}
      </Text>
      <Text fz="sm" c="dimmed">
        {w.eggsLine(p.eggs_collected, formatCount(p.eggs_collected))}{money ? ` · ${revenueText(p)}` : ''}
      </Text>
      <RecordAuthors record={p} mt={4} />
      <WaitingMark path={productionPath(p.id)} />
    </Paper>
  );

  return (
    <ListPanel
      title={w.productionTitle}
      aside={
        total > 0 ? (
          <Text c="dimmed" fz="sm">
            {w.records(total, formatCount(total))}
          </Text>
        ) : null
      }
      search={{ label: w.searchProduction, placeholder: w.productionPlaceholder, value: search, onChange: setSearch }}
      onIntent={del.preload}
    >
      <DataTable
        label={w.productionTable}
        columns={columns}
        rows={items}
        rowKey={(p) => p.id}
        status={list.status}
        busy={list.isFetching}
        loadingLabel={w.productionLoading}
        errorText={w.productionFailed}
        emptyText={q ? w.noProductionMatch(q) : eggMessages.noProduction}
        minWidth={680}
        renderCard={card}
        sort={sort}
        pager={pager(total, EGG_PAGE_SIZE, w.productionPages)}
      />
      {del.dialog({ title: w.deleteProduction, message: (deleting) => `${deleting.flock_name}, ${dayText(deleting.date_produced)}: ${traysText(deleting.eggs_collected)}. ${eggMessages.confirmDeleteProduction}` })}
    </ListPanel>
  );
}
