import { ActionIcon, Anchor, Badge, Button, Group, Paper, Text } from '@mantine/core';
import {
  formatKes,
  formatQuantity,
  INVENTORY_KIND_LABELS,
  INVENTORY_PAGE_SIZE,
  INVENTORY_UNIT_ONE,
  inventoryKindMessages,
  inventoryMessages as m,
  type InventoryItem,
  type InventorySort,
} from '@kuku/domain';
import { IconMinus, IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCan, useSeesMoney } from '../../../lib/use-can';
import { useConfirmDelete } from '../../../ui/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { ListPanel, useListControls } from '../../../ui/list-panel';
import { FIRST_INVENTORY_PAGE, inventoryListQuery, useDeleteItem } from '../api';
import { quantityText } from './inventory-format';
import type { InventoryNotices } from './inventory-toasts';

// The confirmation dialog is not on the first screen: it loads when the pointer or focus
// comes near the list, or with the first delete asked for (docs/design.md §9 budget).
const ConfirmModal = lazyWithPreload(() => import('../../../ui/confirm-modal'), (mod) => mod.ConfirmModal);

interface InventoryListProps {
  onEdit: (item: InventoryItem) => void;
  onRemove: (item: InventoryItem) => void;
  onDetails: (item: InventoryItem) => void;
  /** The pointer or focus is near the list: a moment to fetch the forms' code. */
  onIntent?: () => void;
  notices: InventoryNotices;
}

function LowBadge() {
  return (
    <Badge color="orange" variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {m.lowStockBadge}
    </Badge>
  );
}

/** What the item is (decision 070), and for feed not counted in kg the weight of one unit: 'Feed · 50 kg a bag'. */
export function kindText(item: Pick<InventoryItem, 'kind' | 'unit' | 'unit_weight_kg'>): string {
  const kind = INVENTORY_KIND_LABELS[item.kind] ?? item.kind;
  return item.kind === 'feed' && item.unit !== 'kg' && item.unit_weight_kg !== null
    ? `${kind} · ${inventoryKindMessages.weightPer(formatQuantity(item.unit_weight_kg), INVENTORY_UNIT_ONE[item.unit])}`
    : kind;
}

/**
 * docs/product.md §2 Inventory: the item list, searched (name, flock), sorted and paged by the server, 10 a
 * page, the items at or below their reorder level badged; each item's history, edit, stock
 * removal, and delete after the product's question.
 */
