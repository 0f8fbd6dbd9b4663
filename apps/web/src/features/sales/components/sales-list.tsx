import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { debtorMessages, formatKes, SALE_PAGE_SIZE, saleCategoryLabel, saleMessages, saleTypeLabel, type Sale, type SaleSort, type SaleStatus } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCan } from '../../../lib/use-can';
import { useConfirmDelete } from '../../../ui/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { ListPanel, useListControls } from '../../../ui/list-panel';
import { RecordAuthors } from '../../../ui/record-authors';
import { showInfoToast, showSuccessToast } from '../../../ui/toast';
import { FIRST_SALE_PAGE, saleListQuery, salePath, useDeleteSale, useUpdateSale } from '../api';
import { WaitingMark } from '../../../outbox/waiting-changes';
import { quantityText } from './sale-format';
import { SaleMarkButtons, SaleRowActions, SaleStatusBadge } from './sale-status';
import { showSaleFailure } from './sale-toasts';
import { useDayText } from '../../../ui/date';
import { isKeptToChoose } from '../../../outbox/kept-to-choose';
import { showSavedOnPhone } from '../../../outbox/saved-on-phone';

interface SalesListProps {
  onEdit: (sale: Sale) => void;
  /** The pointer or focus is on an edit button: a moment to fetch the form's code. */
  onEditIntent?: () => void;
}

/**
 * docs/product.md §2 Recent Sales: searched (ref, product, flock, description), sorted and paged by the
 * server, 10 a page; each sale marked paid or pending at once, edited, or deleted after a question.
 */
