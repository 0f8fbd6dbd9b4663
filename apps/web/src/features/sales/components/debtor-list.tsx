import { Button, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { debtorMessages as m, debtorName, formatCount, formatKes, type Debtor } from '@kuku/domain';
import { IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '../../../lib/api-client';
import { useCan } from '../../../lib/use-can';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { showErrorToast, showSuccessToast, TOAST_AUTO_CLOSE_MS } from '../../../ui/toast';
import { UndoMessage } from '../../../ui/undo-message';
import { setSalesStatus, useSetSalesStatus } from '../api';
import classes from './debtor-list.module.css';
import { useDayText } from '../../../ui/date';

let toastCount = 0;

/** The toast after Mark paid: who paid how much, and an Undo that sets the same sales back to pending. */
function PaidToast({ text, onUndo }: { text: string; onUndo: () => Promise<void> }) {
  return <UndoMessage text={text} undoLabel={m.undo} onUndo={onUndo} />;
}

/** A buyer's name, or 'No buyer named' set apart. */
function BuyerName({ debtor }: { debtor: Debtor }) {
  return debtor.buyer === null ? <span className={`${classes.buyer} ${classes.noBuyer}`}>{m.noBuyer}</span> : <span className={classes.buyer}>{debtor.buyer}</span>;
}

interface DebtorListProps {
  debtors: Debtor[] | undefined;
  status: 'pending' | 'error' | 'success';
  busy: boolean;
}

/**
 * Who owes, a buyer a row (cards on phones), as the server grouped and ordered them. One tap
 * marks a buyer's sales paid; the toast names the buyer and the amount and offers Undo.
 */
export function DebtorList({ debtors, status, busy }: DebtorListProps) {
  const queryClient = useQueryClient();
  const mark = useSetSalesStatus();
  const canWrite = useCan('sales.write');
  const dayText = useDayText();
  const paying = mark.isPending ? mark.variables.ids : null;

  const markPaid = (debtor: Debtor) => {
    const name = debtorName(debtor.buyer);
    mark.mutate(
      { ids: debtor.sale_ids, status: 'paid' },
      {
        onSuccess: (answer) => {
          const id = `debtor-paid-${++toastCount}`;
          const undo = async () => {
            try {
              await setSalesStatus(queryClient, debtor.sale_ids, 'pending');
              notifications.hide(id);
              showSuccessToast(m.undone(name, answer.amount_cents));
            } catch (error) {
              showErrorToast(errorMessage(error, m.couldNotUndo(name)));
            }
          };
          notifications.show({
            id,
            color: 'kuku',
            title: m.markedPaidTitle,
            // Long enough to find the Undo.
            autoClose: TOAST_AUTO_CLOSE_MS * 2,
            message: <PaidToast text={m.markedPaid(name, answer.amount_cents, answer.updated)} onUndo={undo} />,
          });
        },
        onError: (error) => showErrorToast(errorMessage(error, m.couldNotMarkPaid(name))),
      },
    );
  };

  const since = (d: Debtor) => m.since(dayText(d.since), d.days);
  const button = (d: Debtor, fullWidth = false) => (
    <Button
      size="xs"
      variant="light"
      color="green"
      leftSection={<IconCheck size={16} aria-hidden />}
      loading={paying === d.sale_ids}
      fullWidth={fullWidth}
      onClick={() => markPaid(d)}
      aria-label={m.markPaidFor(debtorName(d.buyer))}
    >
      {m.markPaid}
    </Button>
  );

  const columns: DataTableColumn<Debtor>[] = [
    { id: 'buyer', header: m.buyerHeading, cell: (d) => <BuyerName debtor={d} /> },
    { id: 'sales', header: m.salesHeading, align: 'right', cell: (d) => formatCount(d.sales) },
    { id: 'owed', header: m.owedHeading, align: 'right', cell: (d) => formatKes(d.owed_cents), cellProps: () => ({ fw: 700, style: { whiteSpace: 'nowrap' } }) },
    { id: 'since', header: m.sinceHeading, cell: (d) => m.sinceDays(dayText(d.since), d.days), cellProps: () => ({ style: { whiteSpace: 'nowrap' } }) },
    ...(canWrite ? [{ id: 'actions', header: m.actionsHeading, align: 'right' as const, cell: (d: Debtor) => button(d) }] : []),
  ];

  const card = (d: Debtor) => (
    <Paper withBorder radius="md" p="sm">
      <div className={classes.cardTop}>
        <BuyerName debtor={d} />
        <span className={classes.owed}>{formatKes(d.owed_cents)}</span>
      </div>
      <p className={classes.since}>
        {m.sales(d.sales)} · {since(d)}
      </p>
      {canWrite ? <div className={classes.cardAction}>{button(d, true)}</div> : null}
    </Paper>
  );

  return (
    <DataTable
      label={m.title}
      columns={columns}
      rows={debtors}
      rowKey={(d) => d.sale_ids[0] ?? d.buyer ?? ''}
      status={status}
      busy={busy}
      loadingLabel={m.loading}
      errorText={m.failedToLoad}
      emptyText={
        <>
          <Text component="span" display="block" fw={600} c="var(--mantine-color-text)">
            {m.none}
          </Text>
          {m.noneNote}
        </>
      }
      minWidth={640}
      renderCard={card}
    />
  );
}