export function InventoryList({ onEdit, onRemove, onDetails, onIntent, notices }: InventoryListProps) {
  const { search, setSearch, q, sort, page, setPage, pager } = useListControls<InventorySort>(FIRST_INVENTORY_PAGE);

  const list = useQuery(inventoryListQuery({ page, q, sort: sort.key, order: sort.order }));
  const remove = useDeleteItem();
  const canWrite = useCan('inventory.write');
  const canRemove = useCan('inventory.remove');
  const money = useSeesMoney();

  const items = list.data?.items;
  const total = list.data?.total ?? 0;

  const del = useConfirmDelete<InventoryItem>({
    remove,
    items,
    page,
    setPage,
    onDeleted: (item) => {
      notices.saved(m.deleted, item);
    },
    onFailed: (error) => {
      notices.failed(m.errorUpdating, error);
    },
  });

  const intent = () => {
    onIntent?.();
    ConfirmModal.preload();
  };

  // docs/design.md §6: a worker removes stock only; an auditor changes nothing.
  const actions = (item: InventoryItem) => (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {canWrite ? (
        <ActionIcon variant="light" size="lg" aria-label={m.editItemOf(item.item_name)} onClick={() => onEdit(item)}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
      ) : null}
      {canRemove ? (
        // The stock button says what it does; its name says which item.
        <Button variant="light" color="orange" size="sm" leftSection={<IconMinus size={16} aria-hidden />} aria-label={m.removeStockOf(item.item_name)} onClick={() => onRemove(item)}>
          {m.removeShort}
        </Button>
      ) : null}
      {canWrite ? (
        <ActionIcon variant="light" color="red" size="lg" aria-label={m.deleteItemOf(item.item_name)} onClick={() => del.ask(item)}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      ) : null}
    </Group>
  );
  // The name opens the item's details and stock movements.
  const name = (item: InventoryItem) => (
    <Anchor
      component="button"
      type="button"
      fw={600}
      ta="left"
      style={{ overflowWrap: 'break-word' }}
      aria-label={m.detailsOf(item.item_name)}
      onClick={() => onDetails(item)}
    >
      {item.item_name}
    </Anchor>
  );
  const nowrap = () => ({ style: { whiteSpace: 'nowrap' } as const });

  const columns: DataTableColumn<InventoryItem, InventorySort>[] = [
    {
      id: 'name',
      header: m.nameColumn,
      sortKey: 'name',
      cell: (item) => (
        <>
          <Group gap="xs" wrap="wrap">
            {name(item)}
            {item.low_stock ? <LowBadge /> : null}
          </Group>
          <Text fz="xs" c="dimmed">
            {kindText(item)}
          </Text>
        </>
      ),
      // Names break between words, not inside one ('Amprolium', 'Disinfectant').
      cellProps: () => ({ style: { minWidth: 150 } }),
    },
    { id: 'flock', header: m.flockColumn, sortKey: 'flock', cell: (item) => item.flock_name },
    { id: 'quantity', header: m.quantityColumn, sortKey: 'quantity', align: 'right', cell: (item) => quantityText(item.quantity, item.unit), cellProps: nowrap },
    { id: 'reorder', header: m.reorderColumn, sortKey: 'reorder_level', align: 'right', cell: (item) => formatQuantity(item.reorder_level), cellProps: nowrap },
    // A role that does not see money gets no cost or value (decision 051).
    ...(money
      ? [
          { id: 'cost', header: m.costColumn, sortKey: 'cost' as const, align: 'right' as const, cell: (item: InventoryItem) => m.costPer(formatKes(item.cost_per_unit_cents ?? 0), item.unit), cellProps: nowrap },
          {
            id: 'value',
            header: m.valueColumn,
            sortKey: 'value' as const,
            align: 'right' as const,
            cell: (item: InventoryItem) => formatKes(item.value_cents ?? 0),
            cellProps: () => ({ fw: 700, style: { whiteSpace: 'nowrap' } }),
          },
        ]
      : []),
    ...(canWrite || canRemove ? [{ id: 'actions', header: m.actionsColumn, align: 'right' as const, sticky: true, cell: actions }] : []),
  ];

  const card = (item: InventoryItem) => (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Group gap="xs" wrap="wrap">
            {name(item)}
            {item.low_stock ? <LowBadge /> : null}
          </Group>
          <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {item.flock_name} · {kindText(item)}
          </Text>
        </div>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {quantityText(item.quantity, item.unit)}
        </Text>
      </Group>
      <Text fz="sm" c="dimmed" mt={4}>
        {m.reorderColumn}: {formatQuantity(item.reorder_level)}
        {money ? ` · ${m.costPer(formatKes(item.cost_per_unit_cents ?? 0), item.unit)} · ${m.valueColumn}: ${formatKes(item.value_cents ?? 0)}` : null}
      </Text>
      {canWrite || canRemove ? (
        <Group mt="xs" justify="flex-end" wrap="nowrap" gap="xs">
          {actions(item)}
        </Group>
      ) : null}
    </Paper>
  );

  return (
    <ListPanel
      title={m.itemList}
      aside={
        total > 0 ? (
          <Text c="dimmed" fz="sm">
            {m.itemCount(total)}
          </Text>
        ) : null
      }
      search={{ label: m.searchLabel, placeholder: m.searchPlaceholder, value: search, onChange: setSearch }}
      onIntent={intent}
    >
      <DataTable
        label={m.itemList}
        columns={columns}
        rows={items}
        rowKey={(item) => item.id}
        status={list.status}
        busy={list.isFetching}
        loadingLabel={m.listLoading}
        errorText={m.listFailed}
        emptyText={q ? m.noMatch(q) : m.noItems}
        minWidth={900}
        renderCard={card}
        sort={sort}
        pager={pager(total, INVENTORY_PAGE_SIZE, m.listPages)}
      />
      {del.dialog({ title: m.deleteItem, message: (deleting) => `${deleting.item_name}. ${m.confirmDelete}`, confirmLabel: m.delete })}
    </ListPanel>
  );
}