export function SalesList({ onEdit, onEditIntent }: SalesListProps) {
  const { search, setSearch, q, sort, page, setPage, pager } = useListControls<SaleSort>(FIRST_SALE_PAGE);

  const list = useQuery(saleListQuery({ page, q, sort: sort.key, order: sort.order }));
  const update = useUpdateSale();
  const remove = useDeleteSale();
  const dayText = useDayText();
  const canWrite = useCan('sales.write');

  const items = list.data?.items;
  const total = list.data?.total ?? 0;
  const savingId = update.isPending ? update.variables.record.id : null;

  const markStatus = (sale: Sale, status: SaleStatus) => {
    update.mutate(
      { record: sale, input: { status } },
      {
        onSuccess: (saved) => (saved ? showSuccessToast(saleMessages.markedAs(saved.ref_no, saved.status)) : showSavedOnPhone()),
        // Changed on another phone since: the list of records on the phone asks which to keep.
        onError: (error) => (isKeptToChoose(error) ? undefined : showSaleFailure(saleMessages.couldNotUpdate(sale.ref_no), error)),
      },
    );
  };

  const del = useConfirmDelete<Sale>({
    remove,
    items,
    page,
    setPage,
    onDeleted: () => {
      showInfoToast(saleMessages.deleted, { title: saleMessages.saleDeletedTitle });
    },
    onFailed: (error) => {
      showSaleFailure(saleMessages.errorDeleting, error);
    },
  });

  const actions = (sale: Sale) =>
    canWrite ? <SaleRowActions sale={sale} onEdit={onEdit} onDelete={del.ask} onEditIntent={onEditIntent} /> : null;
  const mark = (sale: Sale) => (canWrite ? <SaleMarkButtons sale={sale} saving={savingId === sale.id} onStatus={markStatus} /> : null);
  const nowrap = () => ({ style: { whiteSpace: 'nowrap' } as const });

  const columns: DataTableColumn<Sale, SaleSort>[] = [
    { id: 'ref', header: saleMessages.refColumn, sortKey: 'ref', cell: (s) => s.ref_no, cellProps: () => ({ fw: 600, style: { whiteSpace: 'nowrap' } }) },
    { id: 'date', header: saleMessages.dateColumn, sortKey: 'date', cell: (s) => dayText(s.date), cellProps: nowrap },
    {
      id: 'product',
      header: saleMessages.productColumn,
      sortKey: 'product',
      cell: (s) => (
        <>
          {s.product}
          <Text component="span" display="block" fz="xs" c="dimmed">
            {saleCategoryLabel(s.category)}
          </Text>
          <RecordAuthors record={s} />
          <WaitingMark path={salePath(s.id)} />
        </>
      ),
    },
    { id: 'flock', header: saleMessages.flockColumn, sortKey: 'flock', cell: (s) => s.flock_name },
    { id: 'quantity', header: saleMessages.quantityColumn, sortKey: 'quantity', align: 'right', cell: (s) => quantityText(s.quantity, s.unit), cellProps: nowrap },
    {
      id: 'amount',
      header: saleMessages.amountColumn,
      sortKey: 'amount',
      align: 'right',
      cell: (s) => (
        <>
          <Text component="span" fw={700} fz="sm">
            {formatKes(s.amount_cents)}
          </Text>
          <Text component="span" display="block" fz="xs" c="dimmed">
            {saleTypeLabel(s.sale_type)}
          </Text>
        </>
      ),
      cellProps: nowrap,
    },
    {
      id: 'status',
      header: saleMessages.statusColumn,
      sortKey: 'status',
      // The status and the button that changes it, together.
      cell: (s) => (
        <Stack gap={6} align="flex-start">
          <SaleStatusBadge status={s.status} />
          {mark(s)}
        </Stack>
      ),
    },
    ...(canWrite ? [{ id: 'actions', header: saleMessages.actionsColumn, align: 'right' as const, sticky: true, cell: actions }] : []),
  ];

  const card = (s: Sale) => (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={0} miw={0}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {s.product}
          </Text>
          <Text fz="sm" c="dimmed">
            {s.ref_no} · {dayText(s.date)}
          </Text>
        </Stack>
        <SaleStatusBadge status={s.status} />
      </Group>
      <Text fw={700} fz="lg" mt={6}>
        {formatKes(s.amount_cents)}
      </Text>
      <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {quantityText(s.quantity, s.unit)} × {formatKes(s.unit_price_cents)} · {saleCategoryLabel(s.category)} · {saleTypeLabel(s.sale_type)}
      </Text>
      <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {s.flock_name}
        {s.description ? ` · ${s.description}` : ''}
      </Text>
      <RecordAuthors record={s} mt={4} />
      <WaitingMark path={salePath(s.id)} />
      {canWrite ? (
        <Group mt="xs" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs">{mark(s)}</Group>
          {actions(s)}
        </Group>
      ) : null}
    </Paper>
  );

  return (
    <ListPanel
      title={saleMessages.recentSales}
      aside={
        <Group gap="sm" wrap="nowrap">
          {total > 0 ? (
            <Text c="dimmed" fz="sm">
              {saleMessages.salesCount(total)}
            </Text>
          ) : null}
          <Button component={Link} to={paths.debtors.getHref()} size="compact-sm" variant="light" leftSection={<IconUsers size={16} aria-hidden />}>
            {debtorMessages.openDebtors}
          </Button>
        </Group>
      }
      search={{ label: saleMessages.searchLabel, placeholder: saleMessages.searchPlaceholder, value: search, onChange: setSearch }}
      onIntent={del.preload}
    >
      <DataTable
        label={saleMessages.listLabel}
        columns={columns}
        rows={items}
        rowKey={(s) => s.id}
        status={list.status}
        busy={list.isFetching}
        loadingLabel={saleMessages.listLoading}
        errorText={saleMessages.listFailed}
        emptyText={q ? saleMessages.noMatch(q) : saleMessages.noSales}
        minWidth={840}
        renderCard={card}
        sort={sort}
        pager={pager(total, SALE_PAGE_SIZE, saleMessages.listPages)}
      />
      {del.dialog({ title: saleMessages.deleteSale, message: (deleting) => `${deleting.ref_no}, ${deleting.product}: ${formatKes(deleting.amount_cents)}. ${saleMessages.confirmDelete}` })}
    </ListPanel>
  );
}
