import { Badge, Group, Modal, Paper, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  formatKes,
  formatQuantity,
  inventoryMessages as m,
  MOVEMENT_KIND_LABELS,
  REMOVAL_REASON_LABELS,
  type InventoryItem,
  type StockMovement,
} from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSeesMoney } from '../../../lib/use-can';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { useFarmDates } from '../../../ui/date';
import { RecordAuthors } from '../../../ui/record-authors';
import { inventoryMovementsQuery } from '../api';
import { changeText, quantityText } from './inventory-format';
import classes from './item-details-modal.module.css';

/** 'Removed · Spoiled · wet bags': the movement's kind, its reason and its note. */
export function movementWhy(movement: StockMovement): string {
  return [MOVEMENT_KIND_LABELS[movement.kind], movement.reason ? REMOVAL_REASON_LABELS[movement.reason] : null, movement.note]
    .filter(Boolean)
    .join(' · ');
}

interface ItemDetailsModalProps {
  opened: boolean;
  onClose: () => void;
  item: InventoryItem;
}

/** An item's figures and its stock movements (who, when, the change, the balance after it, why), newest first. */
export function ItemDetailsModal({ opened, onClose, item }: ItemDetailsModalProps) {
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const [page, setPage] = useState(1);
  const money = useSeesMoney();
  const movements = useQuery(inventoryMovementsQuery(item.id, page));
  const dates = useFarmDates();
  const total = movements.data?.total ?? 0;
  const who = (mv: StockMovement) => mv.user_name ?? '—';

  const columns: DataTableColumn<StockMovement>[] = [
    { id: 'when', header: m.whenColumn, cell: (mv) => dates.dateTime(mv.created_at), cellProps: () => ({ style: { whiteSpace: 'nowrap' } }) },
    { id: 'who', header: m.whoColumn, cell: who },
    {
      id: 'change',
      header: m.changeColumn,
      align: 'right',
      cell: (mv) => changeText(mv.change),
      cellProps: () => ({ fw: 700, style: { whiteSpace: 'nowrap' } }),
    },
    { id: 'balance', header: m.balanceColumn, align: 'right', cell: (mv) => formatQuantity(mv.balance) },
    { id: 'why', header: m.whyColumn, cell: movementWhy, cellProps: () => ({ style: { overflowWrap: 'anywhere' } }) },
  ];

  const card = (mv: StockMovement) => (
    <Paper withBorder radius="md" p="xs">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fz="sm">{dates.dateTime(mv.created_at)}</Text>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {changeText(mv.change)}
        </Text>
      </Group>
      <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {movementWhy(mv)} · {who(mv)} · {m.balanceColumn}: {formatQuantity(mv.balance)}
      </Text>
    </Paper>
  );

  return (
    <Modal opened={opened} onClose={onClose} title={m.detailsTitle} size="xl" fullScreen={phone} centered>
      <Group gap="xs" mb="xs">
        <Text fw={700} fz="lg" style={{ overflowWrap: 'anywhere' }}>
          {item.item_name}
        </Text>
        {item.low_stock ? (
          <Badge color="orange" variant="light" radius="sm">
            {m.lowStockBadge}
          </Badge>
        ) : null}
      </Group>
      <dl className={classes.figures}>
        <div>
          <dt>{m.flockColumn}</dt>
          <dd>{item.flock_name}</dd>
        </div>
        <div>
          <dt>{m.quantityColumn}</dt>
          <dd>{quantityText(item.quantity, item.unit)}</dd>
        </div>
        <div>
          <dt>{m.reorderColumn}</dt>
          <dd>{formatQuantity(item.reorder_level)}</dd>
        </div>
        {/* A role that does not see money gets no cost or value (decision 051). */}
        {money ? (
          <>
            <div>
              <dt>{m.costColumn}</dt>
              <dd>{formatKes(item.cost_per_unit_cents ?? 0)}</dd>
            </div>
            <div>
              <dt>{m.valueColumn}</dt>
              <dd>{formatKes(item.value_cents ?? 0)}</dd>
            </div>
          </>
        ) : null}
      </dl>
      <RecordAuthors record={item} mb="sm" />
      <h3 className={classes.heading}>{m.history}</h3>
      <DataTable
        label={m.history}
        columns={columns}
        rows={movements.data?.items}
        rowKey={(mv) => mv.id}
        status={movements.status}
        busy={movements.isFetching}
        loadingLabel={m.movementsLoading}
        errorText={m.movementsFailed}
        emptyText={m.noMovements}
        minWidth={640}
        renderCard={card}
        pager={{ page, pages: Math.max(1, Math.ceil(total / 10)), onChange: setPage, label: m.movementsPages }}
      />
    </Modal>
  );
}

export default ItemDetailsModal;
