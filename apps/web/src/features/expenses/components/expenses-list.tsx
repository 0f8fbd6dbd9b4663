import { ActionIcon, Group, Paper, Text } from '@mantine/core';
import { EXPENSE_PAGE_SIZE, expenseCategoryLabel, expenseMessages as m, formatCount, formatKes, type Expense, type ExpenseSort } from '@kuku/domain';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCan } from '../../../lib/use-can';
import { useConfirmDelete } from '../../../ui/confirm-delete';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { ListPanel, useListControls } from '../../../ui/list-panel';
import { RecordAuthors } from '../../../ui/record-authors';
import { expenseListQuery, expensePath, FIRST_EXPENSE_PAGE, useDeleteExpense } from '../api';
import { WaitingMark } from '../../../outbox/waiting-changes';
import { expenseSummary } from './expense-format';
import { showExpenseFailure, showExpensePopup } from './expense-toasts';
import { useDayText } from '../../../ui/date';

interface ExpensesListProps {
  onEdit: (expense: Expense) => void;
  /** The pointer or focus is on an edit button: a moment to fetch the form's code. */
  onEditIntent?: () => void;
}

/**
 * docs/product.md §2 Expenses: the expense list, searched (description, category, flock), sorted and
 * paged by the server, 10 a page; each expense edited, or deleted after the product's question.
 */
export function ExpensesList({ onEdit, onEditIntent }: ExpensesListProps) {
  const { search, setSearch, q, sort, page, setPage, pager } = useListControls<ExpenseSort>(FIRST_EXPENSE_PAGE);

  const list = useQuery(expenseListQuery({ page, q, sort: sort.key, order: sort.order }));
  const remove = useDeleteExpense();
  const dayText = useDayText();
  const canWrite = useCan('expenses.write');

  const items = list.data?.items;
  const total = list.data?.total ?? 0;

  const del = useConfirmDelete<Expense>({
    remove,
    items,
    page,
    setPage,
    onDeleted: (item) => {
      showExpensePopup(m.deleted, expenseSummary(item));
    },
    onFailed: (error) => {
      showExpenseFailure(m.failedToDelete, error, m.errorTitle);
    },
  });

  const actions = (e: Expense) =>
    canWrite ? (
      <Group gap="xs" wrap="nowrap" justify="flex-end">
        <ActionIcon variant="light" size="lg" aria-label={m.editExpenseOf(e.description)} onClick={() => onEdit(e)} onPointerEnter={onEditIntent} onFocus={onEditIntent}>
          <IconPencil size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon variant="light" color="red" size="lg" aria-label={m.deleteExpenseOf(e.description)} onClick={() => del.ask(e)}>
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    ) : null;
  const nowrap = () => ({ style: { whiteSpace: 'nowrap' } as const });

  const columns: DataTableColumn<Expense, ExpenseSort>[] = [
    { id: 'date', header: m.dateLabel, sortKey: 'date', cell: (e) => dayText(e.date), cellProps: nowrap },
    {
      id: 'description',
      header: m.descriptionLabel,
      sortKey: 'description',
      cell: (e) => (
        <>
          {e.description}
          <RecordAuthors record={e} />
          <WaitingMark path={expensePath(e.id)} />
        </>
      ),
      cellProps: () => ({ style: { overflowWrap: 'anywhere' } }),
    },
    { id: 'category', header: m.categoryLabel, sortKey: 'category', cell: (e) => expenseCategoryLabel(e.category) },
    { id: 'flock', header: m.flockColumn, sortKey: 'flock', cell: (e) => e.flock_name },
    {
      id: 'amount',
      header: m.amountColumn,
      sortKey: 'amount',
      align: 'right',
      cell: (e) => formatKes(e.amount_cents),
      cellProps: () => ({ fw: 700, style: { whiteSpace: 'nowrap' } }),
    },
    ...(canWrite ? [{ id: 'actions', header: m.actionsColumn, align: 'right' as const, sticky: true, cell: actions }] : []),
  ];

  const card = (e: Expense) => (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {e.description}
          </Text>
          <Text fz="sm" c="dimmed">
            {dayText(e.date)} · {expenseCategoryLabel(e.category)}
          </Text>
        </div>
        <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
          {formatKes(e.amount_cents)}
        </Text>
      </Group>
      <Group mt="xs" justify="space-between" wrap="nowrap" gap="xs">
        <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {e.flock_name}
        </Text>
        {actions(e)}
      </Group>
      <RecordAuthors record={e} mt={4} />
      <WaitingMark path={expensePath(e.id)} />
    </Paper>
  );

  return (
    <ListPanel
      title={m.expenseList}
      aside={
        total > 0 ? (
          <Text c="dimmed" fz="sm">
            {m.expenseCount(total, formatCount(total))}
          </Text>
        ) : null
      }
      search={{ label: m.searchLabel, placeholder: m.searchPlaceholder, value: search, onChange: setSearch }}
      onIntent={del.preload}
    >
      <DataTable
        label={m.expenseList}
        columns={columns}
        rows={items}
        rowKey={(e) => e.id}
        status={list.status}
        busy={list.isFetching}
        loadingLabel={m.listLoading}
        errorText={m.listFailed}
        emptyText={q ? m.noMatch(q) : m.noExpenses}
        minWidth={720}
        renderCard={card}
        sort={sort}
        pager={pager(total, EXPENSE_PAGE_SIZE, m.listPages)}
      />
      {del.dialog({ title: m.deleteExpense, message: (deleting) => `${expenseSummary(deleting)}. ${m.confirmDelete}`, confirmLabel: m.delete })}
    </ListPanel>
  );
}
