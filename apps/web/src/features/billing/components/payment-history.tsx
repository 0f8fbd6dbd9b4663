import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  billingMessages as m,
  formatKes,
  formatPhone,
  PAYMENT_METHOD_LABELS,
  PAYMENT_PAGE_SIZE,
  PAYMENT_STATUS_LABELS,
  resultHint,
  type Payment,
  type PaymentSort,
  type PaymentState,
} from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { useFarmDates } from '../../../ui/date';
import { ListPanel, useListControls } from '../../../ui/list-panel';
import { FIRST_PAYMENT_PAGE, paymentListQuery } from '../api';

const BADGE_COLORS: Record<PaymentState, string> = {
  initiated: 'blue',
  pending: 'yellow',
  success: 'green',
  failed: 'red',
  cancelled: 'gray',
  timeout: 'orange',
};

export function PaymentStatusBadge({ status }: { status: PaymentState }) {
  return (
    <Badge color={BADGE_COLORS[status]} variant="light" miw="max-content">
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

const dash = (value: string | null) => (value === null || value === '' ? '—' : value);
/** The result in the farmer's words, as the payment dialog says it; the provider's own text otherwise. */
const resultText = (p: Payment) => resultHint(p.result_code) ?? p.result_description;
// A result can be a sentence: one line, the rest on hover (the provider's own text there).
const oneLine = (p: Payment) => ({
  title: p.result_description ?? undefined,
  style: { whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis', maxWidth: '14rem' } as const,
});
const nowrap = () => ({ style: { whiteSpace: 'nowrap' } as const });

/** docs/product.md §2 Billing Payment History: searched, sorted and paged by the server, newest first, 10 a page. */
export function PaymentHistory() {
  const { search, setSearch, q, sort, page, setPage } = useListControls<PaymentSort>(FIRST_PAYMENT_PAGE);
  const list = useQuery(paymentListQuery({ page, q, sort: sort.key, order: sort.order }));
  const dates = useFarmDates();

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAYMENT_PAGE_SIZE));
  const c = m.columns;

  // What a farmer looks for first (when, how much, paid or not, and why) comes first: at desktop
  // width the references may scroll sideways, the date and the result never do (decision 054).
  const columns: DataTableColumn<Payment, PaymentSort>[] = [
    { id: 'date', header: c.date, sortKey: 'date', cell: (p) => dates.dateTime(p.created_at), cellProps: nowrap },
    {
      id: 'amount',
      header: c.amount,
      sortKey: 'amount',
      align: 'right',
      cell: (p) => (
        <>
          <Text component="span" fw={700} fz="sm">
            {formatKes(p.amount_cents)}
          </Text>
          <Text component="span" display="block" fz="xs" c="dimmed">
            {PAYMENT_METHOD_LABELS[p.method]}
          </Text>
        </>
      ),
      cellProps: nowrap,
    },
    { id: 'status', header: c.status, sortKey: 'status', cell: (p) => <PaymentStatusBadge status={p.status} /> },
    { id: 'result', header: c.result, sortKey: 'result', cell: (p) => dash(resultText(p)), cellProps: oneLine },
    { id: 'mpesa_reference', header: c.mpesaReference, sortKey: 'mpesa_reference', cell: (p) => dash(p.mpesa_reference) },
    { id: 'phone', header: c.phone, sortKey: 'phone', cell: (p) => dash(formatPhone(p.phone_number)), cellProps: nowrap },
    { id: 'reference', header: c.reference, sortKey: 'reference', cell: (p) => p.reference, cellProps: nowrap },
    { id: 'payment_id', header: c.paymentId, sortKey: 'payment_id', cell: (p) => dash(p.payment_id), cellProps: () => ({ fz: 'xs', style: { overflowWrap: 'anywhere' } }) },
  ];

  const card = (p: Payment) => (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <Stack gap={0} miw={0}>
          <Text fw={700} fz="lg">
            {formatKes(p.amount_cents)}
          </Text>
          <Text fz="sm" c="dimmed">
            {PAYMENT_METHOD_LABELS[p.method]} · {dates.dateTime(p.created_at)}
          </Text>
        </Stack>
        <PaymentStatusBadge status={p.status} />
      </Group>
      <Text fz="sm" mt={6} style={{ overflowWrap: 'anywhere' }}>
        {c.reference}: {p.reference}
      </Text>
      {p.mpesa_reference ? (
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {c.mpesaReference}: {p.mpesa_reference}
        </Text>
      ) : null}
      {p.phone_number ? (
        <Text fz="sm" c="dimmed">
          {formatPhone(p.phone_number)}
        </Text>
      ) : null}
      {resultText(p) ? (
        <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {resultText(p)}
        </Text>
      ) : null}
      {p.payment_id ? (
        <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {c.paymentId}: {p.payment_id}
        </Text>
      ) : null}
    </Paper>
  );

  return (
    <ListPanel
      title={m.history}
      search={{ label: m.searchPayments, placeholder: m.searchPlaceholder, value: search, onChange: setSearch }}
    >
      <DataTable
        label={m.history}
        columns={columns}
        rows={list.data?.items}
        rowKey={(p) => p.id}
        status={list.status}
        busy={list.isFetching}
        loadingLabel={m.historyLoading}
        errorText={m.couldNotFetch}
        emptyText={m.noPayments}
        minWidth={980}
        renderCard={card}
        sort={sort}
      />
      {total > 0 ? (
        // docs/product.md §2: Previous/Next with 'Page X of Y'.
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Button variant="default" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {m.previous}
          </Button>
          <Text fz="sm" aria-live="polite">
            {m.pageOf.replace('{page}', String(page)).replace('{pages}', String(pages))}
          </Text>
          <Button variant="default" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {m.next}
          </Button>
        </Group>
      ) : null}
    </ListPanel>
  );
}
